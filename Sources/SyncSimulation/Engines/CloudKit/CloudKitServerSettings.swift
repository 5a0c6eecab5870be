/// The server behaviours Apple does not pin down, as settings, so a run can
/// try both answers.
public struct CloudKitServerSettings: Hashable, Sendable {
    /// What deleting a name the server does not hold reports.
    public enum MissingRecordDelete: Hashable, Sendable {
        /// The delete fails with `unknownItem`. The default: Apple documents
        /// for `CKDatabase.deleteRecord(withID:)` that it "throws an error if
        /// the request fails, such as when the record doesn't exist", and
        /// CKSyncEngine apps handle `unknownItem` in `failedRecordDeletes` as
        /// "already deleted". In an atomic batch it fails the batch.
        case unknownItem
        /// The delete is reported done and changes nothing: an idempotent
        /// delete, as some servers answer.
        case succeeds
    }

    /// What a save based on a change tag does when its record is gone (deleted
    /// on the server) under a policy that compares no tags (`changedKeys`,
    /// `allKeys`). Under `ifServerRecordUnchanged` it is always
    /// `unknownItem`, as Apple's CKSyncEngine sample handles it.
    public enum MissingRecordOverwrite: Hashable, Sendable {
        /// The save fails with `unknownItem`: the base tag says "update", and
        /// there is nothing to update. The default.
        case unknownItem
        /// The save creates the record again from its payload, as CloudKit
        /// Web Services describes its `forceUpdate` and `forceReplace`
        /// operations.
        case recreates
    }

    /// What deleting a name the server does not hold reports (default `unknownItem`).
    public var missingRecordDelete: MissingRecordDelete
    /// What a save to a record deleted on the server does under `changedKeys` or `allKeys` (default `unknownItem`).
    public var missingRecordOverwrite: MissingRecordOverwrite
    /// What a save that creates a record whose name the zone holds answers
    /// under `ifServerRecordUnchanged` (default `serverRecordChanged`,
    /// CloudKit's own answer; ``CloudKitNewRecordConflict``).
    public var newRecordConflict: CloudKitNewRecordConflict
    /// K16's plain alternative (``CloudKitPlainRule/K16``): a new record
    /// whose name the zone holds overwrites it. Off by default.
    public var newRecordOverwrites = false

    /// Settings with Apple's documented answers: both `unknownItem`, and
    /// `serverRecordChanged` for a new record whose name exists.
    public init(missingRecordDelete: MissingRecordDelete = .unknownItem,
                missingRecordOverwrite: MissingRecordOverwrite = .unknownItem,
                newRecordConflict: CloudKitNewRecordConflict = .serverRecordChanged) {
        self.missingRecordDelete = missingRecordDelete
        self.missingRecordOverwrite = missingRecordOverwrite
        self.newRecordConflict = newRecordConflict
    }
}
