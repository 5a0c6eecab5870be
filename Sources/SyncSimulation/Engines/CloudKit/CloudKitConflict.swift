import SyncModel

/// How a device resolves a conflict: its pending change to a record met a
/// server version it had not seen (a `serverRecordChanged` answer to a save,
/// or a fetched record it was still changing). Apple's CKSyncEngine leaves
/// this to the app ("if you try to save a record and get a
/// `serverRecordChanged`, you need to handle that error yourself",
/// docs/sources/cloudkit-engines.md, item 2); these are the answers apps
/// give.
public struct CloudKitConflict: Hashable, Sendable {
    /// The policies a user names in `cloudkit.conflict`.
    public enum Policy: String, Hashable, Sendable, CaseIterable {
        /// The server's record replaces the local copy and the pending
        /// change is dropped.
        case serverWins
        /// The local copy stays and is saved again over the server's change
        /// tag.
        case clientWins
        /// The copy with the later record date wins whole: Apple's
        /// CKSyncEngine sample (`mergeFromServerRecord`, documented, item 1).
        case recordLWW
        /// Field by field, the later stamp wins (``Record/merged(with:)``),
        /// then the merge is saved: SQLiteData's rule (documented, item 5).
        case fieldLWW
    }

    /// Which dates `recordLWW` compares.
    public enum Clock: String, Hashable, Sendable, CaseIterable {
        /// The record date is the device's own: the latest stamp in the
        /// record (the app's `userModificationDate`, set from the device
        /// clock on every edit, as in Apple's sample). A device whose clock
        /// is behind loses even its later edit.
        case device
        /// The record date is the server's `modificationDate`, which the
        /// server sets when a save lands: the pending save always lands
        /// after the version it conflicts with, so the later save wins.
        case server
    }

    /// What the device does with its local copy.
    public enum Resolution: Hashable, Sendable {
        /// The server's record replaces the local copy; nothing to save.
        case adoptServer
        /// The local copy stays as it is and is saved over the server's tag.
        case keepLocal
        /// The local copy becomes this merge, saved over the server's tag.
        case merged(Record)
    }

    public var policy: Policy
    public var clock: Clock

    public init(policy: Policy = .recordLWW, clock: Clock = .device) {
        self.policy = policy
        self.clock = clock
    }

    /// Resolves `local` (the device's pending copy) against `server`.
    ///
    /// - `mergesFields`: the strategy's records merge field by field
    ///   whatever the policy (`crdt`: a CRDT's merge is its conflict rule).
    /// - A pending delete (a local copy that is not live, for a strategy
    ///   that deletes the `CKRecord`) is kept under every policy but
    ///   `serverWins`: the app's record date is its last edit, so a delete
    ///   carries no date to compare, and the server applies a delete
    ///   without comparing tags anyway (no source says more).
    /// - `recordLWW` by device dates keeps the local copy on a tie, as the
    ///   sample does (`if userModificationDate > self.userModificationDate`).
    public func resolve(local: Record, server: Record, mergesFields: Bool) -> Resolution {
        if mergesFields { return .merged(local.merged(with: server)) }
        if !local.isLive { return policy == .serverWins ? .adoptServer : .keepLocal }
        switch policy {
        case .serverWins:
            return .adoptServer
        case .clientWins:
            return .keepLocal
        case .recordLWW:
            switch clock {
            case .device: return Self.recordDateMicros(server) > Self.recordDateMicros(local) ? .adoptServer : .keepLocal
            case .server: return .keepLocal
            }
        case .fieldLWW:
            return .merged(local.merged(with: server))
        }
    }

    /// A record's date by its device's clock: the wall-clock reading of its
    /// latest stamp (a creation, a field write or a link), as an app's
    /// `userModificationDate` reads its last edit.
    public static func recordDateMicros(_ record: Record) -> Int64 {
        record.maxStamp?.wallMicros ?? .min
    }
}
