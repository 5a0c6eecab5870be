/// What becomes of the saves a device made with sync off once it turns
/// sync on (`syncOffSaves` in a scenario file). The sources describe two
/// stacks doing different things, so both are settings.
public enum SyncOffSaves: String, CaseIterable, Sendable {
    /// Everything saved is uploaded: Apple's CKSyncEngine sample adds a
    /// save of every local record when an account signs in
    /// (`SyncedDatabase.swift`, `handleAccountChange(_:)`; documented,
    /// docs/sources/workflows.md, item 1).
    case uploaded
    /// Only records changed after sync was turned on are uploaded: what a
    /// developer observed when an existing Core Data store moved to
    /// NSPersistentCloudKitContainer ("the data isn't pushed to the new
    /// CloudKit Zone, while new data is … if I modified any of the
    /// existing records, however, those sync'd just fine"; observed, 2019,
    /// docs/sources/workflows.md, item 2).
    case neverUploaded
}
