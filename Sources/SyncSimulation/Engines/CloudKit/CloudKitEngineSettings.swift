/// The `cloudkit` engine as a scenario chooses it: `engine: "cloudkit"` and
/// `cloudkit: { conflict, clock, savePolicy, batch, atomic, fetchPage }`.
///
/// Defaults follow what Apple's CKSyncEngine and its sample do
/// (docs/sources/cloudkit-engines.md): record-level last-writer-wins by the
/// device's dates, `ifServerRecordUnchanged`, non-atomic batches.
public struct CloudKitEngineSettings: EngineConfiguration, Hashable {
    /// How a device resolves a conflict (default `recordLWW` by `device`
    /// dates: the sample's `mergeFromServerRecord`).
    public var conflict: CloudKitConflict
    /// The save policy of every modify request. Default
    /// `ifServerRecordUnchanged`: "The CKSyncEngine relies on the
    /// .ifServerRecordUnchanged save policy" (Apple, forum thread 782333).
    public var savePolicy: CloudKitSavePolicy
    /// At most this many records (saves and deletes) per modify request.
    /// Default 400: `CKError.Code.limitExceeded` gives "400 items (records or
    /// shares) per operation" as the general guideline
    /// (developer.apple.com/documentation/cloudkit/ckerror/code/limitexceeded);
    /// CKSyncEngine does not state its own batch size.
    public var batch: Int
    /// Whether a batch fails whole when one item fails. Default false:
    /// CKSyncEngine's `atomicByZone` "The default value is false", and the
    /// sample never sets it.
    public var atomic: Bool
    /// At most this many changes (records and deletions) per fetched page,
    /// each page applied and saved by the device before it asks for the
    /// next; nil (default): a fetch returns everything at once. CKSyncEngine
    /// brackets one zone fetch with `willFetchRecordZoneChanges` and
    /// `didFetchRecordZoneChanges` and delivers the changes in between as
    /// `fetchedRecordZoneChanges` events, which Apple's sample saves one by
    /// one, "typical[ly] oldest to newest" (documented); how many changes an
    /// event holds is not documented, so it is a setting
    /// (docs/MODEL.md, "The cloudkit engine").
    public var fetchPage: Int?
    /// Which request a device sends first when it has both to send; nil
    /// (default): both at once, so the network's delays decide which the
    /// server answers first (``CloudKitSyncOrder``).
    public var syncOrder: CloudKitSyncOrder?
    /// Which keys a save of a record the server already holds writes; nil
    /// (default): the keys changed since the last save, as a `CKRecord`'s
    /// `changedKeys()` tracks them (``CloudKitExportKeys``).
    public var exportKeys: CloudKitExportKeys?
    /// What the server answers a save that creates a record whose name
    /// exists (default `serverRecordChanged`, CloudKit's own answer;
    /// ``CloudKitNewRecordConflict``).
    public var newRecordConflict: CloudKitNewRecordConflict = .serverRecordChanged
    /// Whether a fetch lands between an `unknownItem` answer and the
    /// re-upload (default `reuploadFirst`; ``CloudKitReuploadOrder``).
    public var reuploadOrder: CloudKitReuploadOrder = .reuploadFirst
    /// How a many-to-many relationship travels (default `onRecord`: a key
    /// of its owning record, written whole; ``CloudKitManyToManyLinks``).
    public var manyToManyLinks: CloudKitManyToManyLinks = .onRecord

    /// The batch sizes a scenario may set.
    public static let batchRange: ClosedRange<Int> = 1 ... 400
    /// The page sizes a scenario may set.
    public static let fetchPageRange: ClosedRange<Int> = 1 ... 10_000

    /// Settings with CKSyncEngine's defaults; `batch` must be in ``batchRange``.
    public init(conflict: CloudKitConflict = CloudKitConflict(), savePolicy: CloudKitSavePolicy = .ifServerRecordUnchanged,
                batch: Int = 400, atomic: Bool = false) {
        precondition(Self.batchRange.contains(batch), "batch must be from 1 to 400 records")
        self.conflict = conflict
        self.savePolicy = savePolicy
        self.batch = batch
        self.atomic = atomic
    }

