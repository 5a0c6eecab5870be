import SyncModel
import SyncStore

/// One device's app: its store, its strategy and its clock, whatever sync
/// engine carries its changes.
///
/// A state machine: each mutating method takes one input (an intent, a
/// remote change to apply, a dedupe pass) and returns what happened. It
/// never sends, schedules or draws randomness, beyond the record ids its
/// strategy makes. What its local saves become on the wire is the sync
/// engine's business (``SyncEngine/committed(_:on:nodes:atMicros:)``).
public struct ReplicaNode {
    /// The replica's place in the run: its name and network address.
    public let id: ReplicaID
    /// The strategy the app runs.
    public let strategy: any Strategy
    /// Store, clock and id generator, as the strategy sees them.
    public private(set) var context: StrategyContext
    /// What the replica refused or could not apply.
    public internal(set) var counters = ReplicaCounters()
    private let seed: UInt64
    private var app: AppSettings
    /// Where ``applyRemote(_:atMicros:)`` reports what it applied: the
    /// meter the node was made under (a benchmark's), usually none.
    private let meter = RemoteApplyMeter.current

    /// `app`: the scenario's settings for the app (``AppSettings``).
    public init(id: ReplicaID, strategy: any Strategy, store: any Store, clock: PhysicalClock, seed: UInt64,
                app: AppSettings = AppSettings()) {
        precondition(store.enforcesUniqueness == (strategy.enforcesUniqueness && app.declaresUniqueKeys),
                     "store and strategy disagree on uniqueness")
        self.id = id
        self.strategy = strategy
        self.seed = seed
        self.app = app
        context = Self.context(origin: id, strategy: strategy, store: store, clock: clock, seed: seed, app: app)
    }

    private static func context(origin: ReplicaID, strategy: any Strategy, store: any Store, clock: PhysicalClock,
                                seed: UInt64, app: AppSettings) -> StrategyContext {
        var context = StrategyContext(
            replica: origin,
            store: store,
            clock: ReplicaClock(kind: strategy.clockKind, replica: origin, physical: clock),
            ids: Xoshiro256StarStar(seed: seed, stream: "ids.\(origin)"))
        context.app = app
        context.fetchFilter = strategy.fetchFilter
        return context
    }

    /// The device's store.
    public var store: any Store { context.store }

    /// What the store's commits touched since the last call; nil when it
    /// keeps no journal (``Store/takeJournal()``).
    mutating func takeJournal() -> StoreJournal? {
        context.store.takeJournal()
    }

    /// Whose writes this node's stamps and ids are: `id`, until a wipe brings
    /// the device back as a new origin.
    public var origin: ReplicaID { context.replica }

    /// The app was deleted and installed again: an empty store, a new
    /// origin for stamps and ids, the same physical clock.
    public mutating func wipe(emptyStore: any Store, newOrigin: ReplicaID) {
        context = Self.context(origin: newOrigin, strategy: strategy, store: emptyStore, clock: context.clock.physical, seed: seed,
                               app: app)
    }

    /// Migrates the store to an app version that declares the unique keys.
    /// With `dedupingFirst`, a custom stage first removes duplicates the
    /// way Apple's dedupe sample does (seed 004's `willMigrate`) and its
    /// changes are returned, to sync; then a strategy whose store enforces
    /// the keys gets its constraints. Throws, leaving the app on the old
    /// version, when the store holds duplicates it cannot constrain.
    public mutating func migrateDeclaringUniqueKeys(dedupingFirst: Bool, atMicros now: Int64) throws(StoreError) -> [Record] {
        context.nowMicros = now
        var changes: [Record] = []
        if dedupingFirst {
            context.app.declaresUniqueKeys = true
            changes = DedupeStrategy(variant: .apple).dedupePass(in: &context)
            context.app.declaresUniqueKeys = app.declaresUniqueKeys
        }
        if strategy.enforcesUniqueness { try context.store.addUniqueConstraints() }
        declareUniqueKeys()
        return changes
    }

