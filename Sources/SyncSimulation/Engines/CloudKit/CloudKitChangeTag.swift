/// The server's version stamp of one record: `CKRecord.recordChangeTag`.
///
/// Apple documents the tag as opaque: "Every time CloudKit saves a record,
/// the server updates the record's change token to a new value", and a save
/// under ``CloudKitSavePolicy/ifServerRecordUnchanged`` proceeds only when
/// the device's tag matches the server's (CKRecord `recordChangeTag`). Here
/// it is the zone change counter at the record's last save, so tags are
/// unique across the zone and never reused; devices only compare them for
/// equality and send them back.
public struct CloudKitChangeTag: Hashable, Sendable, CustomStringConvertible {
    /// The zone change counter at the record's last save.
    public let rawValue: UInt64

    /// The tag of counter `rawValue`.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `tag` and the counter, such as `tag12`.
    public var description: String { "tag\(rawValue)" }
}
