import SyncModel
import SyncStore

/// One device on the peer engine, alone: its app (``ReplicaNode``) and its
/// op-log (``PeerLog``) together, so that a test can drive a device by hand
/// (save, receive, apply) without a run around it. The engine keeps the
/// two apart: the kernel owns nodes, the engine owns logs.
public struct PeerReplica {
    /// The device's app and store.
    public private(set) var node: ReplicaNode
    /// The device's op-log.
    public internal(set) var log: PeerLog

    /// A device with an empty log, its app seeded by `seed`.
    public init(id: ReplicaID, replicaCount: Int, strategy: any Strategy, store: any Store, clock: PhysicalClock, seed: UInt64,
                journalsApplies: Bool = false) {
        node = ReplicaNode(id: id, strategy: strategy, store: store, clock: clock, seed: seed)
        log = PeerLog(id: id, replicaCount: replicaCount, journalsApplies: journalsApplies)
    }

    /// The device's replica.
    public var id: ReplicaID { node.id }
    /// Whose change sets the device's local saves are (``PeerLog/origin``).
    public var origin: ReplicaID { log.origin }
    /// The strategy the device's app runs.
    public var strategy: any Strategy { node.strategy }
    /// What the strategy may touch on the device.
    public var context: StrategyContext { node.context }
    /// The device's store.
    public var store: any Store { node.store }
    /// What the device's app did.
    public var counters: ReplicaCounters { node.counters }
    /// Change sets held, applied or not, per origin.
    public var held: VersionVector { log.held }
    /// Change sets applied, per origin.
    public var applied: VersionVector { log.applied }
    /// Change sets held but not applied.
    public var pendingCount: Int { log.pendingCount }
    /// Origins whose next change set is currently refused.
    public var refusedHeadCount: Int { log.refusedHeadCount }
    /// True when some held change set could be applied to the store as it is now.
    public var hasApplicableWork: Bool { log.hasApplicableWork(storeCommit: node.store.commitCount) }

    /// Runs one intent; a save with changes becomes a change set.
    public mutating func perform(_ intent: Intent, atMicros now: Int64) -> (IntentOutcome, ChangeSet?) {
        let outcome = node.perform(intent, atMicros: now)
        return (outcome, committed(outcome, atMicros: now))
    }

    /// The fetch step of an intent.
    public func fetch(_ intent: Intent) -> Fetched { node.fetch(intent) }

    /// The save step of an intent; a save with changes becomes a change set.
    public mutating func save(_ intent: Intent, fetched: Fetched, atMicros now: Int64) -> (IntentOutcome, ChangeSet?) {
        let outcome = node.save(intent, fetched: fetched, atMicros: now)
        return (outcome, committed(outcome, atMicros: now))
    }

    /// Runs the strategy's dedupe pass; its changes, if any, become a change set.
    public mutating func runDedupePass(atMicros now: Int64) -> ChangeSet? {
        let changes = node.runDedupePass(atMicros: now)
        return changes.isEmpty ? nil : log.appendLocal(changes, atMicros: now)
    }

    /// Holds the change sets that extend the log; returns how many were new.
    public mutating func receive(_ changeSets: [ChangeSet]) -> Int { log.receive(changeSets) }

    /// Applies every held change set whose turn has come; returns how many were applied.
    public mutating func applyHeld(atMicros now: Int64) -> Int { log.applyHeld(to: &node, atMicros: now) }

    /// The change sets a peer holding `peerHeld` lacks; with `appliedOnly`, only those applied here.
    public func changeSets(missingFrom peerHeld: VersionVector, appliedOnly: Bool = false) -> [ChangeSet] {
        log.changeSets(missingFrom: peerHeld, appliedOnly: appliedOnly)
    }

    /// Loses the change sets held but not applied; returns how many.
    public mutating func crash() -> Int { log.crash() }

    /// The app is reinstalled: an empty store and log, writes as `newOrigin`. Returns how many held change sets were
    /// lost.
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
