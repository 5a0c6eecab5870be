import SyncModel
import SyncStore

/// `keyid`: the record's primary key is derived from its natural key, and
/// the stack's own merge settles what two writers of one key did. What
/// SQLiteData advises in place of a UNIQUE column ("make the unique column
/// the primary key", its CloudKitSync.md "Uniqueness constraints";
/// documented): every device's create of one key is one row, one
/// `CKRecord` named `<primaryKey>:<table>`, so duplicates cannot arise.
///
/// Not a CRDT: rows carry the device's wall-clock stamps (SQLiteData stamps
/// with the device's time), an engine with a server applies its own
/// conflict policy (under `sqlitedata`, the library's pending-column rule,
/// which can lose a column either way), and a delete removes the record.
/// Under `peer` the later stamp wins field by field, as `lww:field`.
public struct KeyIDStrategy: Strategy {
    public init() {}

    public var name: String { "keyid" }
    public var clockKind: StampClockKind { .wall }
    public var enforcesUniqueness: Bool { false }
    public var promisesConvergence: Bool { true }

    public func save(_ intent: Intent, fetched: Fetched, in context: inout StrategyContext) -> IntentOutcome {
        guard case .save(let rows) = intent else {
            return context.saveAddressed(intent, fetched: fetched, wholeRecordUpdates: false)
        }
        // An upsert by primary key: a create of a key the device already
        // holds updates that row.
        return context.upsertByKeyDerivedID(rows, fetched: fetched)
    }

    public func applyRemote(_ changeSet: ChangeSet, in context: inout StrategyContext) -> RemoteOutcome {
        context.mergeRemote(changeSet)
    }
}
