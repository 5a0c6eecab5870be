import SyncModel
import SyncStore

/// How a replica turns application intents and incoming change sets into
/// store writes: one type per strategy, all behind this protocol, so adding
/// a strategy touches no other.
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

    /// Carries out one local intent; on success the returned changes are
    /// what gets replicated.
    func perform(_ intent: Intent, in context: inout StrategyContext) -> IntentOutcome
    /// Applies a change set from another replica, whole or not at all.
    func applyRemote(_ changeSet: ChangeSet, in context: inout StrategyContext) -> RemoteOutcome
    /// The dedupe pass; returns the changes it committed (to replicate).
    func dedupePass(in context: inout StrategyContext) -> [Record]
}

extension Strategy {
    public var runsDedupePass: Bool { false }
    public func dedupePass(in context: inout StrategyContext) -> [Record] { [] }
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
