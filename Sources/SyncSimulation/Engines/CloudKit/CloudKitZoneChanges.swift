import SyncModel

/// One answer to a zone changes fetch (`CKFetchRecordZoneChangesOperation`):
/// the latest version of each record changed since the token, the names
/// deleted since it, and the token to send next time.
public struct CloudKitZoneChanges: Hashable, Sendable {
    /// Each changed record once, as it is now, however many times it was
    /// saved since the token: a fetch returns records, not the history of
    /// edits. Ordered by the zone change counter of each record's last save.
    public let changed: [CloudKitServerRecord]
    /// Names deleted since the token and not created again, ordered by the
    /// counter of the delete (`recordWithIDWasDeletedBlock`).
    public let deletedNames: [RecordID]
    /// Where the next fetch starts.
    public let token: CloudKitChangeToken
    /// More changes follow `token` (a page of a longer fetch).
    public let moreComing: Bool

    /// An answer; `moreComing` when it is a page of a longer fetch.
    public init(changed: [CloudKitServerRecord], deletedNames: [RecordID], token: CloudKitChangeToken, moreComing: Bool = false) {
        self.changed = changed
        self.deletedNames = deletedNames
        self.token = token
        self.moreComing = moreComing
    }

    /// True when no record changed and none was deleted since the token.
    public var isEmpty: Bool { changed.isEmpty && deletedNames.isEmpty }
}
