/// Which request a device sends first when it has changes to fetch and to
/// save (`cloudkit.syncOrder`). NSPersistentCloudKitContainer runs one
/// mirroring request at a time and an import waiting beside an export goes
/// first, but when each is scheduled is not recovered
/// (docs/sources/stack-code.md, N7: unknown); CKSyncEngine's sample does
/// not fetch before it sends (K15). So both orders are settings.
public enum CloudKitSyncOrder: String, Hashable, Sendable, CaseIterable {
    /// The fetch goes first; the save waits for its answer.
    case importFirst
    /// The save goes first; the fetch waits for its answer.
    case exportFirst
}

/// Which keys a save of a record the server already holds writes
/// (`cloudkit.exportKeys`).
public enum CloudKitExportKeys: String, Hashable, Sendable, CaseIterable {
    /// The keys changed since the last successful save (a `CKRecord`'s
    /// `changedKeys()`): the engine's default.
    case changed
    /// Every key the record holds: NSPersistentCloudKitContainer's
    /// serializer sets every attribute of the object on each export
    /// (OpenCloudData `OCCloudKitSerializer.m`; observed from a rebuild of
    /// the binary, docs/sources/stack-code.md, N3).
    case all
}
