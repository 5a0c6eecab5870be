import SyncModel
import SyncSimulation

/// A scenario file, read and checked: the scenario for one seed, plus what
/// the file asks to run and what it expects.
public struct ScenarioDocument: Sendable {
    /// The path it was read from, as given.
    public let file: String
    /// The scenario the file describes, for ``seed``.
    public let scenario: Scenario
    /// The seed the scenario was built with: the file's, or the command line's.
    public let seed: UInt64
    /// The strategies the file names (all eight by default).
    public let strategyNames: [String]
    /// Every item of the file's `expect` list that applies, in its order.
    public let allExpectations: [ScenarioExpectation]
    /// What the file chose that another stack checks again.
    package let choices: FileChoices

    /// A document of a scenario already built. Run on another stack
    /// (``runningUnder(engine:)``), it keeps its strategies and takes the
    /// new engine's default settings: a built scenario's own are not known.
    public init(file: String, scenario: Scenario, seed: UInt64, strategyNames: [String], allExpectations: [ScenarioExpectation]) {
        self.init(file: file, scenario: scenario, seed: seed, strategyNames: strategyNames, allExpectations: allExpectations,
                  choices: FileChoices(builtFrom: scenario, strategyNames: strategyNames, expectations: allExpectations))
    }

    init(file: String, scenario: Scenario, seed: UInt64, strategyNames: [String], allExpectations: [ScenarioExpectation], choices: FileChoices) {
        self.file = file
        self.scenario = scenario
        self.seed = seed
        self.strategyNames = strategyNames
        self.allExpectations = allExpectations
        self.choices = choices
    }

    /// The metric expectations, in the file's order: what `explore`,
    /// `shrink` and sweeps read.
    public var expectations: [Expectation] {
        allExpectations.compactMap { if case .metric(let expectation) = $0 { expectation } else { nil } }
    }

    /// The value expectations, in the file's order.
    public var valueExpectations: [ValueExpectation] {
        allExpectations.compactMap { if case .value(let expectation) = $0 { expectation } else { nil } }
    }
}
