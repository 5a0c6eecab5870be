import SyncModel

/// One record in `CKModifyRecordsOperation.recordsToSave`: the payload, the
/// change tag of the server version the device started from, and the keys
/// it changed.
public struct CloudKitRecordSave: Hashable, Sendable {
    /// The payload to save.
    public let record: Record
    /// The tag of the server record this edit is based on; nil when the
    /// device believes the record is new (a `CKRecord` it created, never
    /// saved or fetched).
    public let baseChangeTag: CloudKitChangeTag?
    /// The keys the device changed: what `changedKeys` and
    /// `ifServerRecordUnchanged` write over the server's record.
    public let changedKeys: CloudKitRecordKeys
    /// Links of to-many relationships saved as link records of their own
    /// (``CloudKitManyToManyLinks/linkRecords``): those relationships are
    /// not among `changedKeys`, and the server applies these link by link.
    public let linkChanges: [CloudKitLinkChange]

    /// A save of `record` that changed `changedKeys` (and, under link
    /// records, the links `linkChanges` names).
    public init(record: Record, baseChangeTag: CloudKitChangeTag?, changedKeys: CloudKitRecordKeys,
                linkChanges: [CloudKitLinkChange] = []) {
        self.record = record
        self.baseChangeTag = baseChangeTag
        self.changedKeys = changedKeys
        self.linkChanges = linkChanges
    }

    /// A save that changed every key the record holds: a new `CKRecord`, or
    /// one the app fills in completely before each send.
    public init(record: Record, baseChangeTag: CloudKitChangeTag?) {
        self.init(record: record, baseChangeTag: baseChangeTag, changedKeys: .present(in: record))
    }

    /// The record name.
    public var name: RecordID { record.id }
}
