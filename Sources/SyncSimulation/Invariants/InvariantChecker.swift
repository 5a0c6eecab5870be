import SyncModel
import SyncStore

/// Checks, after every event, that the simulator's state is consistent
/// with itself (TigerBeetle's habit: assert generously, and stop loudly).
///
/// Per device: the store's indexes and counters agree with a recount of
/// its records (``Store/auditProblem()``), and the trackers saw the store's
/// latest duplicate count and digest; the sync engine checks its own state
/// (``SyncEngine/invariantProblem(_:crashed:)``). Run-wide: the app work
/// the devices say is due agrees with a recount of the event queue, and
/// the engine's run-wide checks hold.
///
/// On in debug builds (every test) and with `--check-invariants`.
public struct InvariantChecker: Sendable {
    #if DEBUG
    /// On in debug builds: every test checks invariants.
    public static let enabledByDefault = true
    #else
    /// Off in release builds unless `--check-invariants` turns it on.
    public static let enabledByDefault = false
    #endif

    /// A problem found: the invariant's name and what was wrong.
    public typealias Problem = (name: String, detail: String)

    /// Invariants evaluated here: each store audit or run-wide check counts
    /// one, however many records it recounted.
    public private(set) var checks = 0
    /// Per device: its origin and store commit count at the last audit
    /// (a wiped device has a new origin and a new store, counting from 0).
    private var audited: [(origin: ReplicaID, commit: Int)?]
    /// Per device: its generation when the invariants last looked.
    private var generations: [Int]

    init(replicaCount: Int) {
        audited = Array(repeating: nil, count: replicaCount)
        generations = Array(repeating: 0, count: replicaCount)
    }

    /// Whether the device crashed or restarted since the last check, which
    /// now sees `generation`.
    mutating func generationChanged(of device: ReplicaID, to generation: Int) -> Bool {
        defer { generations[device.index] = generation }
        return generations[device.index] != generation
    }

    /// Audits a device's store if it changed since the last audit.
    mutating func checkStore(_ node: ReplicaNode) -> Problem? {
        let store = node.store
        if let last = audited[node.id.index], last.origin == node.origin, last.commit == store.commitCount { return nil }
        checks += 1
        audited[node.id.index] = (node.origin, store.commitCount)
        return store.auditProblem()
    }

    mutating func countRunWideChecks(_ count: Int) {
        checks += count
    }
}
