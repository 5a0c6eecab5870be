import SyncSimulation

extension Report {
    /// The columns of every `report.csv`, whatever the scenario, engine,
    /// strategies or options: the run's identity, every metric (the JSON
    /// names), events, and the wall-clock figures, empty without timing.
    public static let csvHeader = ["scenario", "seed", "replicas", "store", "engine", "preset", "strategy", "variant"]
        + Metric.allCases.map(\.rawValue) + ["events", "wallSeconds", "eventsPerSecond"]

    /// One row per run (per strategy, and per variant when the preset has
    /// them) under ``csvHeader``; `variant` is empty without variants.
    public func csv() -> String {
        var lines = [CSV.line(Report.csvHeader)]
        for result in results {
            var cells = [scenario.name, String(seed), String(scenario.replicaCount), store, scenario.engine.name,
                         scenario.preset?.name ?? "", result.strategy, result.variant ?? ""]
            cells += Metric.allCases.map { $0.csvCell($0.value(in: result)) }
            cells.append(String(result.events))
            cells += includesTiming
                ? [DecimalText.fixed(result.wallSeconds, digits: 6), DecimalText.fixed(result.eventsPerSecond, digits: 0)]
                : ["", ""]
            precondition(cells.count == Report.csvHeader.count, "a report.csv row has one cell per column")
            lines.append(CSV.line(cells))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
