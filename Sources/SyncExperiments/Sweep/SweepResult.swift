import SyncSimulation

/// One varied setting of a sweep: a path into the scenario file and the
/// values it takes, as written on the command line.
public struct SweepParameter: Hashable, Sendable {
    /// A path into the scenario file, such as `network.drop`.
    public let path: String
    /// The values it takes, in the order given.
    public let values: [String]

    /// The setting at `path`, taking `values`.
    public init(path: String, values: [String]) {
        self.path = path
        self.values = values
    }
}

/// One point of the grid: a value for every parameter, in parameter order.
public struct SweepPoint: Hashable, Sendable {
    /// The point's position in the grid, from 0.
    public let index: Int
    /// A value per parameter, in parameter order.
    public let values: [String]

    /// Point `index` of a grid, with a value per parameter.
    public init(index: Int, values: [String]) {
        self.index = index
        self.values = values
    }
}

/// One metric of one strategy (under one variant, when the preset has
/// them) at one grid point, over every seed.
public struct SweepRow: Hashable, Sendable {
    /// The grid point.
    public let point: SweepPoint
    /// The plain strategy name.
    public let strategy: String
    /// The variant the strategy ran under (``SyncSimulation/ScenarioVariant``); nil when
    /// the scenario has no variants.
    public let variant: String?
    /// The metric summarised.
    public let metric: Metric
    /// Nil when no seed produced a value.
    public let summary: MetricSummary?

    /// A row; nil `variant` when the scenario has no variants.
    public init(point: SweepPoint, strategy: String, variant: String? = nil, metric: Metric, summary: MetricSummary?) {
        self.point = point
        self.strategy = strategy
        self.variant = variant
        self.metric = metric
        self.summary = summary
    }

    /// The sweep column this row belongs to.
    public var run: SweepRun { SweepRun(strategy: strategy, variant: variant) }
}

/// A whole sweep: what was varied, over which seeds, and the summaries.
public struct SweepResult: Sendable {
    /// The scenario's `name`.
    public let scenario: String
    /// The scenario file, as given.
    public let file: String
    /// The settings varied; the first varies slowest.
    public let parameters: [SweepParameter]
    /// The seeds every point ran, in order.
    public let seeds: [UInt64]
    /// The columns: each strategy, once per variant when the preset has
    /// them, in ``SweepRun/plan(strategies:variants:)`` order.
    public let runs: [SweepRun]
    /// Every combination of parameter values, the first parameter varying slowest.
    public let points: [SweepPoint]
    /// Point by point, then run by run, then metric by metric.
    public let rows: [SweepRow]
    /// The command whose output it is, as its printed JSON's envelope
    /// names it: `sweep`, or `merge` for the parts `simulate merge`
    /// combined (`sweep.json` names `sweep` either way: ``json(command:)``).
    public var command = "sweep"

    /// A result of the given columns, points and rows.
    public init(scenario: String, file: String, parameters: [SweepParameter], seeds: [UInt64], runs: [SweepRun],
                points: [SweepPoint], rows: [SweepRow]) {
        self.scenario = scenario
        self.file = file
        self.parameters = parameters
        self.seeds = seeds
        self.runs = runs
        self.points = points
        self.rows = rows
    }

    /// The plain strategy names, each once, in column order.
    public var strategies: [String] { Self.distinct(runs.map(\.strategy)) }

    /// The variants each strategy ran under, in column order; empty when
    /// the scenario has none.
    public var variants: [String] { Self.distinct(runs.compactMap(\.variant)) }

    /// The summary of `metric` for `run` at `point`; nil when no seed
    /// produced a value or the sweep has no such row.
    public func summary(at point: SweepPoint, of run: SweepRun, _ metric: Metric) -> MetricSummary? {
        rows.first { $0.point == point && $0.run == run && $0.metric == metric }?.summary
    }

    private static func distinct(_ names: [String]) -> [String] {
        var seen: [String] = []
        for name in names where !seen.contains(name) { seen.append(name) }
        return seen
    }

    /// The metrics the Markdown and HTML summaries show.
    public static let headlineMetrics: [Metric] = [.duplicatesFinal, .duplicatesPeak, .lostWrites, .resurrected, .diverged,
                                                   .convergenceSeconds, .rejected]
}
