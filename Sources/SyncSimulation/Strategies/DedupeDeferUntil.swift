/// When `dedupe:deferred` may delete a loser it marked (`dedupeDeferUntil`
/// in a scenario file). In both, a pass deletes it only while the device
/// holds the winner live and unmarked.
public enum DedupeDeferUntil: String, CaseIterable, Sendable {
    /// After the device's next successful export and import: the mark is
    /// older than the earlier of the last successful export and import, as
    /// Apple's "Sharing Core Data objects between iCloud users" sample
    /// checks on each `eventChangedNotification` (documented, its article:
    /// "only removes the tags with a `deduplicatedDate` that's sometime
    /// before the last successful export and import event";
    /// docs/sources/dedupe-and-deletes.md, item 2). The sample also wants
    /// the mark 60 s older than that ("weeks or months" in a real app); this
    /// model waits for the events only (choice: with a margin the default
    /// scenario's 60 s limit would never delete).
    case exportAndImport
    /// Once `dedupeDeferral` has passed since the mark, whatever synced:
    /// SyncSim's earlier stand-in, kept to compare.
    case time
}
