import SyncSimulation

extension Report {
    /// The `preset` cell of a run without a preset: a word, never empty,
    /// so that pandas and R read the column as text, not as a float of
    /// missing values.
    public static let noPreset = "none"
    /// The `variant` cell of a run without a variant (every CSV), for the
    /// same reason.
    public static let noVariant = "none"

    /// The columns of every `report.csv`, whatever the scenario, engine,
    /// strategies or options: the run's identity, every metric (the JSON
    /// names; `liveness` as the verdict's words), events, and the
    /// wall-clock figures, empty without timing. `preset` is `none` for a
    /// run without one, so the column reads as text in every file.
    public static let csvHeader = ["scenario", "seed", "replicas", "store", "engine", "preset", "strategy", "variant"]
        + Metric.allCases.map(\.rawValue) + ["events", "wallSeconds", "eventsPerSecond"]

    /// One row per run (per strategy, and per variant when the preset has
    /// them) under ``csvHeader``; `variant` is `none` without variants.
    public func csv() -> String {
        var lines = [CSV.line(Report.csvHeader)]
        for result in results {
            var cells = [scenario.name, String(seed), String(scenario.replicaCount), store, scenario.engine.name,
                         scenario.preset?.name ?? Report.noPreset, result.strategy, result.variant ?? Report.noVariant]
            cells += Metric.allCases.map { $0.csvCell(figure: $0.figure(in: result)) }
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
