import SyncModel
import SyncStore

/// One device on the peer engine, alone: its app (``ReplicaNode``) and its
/// op-log (``PeerLog``) together, so that a test can drive a device by hand
/// (save, receive, apply) without a run around it. The engine keeps the
/// two apart: the kernel owns nodes, the engine owns logs.
public struct PeerReplica {
    public private(set) var node: ReplicaNode
    public internal(set) var log: PeerLog

    public init(id: ReplicaID, replicaCount: Int, strategy: any Strategy, store: any Store, clock: PhysicalClock, seed: UInt64,
                journalsApplies: Bool = false) {
        node = ReplicaNode(id: id, strategy: strategy, store: store, clock: clock, seed: seed)
        log = PeerLog(id: id, replicaCount: replicaCount, journalsApplies: journalsApplies)
    }

    public var id: ReplicaID { node.id }
    public var origin: ReplicaID { log.origin }
    public var strategy: any Strategy { node.strategy }
    public var context: StrategyContext { node.context }
    public var store: any Store { node.store }
    public var counters: ReplicaCounters { node.counters }
    public var held: VersionVector { log.held }
    public var applied: VersionVector { log.applied }
    public var pendingCount: Int { log.pendingCount }
    public var refusedHeadCount: Int { log.refusedHeadCount }
    public var hasApplicableWork: Bool { log.hasApplicableWork(storeCommit: node.store.commitCount) }

    /// Runs one intent; a save with changes becomes a change set.
    public mutating func perform(_ intent: Intent, atMicros now: Int64) -> (IntentOutcome, ChangeSet?) {
        let outcome = node.perform(intent, atMicros: now)
        return (outcome, committed(outcome, atMicros: now))
    }

    public func fetch(_ intent: Intent) -> Fetched { node.fetch(intent) }

    /// The save step of an intent; a save with changes becomes a change set.
    public mutating func save(_ intent: Intent, fetched: Fetched, atMicros now: Int64) -> (IntentOutcome, ChangeSet?) {
        let outcome = node.save(intent, fetched: fetched, atMicros: now)
        return (outcome, committed(outcome, atMicros: now))
    }

    public mutating func runDedupePass(atMicros now: Int64) -> ChangeSet? {
        let changes = node.runDedupePass(atMicros: now)
        return changes.isEmpty ? nil : log.appendLocal(changes, atMicros: now)
    }

    public mutating func receive(_ changeSets: [ChangeSet]) -> Int { log.receive(changeSets) }

    public mutating func applyHeld(atMicros now: Int64) -> Int { log.applyHeld(to: &node, atMicros: now) }

    public func changeSets(missingFrom peerHeld: VersionVector, appliedOnly: Bool = false) -> [ChangeSet] {
        log.changeSets(missingFrom: peerHeld, appliedOnly: appliedOnly)
    }

    public mutating func crash() -> Int { log.crash() }

    public mutating func wipe(emptyStore: any Store, newOrigin: ReplicaID) -> Int {
        node.wipe(emptyStore: emptyStore, newOrigin: newOrigin)
        return log.wipe(newOrigin: newOrigin)
    }

    mutating func takeAppliedJournal() -> [ChangeSet] { log.takeAppliedJournal() }

    private mutating func committed(_ outcome: IntentOutcome, atMicros now: Int64) -> ChangeSet? {
        guard case .saved(let changes) = outcome, !changes.isEmpty else { return nil }
        return log.appendLocal(changes, atMicros: now)
    }
}
