/// A figure of a run that an expectation can name, by its JSON path.
///
/// The case gives the metric its path; everything else about it (unit,
/// how to read it from a ``RunResult``, its JSON type, table column and
/// legend, its line in docs/MODEL.md) is its ``MetricSpec`` in
/// ``catalog``. The cases' order is the order of the CSV columns and of a
/// sweep's stored figures, so a new metric goes last.
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
    case divergedSeconds
    /// After `divergedSeconds`, so that every earlier CSV column keeps its place.
    case lostLinks = "lostWritesDetail.links"

    /// Everything the outputs say about the metric (its entry in ``catalog``).
    public var spec: MetricSpec {
        guard let spec = Self.specs[self] else { preconditionFailure("\(rawValue) has no spec in Metric.catalog") }
        return spec
    }

    /// The catalog by metric, checked once: one spec per metric.
    private static let specs: [Metric: MetricSpec] = {
        let specs = Dictionary(catalog.map { ($0.metric, $0) }) { first, _ in
            preconditionFailure("\(first.path) has two specs in Metric.catalog")
        }
        precondition(specs.count == allCases.count, "every metric has a spec in Metric.catalog")
        return specs
    }()

    /// The figure in `result`, in the units the JSON report uses (seconds
    /// for times, 1 or 0 for yes or no; `liveness` is 0 only when the
    /// promise to converge applied and was broken, 1 for every other
    /// verdict); nil for `convergenceSeconds` when the replicas never
    /// agreed, and for `liveness` when it was not judged (`--max-events`
    /// stopped the run).
    public func value(in result: RunResult) -> Double? {
        spec.value(in: result).number
    }
}

extension Metric {
    /// What a sweep stores for the metric (``Sweep/Runs/values``): the
    /// ``value(in:)``, except for a verdict (`liveness`), stored as its
    /// ``Liveness/code`` so that `sweep-runs.csv` can name every verdict.
    public func figure(in result: RunResult) -> Double? {
        let value = spec.value(in: result)
        guard case .verdict(let verdict) = value else { return value.number }
        return Double(verdict.code)
    }

    /// The ``value(in:)`` a stored ``figure(in:)`` stands for: what a
    /// sweep's statistics average.
    public func value(figure: Double?) -> Double? {
        guard spec.kind == .verdict, let figure else { return figure }
        // A part written before verdicts had codes holds 1 or 0, which
        // read as `held` and `failed`: the same values.
        guard let verdict = Liveness(code: figure) else { return nil }
        return MetricSpec.Value.verdict(verdict).number
    }
}
