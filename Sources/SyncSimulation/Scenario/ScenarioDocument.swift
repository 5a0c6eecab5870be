/// A scenario file, read and checked: the scenario for one seed, plus what
/// the file asks to run and what it expects.
public struct ScenarioDocument: Sendable {
    /// The path it was read from, as given.
    public let file: String
    public let scenario: Scenario
    public let seed: UInt64
    /// The strategies the file names (all eight by default).
    public let strategyNames: [String]
    public let expectations: [Expectation]
    /// The command-line options that replaced the file's stack
    /// (` --preset NAME`, ` --engine NAME`), empty when it runs its own.
    public internal(set) var stackArguments = ""
}
