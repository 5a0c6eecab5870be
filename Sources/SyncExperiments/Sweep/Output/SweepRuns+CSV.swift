import SyncReport
import SyncSimulation

extension Sweep.Runs {
    /// The columns of `sweep-runs.csv` for a sweep varying `parameters`:
    /// the point, its settings in the order varied, the seed, the strategy,
    /// its variant (`none` without variants), then every metric (the JSON
    /// names and, for `liveness`, the verdict's words, as in `report.csv`).
    public static func csvHeader(parameters: [SweepParameter]) -> [String] {
        ["scenario", "point"] + parameters.map(\.path) + ["seed", "strategy", "variant"] + Metric.allCases.map(\.rawValue)
    }

    /// `sweep-runs.csv`: every run's figures, one row per point × seed ×
    /// run (strategy, and variant when the preset has them), in point, then
    /// seed, then run order (``runs``); what
    /// `sweep.csv` summarizes, for a reader who wants the distribution
    /// itself. Needs every job of `plan`.
    public func csv(plan: Sweep.Plan) -> String {
        precondition(values.count == plan.jobCount, "sweep-runs.csv needs every job: \(values.count) of \(plan.jobCount)")
        let settings = plan.parameters.map { CSV.settingCells($0.values) }
        let columns = runs
        var lines = [CSV.line(Self.csvHeader(parameters: plan.parameters))]
        for point in plan.points {
            let pointCells = [scenario, String(point.index)] + zip(settings, point.values).map { $0[$1] ?? $1 }
            for (seedIndex, seed) in plan.seeds.enumerated() {
                let perRun = values[point.index * plan.seeds.count + seedIndex]!
                precondition(perRun.count == columns.count && perRun.allSatisfy { $0.count == Metric.allCases.count },
                             "a job holds one figure per run and metric")
                for (run, figures) in zip(columns, perRun) {
                    let metricCells = zip(Metric.allCases, figures).map { $0.csvCell(figure: $1) }
                    lines.append(CSV.line(pointCells + [String(seed), run.strategy, run.variant ?? Report.noVariant] + metricCells))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
