/// Whether a run kept the liveness promise: once the last fault is over, a
/// strategy that promises convergence (``Strategy/promisesConvergence``)
/// converges before `until` on any network whose drop rate is below 1.
/// Safety figures (duplicates, lost writes) are measured either way; this
/// says whether the run was able to finish, as TigerBeetle's VOPR splits a
/// fault phase from a healed phase in which the cluster must make progress.
///
/// The promise is owed to the devices that sync (``LivenessScope``): a
/// device whose sync stayed off, and the records a device saved with sync
/// off and never uploaded, are left out of the judgement.
public enum Liveness: String, CaseIterable, Hashable, Sendable {
    /// The promise applied and held: sync quiesced and every device that
    /// syncs agrees.
    case held
    /// The promise applied and was broken: every fault was over and no link
    /// dropped every message, yet sync did not quiesce or devices differ.
    case failed
    /// The strategy makes no such promise (a strict unique constraint keeps
    /// refusing what it refused).
    case notPromised = "not promised"
    /// A partition or a crashed replica was still in force at the end, or
    /// some link drops every message: nothing could be promised.
    case faultsRemain = "faults remain"
    /// `--max-events` stopped the run before it quiesced or reached
    /// `until`, or the run reached `until` too soon after its last write or
    /// heal for sync to finish (``RunResult/cutShort``): whether the
    /// promise would have held is unknown. Neither held nor failed.
    case notJudged = "not judged"

    /// The verdict for a run's end state. `converged` is judged over the
    /// devices that sync (``LivenessScope``). `cutShort`: the run ended
    /// sooner after its last write or heal than sync may need
    /// (``SyncSettleTime``); a run that did not quiesce then is not judged.
    static func verdict(promised: Bool, stoppedEarly: Bool, faultsOver: Bool, networkAlive: Bool, quiesced: Bool,
                        converged: Bool, cutShort: Bool = false) -> Liveness {
        guard promised else { return .notPromised }
        guard !stoppedEarly else { return .notJudged }
        guard faultsOver && networkAlive else { return .faultsRemain }
        if quiesced && converged { return .held }
        return !quiesced && cutShort ? .notJudged : .failed
    }

    /// True for `held` and `failed`: the promise applied and the run was
    /// long enough to tell.
    public var isJudged: Bool { self == .held || self == .failed }

    /// A number per verdict, for stores of figures that hold numbers only
    /// (a sweep's jobs and its `sweep-part-*.json` files): 1 `held`,
    /// 0 `failed` (the figure the `liveness` metric reads for those two),
    /// 2 `not promised`, 3 `faults remain`, 4 `not judged`. Outputs print
    /// the verdict's words, never the code.
    public var code: Int {
        switch self {
        case .failed: return 0
        case .held: return 1
        case .notPromised: return 2
        case .faultsRemain: return 3
        case .notJudged: return 4
        }
    }

    /// The verdict of a ``code``; nil for a number that is none.
    public init?(code: Double) {
        guard let verdict = Liveness.allCases.first(where: { Double($0.code) == code }) else { return nil }
        self = verdict
    }
}
