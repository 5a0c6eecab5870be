import SyncModel

/// The peer engine's invariants, per device, after every event: every
/// remote change set was applied at most once and in causal order (checked
/// against a shadow vector kept here, from the log's apply journal);
/// version vectors only grow within one incarnation (a crash drops only
/// what was held and not applied); the log holds exactly what its vector
/// says.
struct PeerInvariants: Sendable {
    /// Invariants evaluated so far: four per device checked.
    private(set) var checks = 0
    /// Per device: the applied vector rebuilt from the apply journal.
    private var shadowApplied: [VersionVector]
    private var lastHeld: [VersionVector]
    private var origin: [ReplicaID]

    init(logs: [PeerLog]) {
        shadowApplied = logs.map(\.applied)
        lastHeld = logs.map(\.held)
        origin = logs.map(\.origin)
    }

    /// Checks one device's log; `crashed` when it crashed or restarted
    /// since the last check (its held change sets may have shrunk to those
    /// applied).
    mutating func check(_ log: inout PeerLog, crashed: Bool) -> InvariantChecker.Problem? {
        let index = log.id.index
        if log.origin != origin[index] {
            // Wiped: a new incarnation under a new origin, starting empty.
            origin[index] = log.origin
            shadowApplied[index] = VersionVector(replicaCount: 0)
            lastHeld[index] = VersionVector(replicaCount: 0)
        }
        checks += 4
        for changeSet in log.takeAppliedJournal() {
            let expected = shadowApplied[index][changeSet.origin] + 1
            guard changeSet.seq == expected else {
                return ("replica.applyOnce", "applied \(changeSet.origin)#\(changeSet.seq) when \(changeSet.origin)#\(expected) was next")
            }
            guard shadowApplied[index].dominates(changeSet.dependencies) else {
                return ("replica.causalApply", "applied \(changeSet.origin)#\(changeSet.seq) before its dependencies \(changeSet.dependencies.counts)")
            }
            shadowApplied[index][changeSet.origin] = changeSet.seq
        }
        let own = log.origin
        guard log.applied[own] >= shadowApplied[index][own] else {
            return ("replica.vectorsGrow", "its own change sets went from \(shadowApplied[index][own]) to \(log.applied[own])")
        }
        shadowApplied[index][own] = log.applied[own]
        guard shadowApplied[index] == log.applied else {
            return ("replica.applyJournal", "applied \(log.applied.counts), but the journal accounts for \(shadowApplied[index].counts)")
        }
        guard log.held.dominates(log.applied) else {
            return ("replica.heldCoversApplied", "holds \(log.held.counts) but applied \(log.applied.counts)")
        }
        if !crashed && !log.held.dominates(lastHeld[index]) {
            return ("replica.vectorsGrow", "held went from \(lastHeld[index].counts) to \(log.held.counts) without a crash")
        }
        lastHeld[index] = log.held
        for originIndex in 0 ..< max(log.held.originCount, 1) {
            let origin = ReplicaID(originIndex)
            if log.logCount(of: origin) != Int(log.held[origin]) {
                return ("replica.log", "holds \(log.held[origin]) change sets of \(origin) but its log has \(log.logCount(of: origin))")
            }
        }
        return nil
    }
}
