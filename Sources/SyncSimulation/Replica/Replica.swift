import SyncModel
import SyncStore

/// One replica: a store, a strategy, and the log of change sets it holds.
///
/// A state machine: each mutating method takes one input (an intent, some
/// received change sets, a pass) and returns what happened. It never sends,
/// sleeps or draws randomness itself, beyond the ids its strategy makes.
///
/// Change sets are held per origin, contiguous from seq 1, and applied in
/// causal order: a change set waits until its origin's earlier ones and its
/// dependencies are applied. One that is refused stays held and blocks its
/// origin's later ones; it is tried again whenever the store has changed.
public struct Replica {
    public let id: ReplicaID
    public let strategy: any Strategy
    public private(set) var context: StrategyContext
    /// Change sets held, applied or not, per origin.
    public private(set) var held: VersionVector
    /// Change sets applied, per origin: always a prefix of `held`.
    public private(set) var applied: VersionVector
    public private(set) var counters = ReplicaCounters()

    private var log: [[ChangeSet]]
    /// Per origin: the store's commit count when its next change set was
    /// last refused. The same state gives the same answer, so it is not
    /// retried until the store changes.
    private var refusedAtCommit: [Int?]
    private var lastRefusedSeq: [UInt32]

    public init(id: ReplicaID, replicaCount: Int, strategy: any Strategy, store: any Store, clock: PhysicalClock, seed: UInt64) {
        precondition(store.enforcesUniqueness == strategy.enforcesUniqueness, "store and strategy disagree on uniqueness")
        self.id = id
        self.strategy = strategy
        self.context = StrategyContext(
            replica: id,
            store: store,
            clock: ReplicaClock(kind: strategy.clockKind, replica: id, physical: clock),
            ids: Xoshiro256StarStar(seed: seed, stream: "ids.\(id)"))
        held = VersionVector(replicaCount: replicaCount)
        applied = VersionVector(replicaCount: replicaCount)
        log = Array(repeating: [], count: replicaCount)
        refusedAtCommit = Array(repeating: nil, count: replicaCount)
        lastRefusedSeq = Array(repeating: 0, count: replicaCount)
    }

    public var store: any Store { context.store }

    /// Change sets held but not applied: refused, or waiting behind one.
    public var pendingCount: Int { held.total - applied.total }

    /// Origins whose next change set is currently refused.
    public var refusedHeadCount: Int {
        refusedAtCommit.indices.filter { refusedAtCommit[$0] != nil && applied.counts[$0] < held.counts[$0] }.count
    }

    /// Runs one application intent; a successful save with changes becomes
    /// a new change set of this replica.
    public mutating func perform(_ intent: Intent, atMicros now: Int64) -> (IntentOutcome, ChangeSet?) {
        context.nowMicros = now
        let outcome = strategy.perform(intent, in: &context)
        var changeSet: ChangeSet?
        switch outcome {
        case .saved(let changes) where !changes.isEmpty:
            changeSet = appendLocal(changes, atMicros: now)
        case .rejected:
            counters.rejectedLocalSaves += 1
        case .saved, .missed:
            break
        }
        return (outcome, changeSet)
    }

    /// Runs the strategy's dedupe pass; its changes, if any, become a new
    /// change set of this replica.
    public mutating func runDedupePass(atMicros now: Int64) -> ChangeSet? {
        context.nowMicros = now
        let changes = strategy.dedupePass(in: &context)
        return changes.isEmpty ? nil : appendLocal(changes, atMicros: now)
    }

    /// Holds the change sets that extend this replica's log; ignores the
    /// rest (already held, or a gap a later round will fill). Returns how
    /// many were new.
    public mutating func receive(_ changeSets: [ChangeSet]) -> Int {
        var added = 0
        for changeSet in changeSets where changeSet.origin != id && changeSet.seq == held[changeSet.origin] + 1 {
            log[changeSet.origin.index].append(changeSet)
            held[changeSet.origin] = changeSet.seq
            added += 1
        }
        return added
    }

    /// Applies every held change set whose turn has come, until none can
    /// move. Returns how many were applied.
    public mutating func applyHeld(atMicros now: Int64) -> Int {
        context.nowMicros = now
        var appliedNow = 0
        var progress = true
        while progress {
            progress = false
            for origin in log.indices where origin != id.index {
                while applied.counts[origin] < held.counts[origin] {
                    if let refused = refusedAtCommit[origin], refused == context.store.commitCount { break }
                    let changeSet = log[origin][Int(applied.counts[origin])]
                    guard dependenciesMet(changeSet) else { break }
                    context.observeStamps(of: changeSet)
                    switch strategy.applyRemote(changeSet, in: &context) {
                    case .applied(let missed):
                        applied[changeSet.origin] = changeSet.seq
                        refusedAtCommit[origin] = nil
                        counters.appliedChangeSets += 1
                        counters.missedChanges += missed
                        appliedNow += 1
                        progress = true
                    case .rejected:
                        if lastRefusedSeq[origin] != changeSet.seq {
                            lastRefusedSeq[origin] = changeSet.seq
                            counters.rejectedChangeSets += 1
                        }
                        refusedAtCommit[origin] = context.store.commitCount
                    }
                    if refusedAtCommit[origin] != nil { break }
                }
            }
        }
        return appliedNow
    }

    /// The change sets this replica holds that a peer holding `peerHeld`
    /// lacks, oldest first per origin.
    public func changeSets(missingFrom peerHeld: VersionVector) -> [ChangeSet] {
        var missing: [ChangeSet] = []
        for origin in log.indices where held.counts[origin] > peerHeld.counts[origin] {
            missing += log[origin][Int(peerHeld.counts[origin]) ..< Int(held.counts[origin])]
        }
        return missing
    }

    private func dependenciesMet(_ changeSet: ChangeSet) -> Bool {
        for (index, needed) in changeSet.dependencies.counts.enumerated() where needed > applied.counts[index] {
            return false
        }
        return true
    }

    private mutating func appendLocal(_ changes: [Record], atMicros now: Int64) -> ChangeSet {
        let seq = held[id] + 1
        var dependencies = applied
        dependencies[id] = seq - 1
        let changeSet = ChangeSet(origin: id, seq: seq, dependencies: dependencies, changes: changes, committedAtMicros: now)
        log[id.index].append(changeSet)
        held[id] = seq
        applied[id] = seq
        return changeSet
    }
}
