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
    /// The replica's place in the run: its name and network address.
    public let id: ReplicaID
    /// Whose change sets this replica's local saves are: `id`, until a wipe
    /// brings the replica back as a new origin (its earlier change sets may
    /// still circulate under the old one).
    public private(set) var origin: ReplicaID
    public let strategy: any Strategy
    public private(set) var context: StrategyContext
    /// Change sets held, applied or not, per origin.
    public private(set) var held: VersionVector
    /// Change sets applied, per origin: always a prefix of `held`.
    public private(set) var applied: VersionVector
    public private(set) var counters = ReplicaCounters()
    /// Remote change sets applied since the invariant checker last looked,
    /// in the order they were applied; kept only when `journalsApplies`.
    private(set) var appliedJournal: [ChangeSet] = []
    private let journalsApplies: Bool

    private var log: [[ChangeSet]]
    /// Per origin: the store's commit count when its next change set was
    /// last refused. The same state gives the same answer, so it is not
    /// retried until the store changes.
    private var refusedAtCommit: [Int?]
    private var lastRefusedSeq: [UInt32]
    private let seed: UInt64

    public init(id: ReplicaID, replicaCount: Int, strategy: any Strategy, store: any Store, clock: PhysicalClock, seed: UInt64,
                journalsApplies: Bool = false) {
        precondition(store.enforcesUniqueness == strategy.enforcesUniqueness, "store and strategy disagree on uniqueness")
        self.id = id
        self.journalsApplies = journalsApplies
        self.origin = id
        self.strategy = strategy
        self.seed = seed
        self.context = Replica.context(origin: id, strategy: strategy, store: store, clock: clock, seed: seed)
        held = VersionVector(replicaCount: replicaCount)
        applied = VersionVector(replicaCount: replicaCount)
        log = Array(repeating: [], count: replicaCount)
        refusedAtCommit = Array(repeating: nil, count: replicaCount)
        lastRefusedSeq = Array(repeating: 0, count: replicaCount)
    }

    private static func context(origin: ReplicaID, strategy: any Strategy, store: any Store, clock: PhysicalClock, seed: UInt64) -> StrategyContext {
        StrategyContext(
            replica: origin,
            store: store,
            clock: ReplicaClock(kind: strategy.clockKind, replica: origin, physical: clock),
            ids: Xoshiro256StarStar(seed: seed, stream: "ids.\(origin)"))
    }

    /// A crash: change sets received but not yet applied were only in
    /// memory and are gone (they will come again). The store and the
    /// applied log were committed and survive. Returns how many held
    /// change sets were lost.
    public mutating func crash() -> Int {
        var lost = 0
        for index in log.indices where index != origin.index {
            // Read through the subscript: the log may name origins the
            // applied vector has not grown to yet.
            let keep = applied[ReplicaID(index)]
            lost += log[index].count - Int(keep)
            log[index].removeSubrange(Int(keep)...)
            held[ReplicaID(index)] = keep
            refusedAtCommit[index] = nil
        }
        return lost
    }

    /// A crash that also loses the store (the app was reinstalled): the
    /// replica comes back empty, holding nothing, as `newOrigin`. Returns
    /// how many held change sets were lost.
    public mutating func wipe(emptyStore: any Store, newOrigin: ReplicaID) -> Int {
        precondition(newOrigin.index >= log.count, "a new origin must be one no replica has used")
        let lost = held.total
        let width = newOrigin.index + 1
        context = Replica.context(origin: newOrigin, strategy: strategy, store: emptyStore, clock: context.clock.physical, seed: seed)
        origin = newOrigin
        held = VersionVector(replicaCount: width)
        applied = VersionVector(replicaCount: width)
        log = Array(repeating: [], count: width)
        refusedAtCommit = Array(repeating: nil, count: width)
        lastRefusedSeq = Array(repeating: 0, count: width)
        appliedJournal = []
        return lost
    }

    /// Makes room for change sets of origins this replica has not seen.
    private mutating func ensureOrigin(_ index: Int) {
        guard index >= log.count else { return }
        let extra = index + 1 - log.count
        log += Array(repeating: [], count: extra)
        refusedAtCommit += Array(repeating: nil, count: extra)
        lastRefusedSeq += Array(repeating: 0, count: extra)
    }

    public var store: any Store { context.store }

    /// Change sets held but not applied: refused, or waiting behind one.
    public var pendingCount: Int { held.total - applied.total }

    /// True when some held change set could be applied now: its turn has
    /// come, its dependencies are applied, and it was not refused by the
    /// store as it is (the same state gives the same answer). The next
    /// sync round would apply or retry it, so sync is not finished.
    public var hasApplicableWork: Bool {
        for origin in log.indices where origin != self.origin.index && applied[ReplicaID(origin)] < held[ReplicaID(origin)] {
            if let refused = refusedAtCommit[origin], refused == context.store.commitCount { continue }
            if dependenciesMet(log[origin][Int(applied[ReplicaID(origin)])]) { return true }
        }
        return false
    }

    /// Change sets in the log of `origin`: always `held[origin]`.
    func logCount(of origin: ReplicaID) -> Int {
        origin.index < log.count ? log[origin.index].count : 0
    }

    /// Hands the invariant checker the change sets applied since it last
    /// looked.
    mutating func takeAppliedJournal() -> [ChangeSet] {
        defer { appliedJournal = [] }
        return appliedJournal
    }

    /// Origins whose next change set is currently refused.
    public var refusedHeadCount: Int {
        refusedAtCommit.indices.filter { refusedAtCommit[$0] != nil && applied[ReplicaID($0)] < held[ReplicaID($0)] }.count
    }

    /// Runs one application intent, fetch and save back to back; a
    /// successful save with changes becomes a new change set of this
    /// replica, and a refused one is counted.
    public mutating func perform(_ intent: Intent, atMicros now: Int64) -> (IntentOutcome, ChangeSet?) {
        let result = save(intent, fetched: fetch(intent), atMicros: now)
        if case .rejected = result.0 { countRefusedLocalSave() }
        return result
    }

    /// The fetch step of an intent: what the application reads.
    public func fetch(_ intent: Intent) -> Fetched {
        strategy.fetch(intent, in: context)
    }

    /// A fetch by natural key of every record the intent addresses, whatever
    /// the strategy's own fetch does: what an app runs after a failed save.
    public func fetchByKey(_ intent: Intent) -> Fetched {
        context.fetchAddressed(intent)
    }

    /// The save step of an intent, from an earlier fetch; a successful save
    /// with changes becomes a new change set. A refusal is not counted here:
    /// a writer that retries may still succeed.
    public mutating func save(_ intent: Intent, fetched: Fetched, atMicros now: Int64) -> (IntentOutcome, ChangeSet?) {
        context.nowMicros = now
        let outcome = strategy.save(intent, fetched: fetched, in: &context)
        if case .saved(let changes) = outcome, !changes.isEmpty {
            return (outcome, appendLocal(changes, atMicros: now))
        }
        return (outcome, nil)
    }

    /// After writers committed through their own connections.
    mutating func reloadStoreAfterOtherConnections() {
        context.store.reloadAfterOtherConnections()
    }

    /// Puts back the state that concurrent writers used and changed.
    mutating func replaceContext(_ newContext: StrategyContext) {
        context = newContext
    }

    /// Makes a change set of changes already committed to the store (by a
    /// concurrent writer).
    mutating func commitLocalChanges(_ changes: [Record], atMicros now: Int64) -> ChangeSet {
        appendLocal(changes, atMicros: now)
    }

    /// A local save the application saw fail for good.
    public mutating func countRefusedLocalSave() {
        counters.rejectedLocalSaves += 1
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
        for changeSet in changeSets where changeSet.origin != origin && changeSet.seq == held[changeSet.origin] + 1 {
            ensureOrigin(changeSet.origin.index)
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
            for origin in log.indices where origin != self.origin.index {
                while applied[ReplicaID(origin)] < held[ReplicaID(origin)] {
                    if let refused = refusedAtCommit[origin], refused == context.store.commitCount { break }
                    let changeSet = log[origin][Int(applied[ReplicaID(origin)])]
                    guard dependenciesMet(changeSet) else { break }
                    context.observeStamps(of: changeSet)
                    switch strategy.applyRemote(changeSet, in: &context) {
                    case .applied(let missed):
                        applied[changeSet.origin] = changeSet.seq
                        if journalsApplies { appliedJournal.append(changeSet) }
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
    /// lacks, oldest first per origin. With `appliedOnly`, only those it
    /// applied: a hub forwards what it accepted, never what it refused.
    public func changeSets(missingFrom peerHeld: VersionVector, appliedOnly: Bool = false) -> [ChangeSet] {
        let offered = appliedOnly ? applied : held
        var missing: [ChangeSet] = []
        for index in log.indices {
            let origin = ReplicaID(index)
            guard offered[origin] > peerHeld[origin] else { continue }
            missing += log[index][Int(peerHeld[origin]) ..< Int(offered[origin])]
        }
        return missing
    }

    private func dependenciesMet(_ changeSet: ChangeSet) -> Bool {
        for (index, needed) in changeSet.dependencies.counts.enumerated() where needed > applied[ReplicaID(index)] {
            return false
        }
        return true
    }

    private mutating func appendLocal(_ changes: [Record], atMicros now: Int64) -> ChangeSet {
        let seq = held[origin] + 1
        var dependencies = applied
        dependencies[origin] = seq - 1
        let changeSet = ChangeSet(origin: origin, seq: seq, dependencies: dependencies, changes: changes, committedAtMicros: now)
        ensureOrigin(origin.index)
        log[origin.index].append(changeSet)
        held[origin] = seq
        applied[origin] = seq
        return changeSet
    }
}
