import SyncModel

/// The peer engine's answer to "can sync still change anything?", read from
/// the protocol's own state (version vectors and logs), never from time.
///
/// The peer engine is settled when no replica can apply a change set it
/// holds (``PeerLog/hasApplicableWork(storeCommit:)``) and no anti-entropy exchange
/// between two replicas that sync with each other would move a change set:
/// each side already holds everything the other would offer. A hub offers
/// only what it applied (it never forwards a change set its store refused),
/// so a refused change set counts as received: it cannot travel further.
///
/// Devices whose app has sync off (``SyncEngine/setSyncEnabled(_:on:)``)
/// take no part: they chose not to sync, so nothing is owed to or by them.
///
/// Reachability is not consulted. A pair that would still exchange
/// something but is cut off (a partition that never heals, a crashed
/// replica, a dead network) keeps the run going to `until`, where it
/// reports `quiesced: false`: the figures are not final.
public enum PeerQuiescence {
    static func isSettled(_ replicas: [PeerLog], nodes: [ReplicaNode], hub: ReplicaID?, syncing: [Bool]) -> Bool {
        // The exchange check first: while sync is under way it fails at the
        // first replica that lacks something, where the scan for work to
        // apply would visit every replica.
        guard hub == nil else { return pairsSettled(replicas, hub: hub, syncing: syncing) && !hasApplicableWork(replicas, nodes: nodes) }
        // In a mesh every pair syncs, so every pair is settled exactly when
        // each replica holds, of every origin but its own, as many change
        // sets as the replica holding most: O(replicas × origins), where
        // checking each pair would cost O(replicas² × origins).
        let syncingReplicas = replicas.filter { syncing[$0.id.index] }
        let width = syncingReplicas.map(\.held.originCount).max() ?? 0
        var most = [UInt32](repeating: 0, count: width)
        for replica in syncingReplicas {
            for index in 0 ..< replica.held.originCount { most[index] = max(most[index], replica.held[ReplicaID(index)]) }
        }
        let exchangesSettled = syncingReplicas.allSatisfy { replica in
            (0 ..< width).allSatisfy { ReplicaID($0) == replica.origin || replica.held[ReplicaID($0)] >= most[$0] }
        }
        return exchangesSettled && !hasApplicableWork(replicas, nodes: nodes)
    }

    /// The definition itself: no pair that syncs would move a change set.
    /// The hub topology is checked this way (its pairs are few); for a mesh
    /// it is the reference the invariant checker holds the fast path to.
    static func pairsSettled(_ replicas: [PeerLog], hub: ReplicaID?, syncing: [Bool]) -> Bool {
        syncPairs(replicaCount: replicas.count, hub: hub).filter { syncing[$0.0] && syncing[$0.1] }.allSatisfy { a, b in
            !wouldTransfer(from: replicas[a], to: replicas[b], hub: hub) && !wouldTransfer(from: replicas[b], to: replicas[a], hub: hub)
        }
    }

    /// True when `message` carries a change set `receiver` lacks and would
    /// keep: only such a message, in flight, can still change a replica.
    static func carriesNews(_ message: PeerMessage, to receiver: PeerLog) -> Bool {
        switch message {
        case .request: return false
        case .reply(let changeSets, _), .push(let changeSets):
            return changeSets.contains { $0.origin != receiver.origin && $0.seq > receiver.held[$0.origin] }
        }
    }

    /// The pairs of replicas that run anti-entropy with each other: each
    /// client with the hub, or every pair of a mesh (any peer can be drawn).
    static func syncPairs(replicaCount: Int, hub: ReplicaID?) -> [(Int, Int)] {
        if let hub {
            return (0 ..< replicaCount).filter { $0 != hub.index }.map { ($0, hub.index) }
        }
        return (0 ..< replicaCount).flatMap { a in (a + 1 ..< replicaCount).map { b in (a, b) } }
    }

    /// True when `sender` would offer `receiver` a change set it lacks and
    /// would keep (``PeerLog/receive(_:)`` ignores a replica's own origin).
    static func wouldTransfer(from sender: PeerLog, to receiver: PeerLog, hub: ReplicaID?) -> Bool {
        let offered = sender.id == hub ? sender.applied : sender.held
        for index in 0 ..< offered.originCount {
            let origin = ReplicaID(index)
            if origin != receiver.origin && offered[origin] > receiver.held[origin] { return true }
        }
        return false
    }

    /// True when some device could apply a change set it holds.
    static func hasApplicableWork(_ replicas: [PeerLog], nodes: [ReplicaNode]) -> Bool {
        replicas.indices.contains { replicas[$0].hasApplicableWork(storeCommit: nodes[$0].store.commitCount) }
    }
}