    /// `cloudkit`.
    public var name: String { "cloudkit" }
    /// The server's endpoint name, `server`.
    public var serverName: String? { Self.serverName }
    /// Apple's CKSyncEngine sample: whichever the device learns first.
    public var defaultDeleteVsEdit: DeleteVsEdit { .arrivalOrder }
    /// The CKSyncEngine sample's app, which `deviceDateMerge` stands for,
    /// saves its edits unconditionally (``CloudKitConflict/Policy/deviceDateMerge``).
    public var localSavesOverwrite: Bool { conflict.policy == .deviceDateMerge && conflict.plainRule != .K1 }
    /// False under the conflict policies that can leave devices apart for good.
    public var keepsConvergencePromise: Bool { conflict.policy.keepsConvergencePromise }
    /// The name of the endpoint the engine adds: `server`.
    public static let serverName = "server"

    /// The settings in a fixed order; the optional ones only when set.
    public var settings: [EngineSetting] {
        [
            EngineSetting("conflict", .text(conflict.policy.rawValue)),
            EngineSetting("clock", .text(conflict.clock.rawValue)),
            EngineSetting("savePolicy", .text(savePolicy.name)),
            EngineSetting("batch", .int(batch)),
            EngineSetting("atomic", .bool(atomic)),
        ] + (fetchPage.map { [EngineSetting("fetchPage", .int($0))] } ?? [])
            + (syncOrder.map { [EngineSetting("syncOrder", .text($0.rawValue))] } ?? [])
            + (exportKeys.map { [EngineSetting("exportKeys", .text($0.rawValue))] } ?? [])
            + (conflict.pendingColumnRule == .localWins ? [] : [EngineSetting("pendingColumnRule", .text(conflict.pendingColumnRule.rawValue))])
            + (newRecordConflict == .serverRecordChanged ? [] : [EngineSetting("newRecordConflict", .text(newRecordConflict.rawValue))])
            + (reuploadOrder == .reuploadFirst ? [] : [EngineSetting("reuploadOrder", .text(reuploadOrder.rawValue))])
            + (conflict.plainRule.map { [EngineSetting("plainRule", .text($0.rawValue))] } ?? [])
            + (manyToManyLinks == .onRecord ? [] : [EngineSetting("manyToManyLinks", .text(manyToManyLinks.rawValue))])
    }

    /// An engine for the scenario's devices, timing requests out by its network's longest delay.
    public func makeEngine(scenario: Scenario, checksInvariants: Bool) -> any SyncEngine {
        CloudKitEngine(deviceCount: scenario.replicaCount, schema: scenario.schema, settings: self,
                       requestTimeoutMicros: Self.requestTimeoutMicros(scenario), checksInvariants: checksInvariants,
                       deleteVsEdit: scenario.deleteVsEdit)
    }

    /// How long a device waits for an answer before it treats the request
    /// as lost (CKSyncEngine retries network failures itself, item 2): the
    /// longest a request and its answer can take, each at most twice the
    /// largest delay (a delay plus a reordering's extra one). A later
    /// answer cannot come, so none arrives after its request was given up.
    static func requestTimeoutMicros(_ scenario: Scenario) -> Int64 {
        let links = scenario.links.values.map(\.delayMaxMicros)
        let longest = ([scenario.network.delayMaxMicros] + links).max() ?? 0
        return 4 * longest + 1
    }

    static let catalogEntry = EngineCatalog.Entry(
        name: "cloudkit",
        summary: "devices sync through a CloudKit record zone, the implicit replica 'server'",
        settingsKey: "cloudkit", serverName: serverName, allowsHubTopology: false,
        settings: specs, make: { CloudKitEngineSettings($0) })
}

extension CloudKitSavePolicy {
    /// The name a user types, as Apple spells the case.
    public var name: String {
        switch self {
        case .ifServerRecordUnchanged: "ifServerRecordUnchanged"
        case .changedKeys: "changedKeys"
        case .allKeys: "allKeys"
        }
    }

    /// The policy of the name a user types; nil for any other name.
    public init?(name: String) {
        guard let policy = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = policy
    }
}
