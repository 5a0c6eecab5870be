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
    /// The `keyid` strategy; it has no settings.
    public init() {}

    /// `keyid`.
    public var name: String { "keyid" }
    /// The device's wall clock, as SQLiteData stamps.
    public var clockKind: StampClockKind { .wall }
    /// No unique constraint: the primary key is the natural key, so a second row of one key cannot arise.
    public var enforcesUniqueness: Bool { false }
    /// Replicas converge once every change set has reached every one.
    public var promisesConvergence: Bool { true }

    /// Upserts each row by its key-derived id; updates, deletes and links act on the record fetched.
    public func save(_ intent: Intent, fetched: Fetched, in context: inout StrategyContext) -> IntentOutcome {
        guard case .save(let rows) = intent else {
            return context.saveAddressed(intent, fetched: fetched, wholeRecordUpdates: false)
        }
        // An upsert by primary key: a create of a key the device already
        // holds updates that row.
        return context.upsertByKeyDerivedID(rows, fetched: fetched)
    }

    /// Merges the change set whole.
    public func applyRemote(_ changeSet: ChangeSet, in context: inout StrategyContext) -> RemoteOutcome {
        context.mergeRemote(changeSet)
    }
}