    /// The app now runs a version that declares the unique keys: after a
    /// migration, or before a reset's new, empty store (the next ``wipe``
    /// opens it with the constraints).
    public mutating func declareUniqueKeys() {
        app.declaresUniqueKeys = true
        context.app.declaresUniqueKeys = true
    }

    /// Runs one application intent, fetch and save back to back; a refused
    /// save is counted.
    public mutating func perform(_ intent: Intent, atMicros now: Int64) -> IntentOutcome {
        let outcome = save(intent, fetched: fetch(intent), atMicros: now)
        switch outcome {
        case .rejected: countRefusedLocalSave()
        case .missed: counters.missedIntents += 1
        case .saved: break
        }
        return outcome
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

    /// The save step of an intent, from an earlier fetch. A refusal is not
    /// counted here: a writer that retries may still succeed.
    public mutating func save(_ intent: Intent, fetched: Fetched, atMicros now: Int64) -> IntentOutcome {
        context.nowMicros = now
        return strategy.save(intent, fetched: fetched, in: &context)
    }

    /// A local save the application saw fail for good.
    public mutating func countRefusedLocalSave() {
        counters.rejectedLocalSaves += 1
    }

    /// Runs the strategy's dedupe pass; returns the changes it committed.
    public mutating func runDedupePass(atMicros now: Int64) -> [Record] {
        context.nowMicros = now
        return strategy.dedupePass(in: &context)
    }

    /// The sync engine reports a successful export or import (what
    /// `dedupe:deferred` waits for before it deletes a marked loser).
    /// True when a loser waiting for them is now due: the app runs a pass.
    public mutating func syncSucceeded(exported: Bool, atMicros now: Int64) -> Bool {
        if exported { context.lastExportMicros = now } else { context.lastImportMicros = now }
        guard let marked = context.marksAwaitingSyncSinceMicros, let synced = context.syncedSinceMicros else { return false }
        return marked < synced
    }

    /// The delete rules applied after an import (`deleteRulesOnImport`):
    /// the changes committed, to replicate.
    public mutating func applyDeleteRulesAfterImport(atMicros now: Int64) -> [Record] {
        context.nowMicros = now
        return context.applyDeleteRulesAfterImport()
    }

    /// Applies one remote change set through the strategy, whole or not at
    /// all; the node's clock observes its stamps first.
    public mutating func applyRemote(_ changeSet: ChangeSet, atMicros now: Int64) -> RemoteOutcome {
        let meterStart = meter?.started()
        context.nowMicros = now
        context.observeStamps(of: changeSet)
        let outcome = strategy.applyRemote(changeSet, in: &context)
        if case .applied(let missed) = outcome {
            counters.appliedChangeSets += 1
            counters.missedChanges += missed
        }
        meter?.count(changeSet, outcome: outcome, start: meterStart)
        return outcome
    }

    /// Makes the stored copy of `record.id` exactly `record`, as a device
    /// that fetched a server record replaces its local copy; the node's
    /// clock observes its stamps first. False when the store refused it (a
    /// unique index): nothing was written.
    public mutating func replaceRemote(_ record: Record, atMicros now: Int64) -> Bool {
        context.nowMicros = now
        if let stamp = record.maxStamp { context.clock.observe(stamp, atTrueMicros: now) }
        do {
            try context.store.commit(Transaction([.replace(record)]))
            return true
        } catch {
            return false
        }
    }

    /// A stamp from the device's clock now: what a stack that re-stamps a
    /// row when it merges a server record writes (SQLiteData's after-update
    /// trigger, ``CloudKitConflict/Policy/pendingColumns``).
    public mutating func stamp(atMicros now: Int64) -> Timestamp {
        context.nowMicros = now
        return context.stamp()
    }

    /// After writers committed through their own connections.
    mutating func reloadStoreAfterOtherConnections() {
        context.store.reloadAfterOtherConnections()
    }

    /// Puts back the state that concurrent writers used and changed.
    mutating func replaceContext(_ newContext: StrategyContext) {
        context = newContext
    }
}
