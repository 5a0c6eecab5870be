import SyncModel
import SyncStore

/// Checks, after every event, that the simulator's state is consistent
/// with itself (TigerBeetle's habit: assert generously, and stop loudly).
///
/// Per replica: the store's indexes and counters agree with a recount of
/// its records (``Store/auditProblem()``); every remote change set was
/// applied at most once and in causal order (checked against a shadow
/// vector kept here, from the replica's apply journal); version vectors
/// only grow within one incarnation (a crash drops only what was held and
/// not applied); the log holds exactly what the vector says; the trackers
/// saw the store's latest duplicate count and digest. Run-wide: the
/// counters that quiescence reads agree with a recount of the event queue.
///
/// On in debug builds (every test) and with `--check-invariants`.
public struct InvariantChecker: Sendable {
    #if DEBUG
    public static let enabledByDefault = true
    #else
    public static let enabledByDefault = false
    #endif

    /// Invariants evaluated so far: each per-replica or run-wide check
    /// counts one, however many records it recounted.
    public private(set) var checks = 0

    /// Per replica: the applied vector rebuilt from the apply journal.
    private var shadowApplied: [VersionVector]
    private var lastHeld: [VersionVector]
    private var origin: [ReplicaID]
    /// The store commit count at the last audit; nil forces one.
    private var auditedCommit: [Int?]

    init(replicas: [Replica]) {
        shadowApplied = replicas.map(\.applied)
        lastHeld = replicas.map(\.held)
        origin = replicas.map(\.origin)
        auditedCommit = Array(repeating: nil, count: replicas.count)
    }

    /// A problem found: the invariant's name and what was wrong.
    typealias Problem = (name: String, detail: String)

    /// Checks one replica; `crashed` when it crashed or restarted since the
    /// last check (its held change sets may have shrunk to those applied).
    mutating func check(_ replica: inout Replica, crashed: Bool) -> Problem? {
        let index = replica.id.index
        if replica.origin != origin[index] {
            // Wiped: a new incarnation under a new origin, starting empty.
            origin[index] = replica.origin
            shadowApplied[index] = VersionVector(replicaCount: 0)
            lastHeld[index] = VersionVector(replicaCount: 0)
            auditedCommit[index] = nil
        }
        checks += 4
        for changeSet in replica.takeAppliedJournal() {
            let expected = shadowApplied[index][changeSet.origin] + 1
            guard changeSet.seq == expected else {
                return ("replica.applyOnce", "applied \(changeSet.origin)#\(changeSet.seq) when \(changeSet.origin)#\(expected) was next")
            }
            guard shadowApplied[index].dominates(changeSet.dependencies) else {
                return ("replica.causalApply", "applied \(changeSet.origin)#\(changeSet.seq) before its dependencies \(changeSet.dependencies.counts)")
            }
            shadowApplied[index][changeSet.origin] = changeSet.seq
        }
        let own = replica.origin
        guard replica.applied[own] >= shadowApplied[index][own] else {
            return ("replica.vectorsGrow", "its own change sets went from \(shadowApplied[index][own]) to \(replica.applied[own])")
        }
        shadowApplied[index][own] = replica.applied[own]
        guard shadowApplied[index] == replica.applied else {
            return ("replica.applyJournal", "applied \(replica.applied.counts), but the journal accounts for \(shadowApplied[index].counts)")
        }
        guard replica.held.dominates(replica.applied) else {
            return ("replica.heldCoversApplied", "holds \(replica.held.counts) but applied \(replica.applied.counts)")
        }
        if !crashed && !replica.held.dominates(lastHeld[index]) {
            return ("replica.vectorsGrow", "held went from \(lastHeld[index].counts) to \(replica.held.counts) without a crash")
        }
        lastHeld[index] = replica.held
        for originIndex in 0 ..< max(replica.held.originCount, 1) {
            let origin = ReplicaID(originIndex)
            if replica.logCount(of: origin) != Int(replica.held[origin]) {
                return ("replica.log", "holds \(replica.held[origin]) change sets of \(origin) but its log has \(replica.logCount(of: origin))")
            }
        }
        let store = replica.store
        if auditedCommit[index] != store.commitCount {
            checks += 1
            auditedCommit[index] = store.commitCount
            if let problem = store.auditProblem() { return problem }
        }
        return nil
    }

    mutating func countRunWideChecks(_ count: Int) {
        checks += count
    }
}
