import SyncSimulation

/// What a scenario file chose whose meaning depends on the stack it runs
/// on, with where the file says it: its stack, its strategy list, its
/// expectations and a deny delete rule. A document keeps them so that
/// running it on another stack checks them again
/// (``ScenarioDocument/bound(_:choices:file:seed:checkingSettings:)``).
package struct FileChoices: Sendable {
    /// A value and the path of the file's node that gives it.
    struct Placed<Value: Sendable>: Sendable {
        let value: Value
        let path: String
    }

    /// One item of `expect`, with where it names its strategy, its variant
    /// and (a value expectation) its replicas.
    struct PlacedExpectation: Sendable {
        let expectation: ScenarioExpectation
        let strategyPath: String
        let variantPath: String?
        let replicasPath: String?
    }

    var stack: StackChoice
    /// The `strategies` list; nil when the file has none.
    var listedStrategies: [Placed<String>]?
    /// The strategies `--strategies` runs instead of the file's list; nil
    /// without the option. A preset's refusals are checked against these,
    /// not the list they replace (a file listing `crdt` runs under
    /// `--preset nspckc --strategies lww`).
    var commandLineStrategies: [String]?
    /// Every item of `expect`, in the file's order.
    var expectations: [PlacedExpectation]
    /// Where the schema is given (`schema` or `versions`), for a preset
    /// that cannot run a deny delete rule.
    var schemaPath: String
    /// Where the file names the endpoint its own stack adds (`hub`,
    /// `server`), in the order it is read; empty for a scenario built in
    /// Swift, whose steps are checked instead.
    var stackEndpointPlaces: [String]
    /// `deleteRulesOnImport` as the file sets it; nil when it does not, so
    /// the preset's (``StackPreset/deleteRulesOnImport``) applies.
    var deleteRulesOnImport: Bool?

    /// The choices of a scenario built in Swift: its engine, preset and
    /// topology as the stack (its engine settings are not known, so another
    /// stack runs with its own defaults), every default strategy, its
    /// expectations, with no file to point at.
    init(builtFrom scenario: Scenario, strategyNames: [String], expectations: [ScenarioExpectation]) {
        stack = StackChoice(engine: scenario.preset == nil ? scenario.engine.name : nil, preset: scenario.preset,
                            topology: scenario.preset == nil ? scenario.topology : nil,
                            hubRunsAppCode: scenario.hubRunsAppCode, settings: [])
        listedStrategies = strategyNames.map { Placed(value: $0, path: "strategies") }
        commandLineStrategies = nil
        self.expectations = expectations.map { PlacedExpectation(expectation: $0, strategyPath: "expect", variantPath: "expect", replicasPath: "expect") }
        schemaPath = "schema"
        stackEndpointPlaces = []
        // Built in Swift, false is the default, not a choice over a preset's.
        deleteRulesOnImport = scenario.deleteRulesOnImport ? true : nil
    }

    init(stack: StackChoice, listedStrategies: [Placed<String>]?, expectations: [PlacedExpectation], schemaPath: String, stackEndpointPlaces: [String]) {
        self.stack = stack
        self.listedStrategies = listedStrategies
        self.commandLineStrategies = nil
        self.expectations = expectations
        self.schemaPath = schemaPath
        self.stackEndpointPlaces = stackEndpointPlaces
    }
}
