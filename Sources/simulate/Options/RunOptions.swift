import SyncReport
import SyncSimulation

/// `simulate run FILE...`: scenario files, each reported like the built-in scenario.
struct RunOptions: CommandOptions {
    var paths: [String] = []
    /// Nil: each file's own seed.
    var seed: UInt64?
    var stack = StackOptions()
    /// Nil: each file's own list.
    var strategyNames: [String]?
    var format = OutputFormat.table
    var includesTiming = true
    var store = StoreKind.memory
    var concurrency = WriterConcurrency.deterministic
    var out: String?
    var quiet = false
    var checksInvariants = checksInvariantsByDefault
    var limits = RunLimitOptions()

    static var options: [Option<Self>] {
        [
            .seed(\.seed), .engine(\.stack.engine), .preset(\.stack.preset), .strategies(\.strategyNames),
            .format(\.format, OutputFormat.allCases, "table (default), json or markdown"),
            .noTiming(\.includesTiming), .store(\.store), .concurrency(\.concurrency), .out(\.out),
        ] + Option.runControls(quiet: \.quiet, checksInvariants: \.checksInvariants, limits: \.limits)
    }

    static var operands: WritableKeyPath<Self, [String]>? { \.paths }

    static let help = CommandHelp(
        .run, operands: "FILE...",
        summary: "run scenario files and report each like the default scenario, expectations checked",
        description: """
            Runs scenario files (.json5, see Scenarios/README.md) and reports each like the
            default scenario, with the file's expectations checked. Several files give several
            reports. Exit status 1 when an expectation fails, as with check.
            """,
        options: options,
        example: "simulate run Scenarios/offline-field-edits.json5 --preset sqlitedata")

    func validate() throws(UsageError) {
        try stack.validate(strategies: strategyNames)
        guard !paths.isEmpty else { throw UsageError(message: "simulate run needs at least one scenario file, such as Scenarios/default.json5") }
    }

    func run() {
        ScenarioCommands.run(self)
    }
}
