/// One rule of a stack, as docs/sources/stack-code.md numbers it, switched
/// to the plain alternative a reader would assume without the stack's code
/// (`cloudkit.plainRule`). Not a stack anyone ships: `scripts/rule-mutants`
/// turns each rule off in turn and lists the translated tests that fail
/// without it (docs/sources/rule-mutants.md), so that every rule the
/// simulator implements is pinned by a test. Rules whose plain
/// alternative is already a setting (`savePolicy`, `conflict`,
/// `deleteVsEdit`, …) are switched by that setting instead.
public enum CloudKitPlainRule: String, Hashable, Sendable, CaseIterable {
    /// K1 off: a local save goes through the strategy like any app's save,
    /// not unconditionally.
    case K1
    /// K5 off: a fetched record replaces the local copy whenever no save is
    /// pending, whatever its date.
    case K5
    /// K6 off: every save's answer replaces the cached server record, even
    /// one older than the cached one.
    case K6
    /// K7 off (the sample): a save refused with `serverRecordChanged` is
    /// dropped and the server's record taken.
    case K7
    /// K16 off: a new record whose name the zone holds overwrites it.
    case K16
    /// S5 off: SQLiteData does not cache the record it sends.
    case S5
    /// S7 off: a column kept for a pending edit keeps its old stamp.
    case S7
    /// S8 off: a row with no cached record merges per-field stamps instead
    /// of being overwritten whole.
    case S8
    /// S9 off (SQLiteData): as K7.
    case S9
    /// S13 off: a save refused with `serverRejectedRequest` is queued again.
    case S13
}
