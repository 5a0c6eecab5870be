import SyncSimulation

/// One comparison: a scenario run once per strategy with one seed.
public struct Report: Sendable {
    public static let schemaVersion = 1

    public let scenario: Scenario
    public let seed: UInt64
    /// `memory` until other stores exist.
    public let store: String
    public let results: [RunResult]
    /// False drops every wall-clock figure, so output is byte-identical
    /// between runs.
    public let includesTiming: Bool
    /// The scenario file, or nil for the built-in default scenario.
    public let file: String?
    /// The file's expectations checked against the results.
    public let expectations: [ExpectationOutcome]

    public init(scenario: Scenario, seed: UInt64, store: String = "memory", results: [RunResult], includesTiming: Bool,
                file: String? = nil, expectations: [ExpectationOutcome] = []) {
        self.scenario = scenario
        self.seed = seed
        self.store = store
        self.results = results
        self.includesTiming = includesTiming
        self.file = file
        self.expectations = expectations
    }

    /// The command that reproduces this report.
    public var replayCommand: String {
        let names = results.map(\.strategy)
        let command = file.map { "simulate run \($0) --seed \(seed)" }
            ?? "simulate --replicas \(scenario.replicaCount) --seed \(seed)"
        return names == StrategyCatalog.defaultNames ? command : command + " --strategies " + names.joined(separator: ",")
    }
}
