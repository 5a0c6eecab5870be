/// One varied setting of a sweep: a path into the scenario file and the
/// values it takes, as written on the command line.
public struct SweepParameter: Hashable, Sendable {
    public let path: String
    public let values: [String]

    public init(path: String, values: [String]) {
        self.path = path
        self.values = values
    }
}

/// One point of the grid: a value for every parameter, in parameter order.
public struct SweepPoint: Hashable, Sendable {
    public let index: Int
    public let values: [String]
}

/// One metric of one strategy at one grid point, over every seed.
public struct SweepRow: Hashable, Sendable {
    public let point: SweepPoint
    public let strategy: String
    public let metric: Metric
    /// Nil when no seed produced a value.
    public let summary: MetricSummary?
}

/// A whole sweep: what was varied, over which seeds, and the summaries.
public struct SweepResult: Sendable {
    public let scenario: String
    public let file: String
    public let parameters: [SweepParameter]
    public let seeds: [UInt64]
    public let strategies: [String]
    public let points: [SweepPoint]
    /// Point by point, then strategy by strategy, then metric by metric.
    public let rows: [SweepRow]

    public init(scenario: String, file: String, parameters: [SweepParameter], seeds: [UInt64], strategies: [String],
                points: [SweepPoint], rows: [SweepRow]) {
        self.scenario = scenario
        self.file = file
        self.parameters = parameters
        self.seeds = seeds
        self.strategies = strategies
        self.points = points
        self.rows = rows
    }

    /// The metrics the Markdown and HTML summaries show.
    public static let headlineMetrics: [Metric] = [.duplicatesFinal, .duplicatesPeak, .lostWrites, .diverged, .convergenceSeconds, .rejected]
}
