/// Under `conflict: "pendingColumns"` (SQLiteData), which record the
/// library caches as its last known one when it sends, and so what a column
/// edited locally and not yet acknowledged does when the server refuses its
/// save with `serverRecordChanged` and the server's record has a later
/// stamp for that column (`cloudkit.pendingColumnRule`). No source settles
/// it (docs/sources/stack-code.md, S10: unknown), so both readings are
/// settings and the `sqlitedata` preset runs both as variants. A record
/// fetched before any send is not in question: the library's test
/// `serverRecordEditedAfterClientButProcessedBeforeClient` pins that the
/// pending column wins there, whatever the stamps, under both.
public enum CloudKitPendingColumnRule: String, Hashable, Sendable, CaseIterable {
    /// The library's code as production CloudKit would run it: the cached
    /// record is the server's last acknowledged copy, so a column that
    /// differs from it is pending, kept whatever the stamps, re-stamped and
    /// sent again (`SyncEngine.swift` `upsertFromServerRecord`, reached from
    /// the `serverRecordChanged` case; observed from code): the device
    /// that sends last wins the column. The default.
    case localWins
    /// What the library's own tests show on their mock database, whose
    /// records carry no `modificationDate`, so the outgoing record replaces
    /// the cache before every send (``CloudKitDevice``'s `outgoing`): in a
    /// merge the cached column with the later stamp wins and keeps its
    /// stamp (`MergeConflictTests`, the `isCompleted🗓️: 30` expectations;
    /// observed from tests). A tie keeps the cached value (`setValue`'s
    /// `<=` guard).
    case laterEditWins
}
