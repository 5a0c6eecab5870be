/// A figure of a run that an expectation can name, by its JSON path.
public enum Metric: String, CaseIterable, Sendable {
    case duplicatesFinal = "duplicates.final"
    case duplicatesPeak = "duplicates.peak"
    case duplicatesSeconds = "duplicates.seconds"
    case diverged
    case converged
    case convergenceSeconds
    case rejected
    case rejectedLocalSaves = "rejectedDetail.localSaves"
    case rejectedChangeSets = "rejectedDetail.changeSets"
    case rejectedBlocked = "rejectedDetail.blocked"
    case lostWrites
    case lostFieldWrites = "lostWritesDetail.fields"
    case lostRecords = "lostWritesDetail.records"
    case lostToDeletes = "lostWritesDetail.toDeletes"
    case resurrected
    case copiesLost
    case dangling
    case pendingLinksPeak
    case storeOpenFailures
    case lostOnReset
    case links
    case missedChanges
    case missedIntents
    case changeSets
    case conflicts
    case serverDuplicates
    case intentsWhileDown
    case quiesced
    case liveness
    case raceIntents = "race.intents"
    case raceLocalDuplicates = "race.localDuplicates"
    case raceSavesRetried = "race.savesRetried"
    case networkSent = "network.sent"
    case networkDropped = "network.dropped"
    case networkDuplicated = "network.duplicated"
    case networkDelivered = "network.delivered"
    case networkBytes = "network.bytes"
    /// Last, so that every earlier CSV column keeps its place.
    case markedLosersPeak = "markedLosers.peak"
    case markedLosersFinal = "markedLosers.final"

    /// The figure in `result`, in the units the JSON report uses (seconds
    /// for times, 1 or 0 for yes or no; `liveness` is 0 only when the
    /// promise to converge applied and was broken, 1 for every other
    /// verdict); nil for `convergenceSeconds` when the replicas never
    /// agreed, and for `liveness` when it was not judged (`--max-events`
    /// stopped the run).
    public func value(in result: RunResult) -> Double? {
        switch self {
        case .duplicatesFinal: return Double(result.duplicates.final)
        case .duplicatesPeak: return Double(result.duplicates.peak)
        case .duplicatesSeconds: return Double(result.duplicates.integralMicros) / 1_000_000
        case .markedLosersPeak: return Double(result.markedLosers.peak)
        case .markedLosersFinal: return Double(result.markedLosers.final)
        case .diverged: return Double(result.diverged)
        case .converged: return result.convergenceMicros == nil ? 0 : 1
        case .convergenceSeconds: return result.convergenceMicros.map { Double($0) / 1_000_000 }
        case .rejected: return Double(result.rejected.total)
        case .rejectedLocalSaves: return Double(result.rejected.localSaves)
        case .rejectedChangeSets: return Double(result.rejected.changeSets)
        case .rejectedBlocked: return Double(result.rejected.blocked)
        case .lostWrites: return Double(result.lostWrites.total)
        case .lostFieldWrites: return Double(result.lostWrites.fields)
        case .lostToDeletes: return Double(result.lostWrites.toDeletes)
        case .lostRecords: return Double(result.lostWrites.records)
        case .resurrected: return Double(result.resurrected)
        case .copiesLost: return Double(result.copiesLost)
        case .dangling: return Double(result.dangling)
        case .pendingLinksPeak: return Double(result.pendingLinksPeak)
        case .storeOpenFailures: return Double(result.storeOpenFailures)
        case .lostOnReset: return Double(result.lostOnReset)
        case .links: return Double(result.links)
        case .missedChanges: return Double(result.missedChanges)
        case .missedIntents: return Double(result.missedIntents)
        case .changeSets: return Double(result.changeSets)
        case .conflicts: return Double(result.conflicts)
        case .serverDuplicates: return Double(result.serverDuplicates)
        case .intentsWhileDown: return Double(result.intentsWhileDown)
        case .quiesced: return result.quiesced ? 1 : 0
        case .liveness: return Self.livenessValue(result.liveness)
        case .raceIntents: return Double(result.race.intents)
        case .raceLocalDuplicates: return Double(result.race.localDuplicates)
        case .raceSavesRetried: return Double(result.race.savesRetried)
        case .networkSent: return Double(result.network.sent)
        case .networkDropped: return Double(result.network.dropped)
        case .networkDuplicated: return Double(result.network.duplicated)
        case .networkDelivered: return Double(result.network.delivered)
        case .networkBytes: return Double(result.network.bytes)
        }
    }
}

extension Metric {
    /// What a sweep stores for the metric (``Sweep/Runs/values``): the
    /// ``value(in:)``, except for `liveness`, stored as its verdict's
    /// ``Liveness/code`` so that `sweep-runs.csv` can name every verdict.
    public func figure(in result: RunResult) -> Double? {
        self == .liveness ? Double(result.liveness.code) : value(in: result)
    }

    /// The ``value(in:)`` a stored ``figure(in:)`` stands for: what a
    /// sweep's statistics average.
    public func value(figure: Double?) -> Double? {
        guard self == .liveness, let figure else { return figure }
        // A part written before verdicts had codes holds 1 or 0, which
        // read as `held` and `failed`: the same values.
        guard let verdict = Liveness(code: figure) else { return nil }
        return Self.livenessValue(verdict)
    }

    /// 0 for a broken promise, 1 for any other verdict that was reached,
    /// nil when none was (`not judged`).
    static func livenessValue(_ liveness: Liveness) -> Double? {
        switch liveness {
        case .failed: return 0
        case .held, .notPromised, .faultsRemain: return 1
        case .notJudged: return nil
        }
    }
}
