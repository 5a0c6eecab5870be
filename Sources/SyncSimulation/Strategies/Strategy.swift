import SyncModel
import SyncStore

/// How a replica turns application intents and incoming change sets into
/// store writes: one type per strategy, all behind this protocol, so adding
/// a strategy touches no other.
///
/// A local intent runs as the application would run it, in two steps: a
/// fetch (what the app reads by natural key) and a save (the writes it
/// builds from what it read, committed in one transaction). Run back to
/// back they are atomic; with several writers at once, other tasks' steps
/// can fall between them, and a save may act on a stale fetch: the
/// check-then-insert race.
///
/// A strategy is a pure state machine over the context it is given: no
/// clock, network or randomness of its own.
public protocol Strategy: Sendable {
    /// The name a user types: `unique:objectTrump`, `lww`, `crdt`, …
    var name: String { get }
    /// Which clock stamps this strategy's writes.
    var clockKind: StampClockKind { get }
    /// True when the store enforces unique keys (a `UNIQUE` index).
    var enforcesUniqueness: Bool { get }
    /// True when a dedupe pass must run, as its own step, after remote
    /// changes are saved.
    var runsDedupePass: Bool { get }
    /// True when the strategy promises that replicas converge once every
    /// fault is over and every change set has reached every replica (the
    /// liveness promise `simulate explore` checks). A strict unique
    /// constraint promises no such thing: a refused change set stays refused.
    var promisesConvergence: Bool { get }
    /// True when the strategy's records must travel as the CRDTs they are
    /// (`crdt`), through an engine with a server: two versions of a record
    /// are resolved by their join (``Record/merged(with:)``) whatever the
    /// engine's conflict policy, and a delete travels as the record's
    /// tombstone, never as the removal of the record (an observed-remove
    /// delete removes only the creations its writer saw; removing the
    /// record would remove creations made elsewhere too). False: the
    /// engine's conflict policy applies and a delete removes the
    /// `CKRecord`, as NSPersistentCloudKitContainer and Apple's CKSyncEngine
    /// sample do.
    var syncsRecordsAsCRDTs: Bool { get }
    /// Records the app's fetches leave out (``FetchFilter``); nil: it shows
    /// every live record.
    var fetchFilter: FetchFilter? { get }

    /// The application's read before it writes.
    func fetch(_ intent: Intent, in context: StrategyContext) -> Fetched
    /// The application's write, from what it fetched (possibly stale by
    /// now); on success the returned changes are what gets replicated.
    func save(_ intent: Intent, fetched: Fetched, in context: inout StrategyContext) -> IntentOutcome
    /// Applies a change set from another replica, whole or not at all.
    func applyRemote(_ changeSet: ChangeSet, in context: inout StrategyContext) -> RemoteOutcome
    /// The dedupe pass; returns the changes it committed (to replicate).
    func dedupePass(in context: inout StrategyContext) -> [Record]
    /// The schema the strategy's stores hold: the scenario's, plus any
    /// field the app keeps for itself (`dedupe:deferred`'s mark).
    func storeSchema(for schema: Schema) -> Schema
}

extension Strategy {
    /// No dedupe pass, unless a strategy says so.
    public var runsDedupePass: Bool { false }
    /// Records travel under the engine's conflict policy, unless a strategy says so.
    public var syncsRecordsAsCRDTs: Bool { false }
    /// Every live record is fetched, unless a strategy says so.
    public var fetchFilter: FetchFilter? { nil }
    /// No dedupe pass: nothing to commit.
    public func dedupePass(in context: inout StrategyContext) -> [Record] { [] }
    /// The scenario's schema, unchanged.
    public func storeSchema(for schema: Schema) -> Schema { schema }

    /// Update, delete and link fetch the first live record of each key they
    /// name; saves fetch per the strategy (see ``fetchForSave(_:in:)``).
    public func fetch(_ intent: Intent, in context: StrategyContext) -> Fetched {
        context.fetchAddressed(intent)
    }

    /// Fetch and save back to back: one atomic local intent.
    public func perform(_ intent: Intent, in context: inout StrategyContext) -> IntentOutcome {
        save(intent, fetched: fetch(intent, in: context), in: &context)
    }
}

/// What an application's fetch returned: for a save, the record found for
/// each row (nil: none, or the strategy does not look); for an update or a
/// delete, the record of its key; for a link, the record and the target.
public struct Fetched: Hashable, Sendable {
    /// One entry per row of a save, or the addressed record (and target) of an update, delete or link.
    public var records: [RecordID?]

    /// A fetch that returned `records`.
    public init(records: [RecordID?]) {
        self.records = records
    }

    /// What a strategy that inserts without looking "fetched".
    public static func nothing(for intent: Intent) -> Fetched {
        guard case .save(let rows) = intent else { return Fetched(records: []) }
        return Fetched(records: Array(repeating: nil, count: rows.count))
    }
}

/// What became of a local intent.
public enum IntentOutcome: Sendable {
    /// The save succeeded (the application was told so); `changes` are
    /// replicated, and may be empty when a merge policy discarded the write.
    case saved(changes: [Record])
    /// The save failed and nothing was written.
    case rejected(StoreError)
    /// The fetch found nothing to act on.
    case missed
}

/// What became of a remote change set.
public enum RemoteOutcome: Sendable {
    /// Applied; `missedChanges` were addressed to records this replica does
    /// not have (for example a record a merge policy dropped).
    case applied(missedChanges: Int)
    /// Refused whole; it stays pending and blocks its origin's later ones.
    case rejected(StoreError)
}
