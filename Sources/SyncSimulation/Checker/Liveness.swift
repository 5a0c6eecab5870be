/// Whether a run kept the liveness promise: once the last fault is over, a
/// strategy that promises convergence (``Strategy/promisesConvergence``)
/// converges before `until` on any network whose drop rate is below 1.
/// Safety figures (duplicates, lost writes) are measured either way; this
/// says whether the run was able to finish, as TigerBeetle's VOPR splits a
/// fault phase from a healed phase in which the cluster must make progress.
public enum Liveness: String, Hashable, Sendable {
    /// The promise applied and held: sync quiesced and every replica agrees.
    case held
    /// The promise applied and was broken: every fault was over and no link
    /// dropped every message, yet sync did not quiesce or replicas differ.
    case failed
    /// The strategy makes no such promise (a strict unique constraint keeps
    /// refusing what it refused).
    case notPromised = "not promised"
    /// A partition or a crashed replica was still in force at the end, or
    /// some link drops every message: nothing could be promised.
    case faultsRemain = "faults remain"

    /// The verdict for a run's end state.
    static func verdict(promised: Bool, faultsOver: Bool, networkAlive: Bool, quiesced: Bool, converged: Bool) -> Liveness {
        guard promised else { return .notPromised }
        guard faultsOver && networkAlive else { return .faultsRemain }
        return quiesced && converged ? .held : .failed
    }
}
