/// Whether a fetch lands between a save's `unknownItem` answer and the
/// re-upload the device queues for it (`cloudkit.reuploadOrder`).
///
/// Apple's sample re-queues the save after `unknownItem`
/// (`SyncedDatabase.swift` 252-258) and deletes the local record on every
/// fetched deletion, dropping a pending save whose record is gone (170-176,
/// 142-145); SQLiteData does the same (`SyncEngine.swift` 1698-1700,
/// 1147-1149, 1200-1204). Both observed from code. Which of the two runs
/// first is CKSyncEngine's scheduling, which no source settles
/// (docs/sources/stack-code.md, K8, K11), so both are settings and the
/// `cksyncengine` and `sqlitedata` presets run both as variants.
public enum CloudKitReuploadOrder: String, Hashable, Sendable, CaseIterable {
    /// A fetch lands first: the device does not re-upload until a fetch
    /// sent after the answer has come back, and the deletion it brings
    /// deletes the local copy and drops the save. The delete wins.
    case fetchBetween
    /// The re-upload goes before any fetch: a deletion fetched after the
    /// answer no longer cancels it, and the edit creates the record again.
    /// The engine's default.
    case reuploadFirst
}
