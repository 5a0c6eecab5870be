/// How the app and its persistence framework behave where Apple's stacks
/// differ or no source settles it: scenario settings a strategy reads from
/// its context, the same on every device of a run but for the app version
/// a device runs (``declaresUniqueKeys``).
public struct AppSettings: Hashable, Sendable {
    /// Whether an edit re-asserts its record's existence (`deleteVsEdit:
    /// "editWins"`): each update also adds a creation stamped as the edit
    /// and carries the record's other fields as they are, so a delete that
    /// did not see the edit (it removes only the creations it saw) leaves
    /// the record live, whole, with the edit.
    public var editsRevive: Bool
    /// What a unique constraint does with two new records of one key in one
    /// save (`sameSaveDuplicates`).
    public var sameSaveDuplicates: SameSaveDuplicates
    /// How long a loser marked by `dedupe:deferred` stays before a pass may
    /// delete it (`dedupeDeferral`), with ``dedupeDeferUntil`` `.time`.
    public var dedupeDeferralMicros: Int64
    /// When a loser marked by `dedupe:deferred` may be deleted.
    public var dedupeDeferUntil = DedupeDeferUntil.exportAndImport
    /// Whether the app version the device runs declares the schema's
    /// unique keys (``AppVersion``). One that does not has no constraint
    /// in its store, runs no dedupe pass and makes random ids under `crdt`.
    public var declaresUniqueKeys = true
    /// Whether a local save overwrites the fields it writes whatever stamps
    /// the stored record holds, as an app that writes its object and dates
    /// the edit itself does (Apple's CKSyncEngine sample: `saveContacts`
    /// stores the contact as edited; observed from its code). False: the
    /// store joins the save in, so a write stamped before the stored one
    /// loses at once (a last-writer-wins store).
    public var localSavesOverwrite = false

    /// The default `dedupeDeferral`: one second.
    public static let defaultDedupeDeferralMicros: Int64 = 1_000_000

    /// Settings with the scenario file's defaults: deletes win over edits, the first created of a save wins, a deferral of one second.
    public init(editsRevive: Bool = false, sameSaveDuplicates: SameSaveDuplicates = .firstCreatedWins,
                dedupeDeferralMicros: Int64 = AppSettings.defaultDedupeDeferralMicros) {
        self.editsRevive = editsRevive
        self.sameSaveDuplicates = sameSaveDuplicates
        self.dedupeDeferralMicros = dedupeDeferralMicros
    }
}
