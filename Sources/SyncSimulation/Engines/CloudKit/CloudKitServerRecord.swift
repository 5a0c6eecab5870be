import SyncModel

/// One record as the server holds it: the device's payload, untouched, and
/// the metadata only the server assigns.
///
/// The record name is the payload's id (`CKRecord.ID.recordName`). The
/// payload's register stamps are app data, like the per-field timestamps
/// SQLiteData stores in the `CKRecord`; the server never reads them.
/// `creationDate` and `modificationDate` are documented as set by the
/// server ("the time when CloudKit first saves the record to the server",
/// "the most recent time that CloudKit saved the record"), so they come
/// from the server clock, never from a device's possibly skewed one.
public struct CloudKitServerRecord: Hashable, Sendable {
    /// The device's record, as it was saved.
    public let payload: Record
    /// The tag of the latest save.
    public let changeTag: CloudKitChangeTag
    /// Server time of the save that created this record (after a delete, of
    /// the save that created it again).
    public let creationMicros: Int64
    /// Server time of the latest save.
    public let modificationMicros: Int64

    /// A server record; it cannot be modified before it was created.
    public init(payload: Record, changeTag: CloudKitChangeTag, creationMicros: Int64, modificationMicros: Int64) {
        precondition(creationMicros <= modificationMicros, "record \(payload.id) modified before it was created")
        self.payload = payload
        self.changeTag = changeTag
        self.creationMicros = creationMicros
        self.modificationMicros = modificationMicros
    }

    /// The record name: `recordID.recordName`.
    public var name: RecordID { payload.id }
}
