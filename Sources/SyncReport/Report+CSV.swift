import SyncSimulation

extension Report {
    /// One row per strategy, one column per metric (the JSON names), with a
    /// header row. Wall-clock columns only with timing.
    public func csv() -> String {
        var header = ["scenario", "seed", "replicas", "store", "strategy"] + Metric.allCases.map(\.rawValue) + ["events"]
        if includesTiming { header += ["wallSeconds", "eventsPerSecond"] }
        var lines = [header.map(CSV.field).joined(separator: ",")]
        for result in results {
            var cells = [scenario.name, String(seed), String(scenario.replicaCount), store, result.strategy]
            cells += Metric.allCases.map { metric in metric.value(in: result).map(ExpectationText.number) ?? "" }
            cells.append(String(result.events))
            if includesTiming {
                cells += [DecimalText.fixed(result.wallSeconds, digits: 6), DecimalText.fixed(result.eventsPerSecond, digits: 0)]
            }
            lines.append(cells.map(CSV.field).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
