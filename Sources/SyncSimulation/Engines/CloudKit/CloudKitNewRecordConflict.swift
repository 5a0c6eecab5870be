/// What the server answers a save that creates a record (no change tag)
/// whose name the zone already holds (`cloudkit.newRecordConflict`).
public enum CloudKitNewRecordConflict: String, Hashable, Sendable, CaseIterable {
    /// `serverRecordChanged`, carrying the server's record: CloudKit's own
    /// answer (documented: Apple Frameworks Engineer, Apple Developer Forums
    /// thread 782333, a save of a new `CKRecord` whose ID exists fails with
    /// CKError 14, "record to insert already exists"). The default.
    case serverRecordChanged
    /// `serverRejectedRequest`, with no record: what SQLiteData's mock
    /// database answers (pointfreeco/sqlite-data @f6bd67a,
    /// `Sources/SQLiteData/CloudKit/Internal/MockCloudDatabase.swift`
    /// 241-254; observed), so the library's own tests meet this path and
    /// production CloudKit does not. For translations of tests that run on
    /// that mock.
    case serverRejectedRequest
}
