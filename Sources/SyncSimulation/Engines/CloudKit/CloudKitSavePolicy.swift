/// How the server treats a save whose record it already holds:
/// `CKModifyRecordsOperation.RecordSavePolicy`.
///
/// All three are documented (Apple's `savePolicy` and `RecordSavePolicy`
/// pages; the SDK header `CKModifyRecordsOperation.h`). Which keys a save
/// carries is ``CloudKitRecordKeys``.
public enum CloudKitSavePolicy: Hashable, Sendable, CaseIterable {
    /// The default. Documented: "only save a record when the change tag of
    /// the local copy matches that of the server's copy"; otherwise the save
    /// fails with `serverRecordChanged` carrying the server's record. The
    /// header says "locally-edited keys are sent to the server", so a save
    /// that passes writes its changed keys only. A save with no tag (a new
    /// record) of a name the server holds fails the same way; that case is
    /// observed rather than documented (CloudKit's message reads "record to
    /// insert already exists").
    case ifServerRecordUnchanged
    /// Documented: "save only the fields of the record that contain
    /// changes"; "the server doesn't compare record change tags", so it never
    /// reports `serverRecordChanged` and the listed keys overwrite the
    /// server's values.
    case changedKeys
    /// Documented: "save every field of the record, even those without
    /// changes", overwriting the server's values; no tag comparison. Keys the
    /// device's record lacks are not sent: "it's possible for a server record
    /// to contain keys that aren't present locally", and those survive.
    case allKeys
}
