import SyncSimulation

/// One comparison: a scenario run once per strategy with one seed.
public struct Report: Sendable {
    /// The shape of every JSON document the tool writes; 2 added
    /// `toolVersion`, `series` and `faults`, and `--format json` always
    /// prints `{ schemaVersion, tool, toolVersion, command, reports }`;
    /// every command's JSON starts with the same four members
    /// (``JSONValue/document(command:_:)``).
    public static let schemaVersion = 3

    /// The scenario run.
    public let scenario: Scenario
    /// The seed every run started from.
    public let seed: UInt64
    /// `memory` until other stores exist.
    public let store: String
    /// One result per run, in order (each strategy once, or once per variant).
    public let results: [RunResult]
    /// False drops every wall-clock figure, so output is byte-identical
    /// between runs.
    public let includesTiming: Bool
    /// The scenario file, or nil for the built-in default scenario.
    public let file: String?
    /// The file's expectations checked against the results.
    public let expectations: [ExpectationOutcome]
    /// The file's value expectations checked against the results: shown
    /// under `run`'s table after the metric ones, and counted in its exit
    /// status (not yet in its JSON, HTML or Markdown; `check` has them all).
    public var valueExpectations: [ValueOutcome] = []
    /// How writers ran; `dispatch` runs are not reproducible.
    public let concurrency: WriterConcurrency
    /// For a file: the stack the command line chose in place of the
    /// file's own (`--preset NAME`, `--engine NAME`, or none), which a
    /// replay repeats. The built-in scenario's stack comes from its scenario.
    public var fileStack = ReplayCommand.Stack()

    /// A report of these results; `expectations` are the file's, checked against them.
    public init(scenario: Scenario, seed: UInt64, store: String = "memory", results: [RunResult], includesTiming: Bool,
                concurrency: WriterConcurrency = .deterministic, file: String? = nil, expectations: [ExpectationOutcome] = []) {
        self.scenario = scenario
        self.seed = seed
        self.store = store
        self.results = results
        self.includesTiming = includesTiming
        self.file = file
        self.expectations = expectations
        self.concurrency = concurrency
    }

    /// True unless real threads took part.
    public var isReproducible: Bool { concurrency == .deterministic }

    /// The command that reproduces this report.
    public var replayCommand: String {
        ReplayCommand.comparison(file: file, scenario: scenario, seed: seed, stack: file == nil ? ReplayCommand.Stack(of: scenario) : fileStack,
                                 strategies: results.map(\.strategy), store: store, concurrency: concurrency).description
    }
}
