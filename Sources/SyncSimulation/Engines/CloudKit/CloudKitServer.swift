import SyncModel

/// One CloudKit record zone on the server, as Apple documents it: a pure,
/// deterministic state machine, with no I/O and no clock of its own.
///
/// - It keeps the latest version of each record by record name, with a
///   server-assigned change tag and dates (``CloudKitServerRecord``).
/// - A modify call (``modify(saves:deletes:policy:atomic:atMicros:)``)
///   applies a save policy and may save part of a batch
///   (`CKModifyRecordsOperation`).
/// - Changes are handed out by change token, coalesced to one version per
///   record, with deletes remembered as tombstones
///   (``fetchChanges(since:)``, `CKFetchRecordZoneChangesOperation`).
/// - It runs no app code and enforces no unique constraint: two records of
///   one natural key under different names both stay
///   (``duplicateCount(schema:)`` measures them). Payloads are opaque to it.
///
/// Every listing is ordered by record name or by zone change counter, never
/// by hashing.
public struct CloudKitServer: Hashable, Sendable {
    /// One entry of the change index: the counter of a name's last change.
    struct ChangeEntry: Hashable, Sendable {
        let counter: UInt64
        let name: RecordID
    }

    /// Behaviours Apple does not pin down.
    public let settings: CloudKitServerSettings
    /// The records the zone holds, by name.
    var recordsByName: [RecordID: CloudKitServerRecord] = [:]
    /// Names deleted and not created again, with the counter of the delete.
    var tombstones: [RecordID: UInt64] = [:]
    /// Every name the zone ever changed, once, at the counter of its last
    /// change (a save or a delete), ascending.
    var changeIndex: [ChangeEntry] = []
    /// The last zone change counter handed out; 0 before the first change.
    public internal(set) var changeCounter: UInt64 = 0
    /// The latest server time a modify call ran at.
    public internal(set) var clockMicros: Int64 = .min

    /// An empty zone.
    public init(settings: CloudKitServerSettings = CloudKitServerSettings()) {
        self.settings = settings
    }

    /// The record the zone holds under `name`, if any.
    public func record(named name: RecordID) -> CloudKitServerRecord? {
        recordsByName[name]
    }

    /// How many records the zone holds.
    public var recordCount: Int { recordsByName.count }

    /// How many deleted names the zone remembers for change fetches.
    public var tombstoneCount: Int { tombstones.count }

    /// The token a fetch made now would return.
    public var currentToken: CloudKitChangeToken { CloudKitChangeToken(counter: changeCounter) }
}
