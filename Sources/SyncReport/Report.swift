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

    public init(scenario: Scenario, seed: UInt64, store: String = "memory", results: [RunResult], includesTiming: Bool) {
        self.scenario = scenario
        self.seed = seed
        self.store = store
        self.results = results
        self.includesTiming = includesTiming
    }

    /// The command that reproduces this report.
    public var replayCommand: String {
        let names = results.map(\.strategy)
        let command = "simulate --replicas \(scenario.replicaCount) --seed \(seed)"
        return names == StrategyCatalog.defaultNames ? command : command + " --strategies " + names.joined(separator: ",")
    }
}
