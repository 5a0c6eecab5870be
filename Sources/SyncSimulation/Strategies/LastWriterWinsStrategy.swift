import SyncModel
import SyncStore

/// `lww` and `lww:field`: CloudKit-style sync with no dedupe at all.
///
/// No unique constraint (CloudKit cannot enforce one, seeds 002 and 003),
/// records carry random ids, and the application inserts without looking
/// (seed 000's "incorrect" code), so concurrent creates of one natural key
/// stay duplicated forever. On sync the newer wall-clock stamp wins, per
/// record (`lww`: every write rewrites the whole record) or per field
/// (`lww:field`).
public struct LastWriterWinsStrategy: Strategy {
    /// What one write stamps and rewrites: the whole record, or only the fields it sets.
    public enum Granularity: String, Sendable, CaseIterable {
        case record
        case field
    }

    /// Whether the newer stamp wins per record (`lww`) or per field (`lww:field`).
    public let granularity: Granularity

    /// The strategy of `granularity`.
    public init(granularity: Granularity) {
        self.granularity = granularity
    }

    /// `lww` for record granularity, `lww:field` for field granularity.
    public var name: String { granularity == .record ? "lww" : "lww:field" }
    /// The device's wall clock.
    public var clockKind: StampClockKind { .wall }
    /// No unique constraint: CloudKit cannot enforce one.
    public var enforcesUniqueness: Bool { false }
    /// Replicas converge, duplicates and all, once every change set has reached every one.
    public var promisesConvergence: Bool { true }

    /// Saves insert without looking, so they fetch nothing.
    public func fetch(_ intent: Intent, in context: StrategyContext) -> Fetched {
        if case .save = intent { return .nothing(for: intent) }
        return context.fetchAddressed(intent)
    }

    /// Inserts every row as a new record with a random id; under `lww` creates and updates write every field, set or
    /// not.
    public func save(_ intent: Intent, fetched: Fetched, in context: inout StrategyContext) -> IntentOutcome {
        let wholeRecord = granularity == .record
        guard case .save(let rows) = intent else {
            return context.saveAddressed(intent, fetched: fetched, wholeRecordUpdates: wholeRecord)
        }
        var changes: [Record] = []
        for row in rows {
            let id = context.randomRecordID()
            changes.append(context.creation(of: row, id: id, writingUnsetFields: wholeRecord))
        }
        return context.commitLocal(changes)
    }

    /// Merges the change set whole: the newer stamp wins.
    public func applyRemote(_ changeSet: ChangeSet, in context: inout StrategyContext) -> RemoteOutcome {
        context.mergeRemote(changeSet)
    }
}
