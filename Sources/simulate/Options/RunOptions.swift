import SyncReport
import SyncSimulation

/// `simulate run FILE...`: scenario files, each reported like the built-in scenario.
struct RunOptions: CommandOptions {
    var paths: [String] = []
    /// Nil: each file's own seed.
    var seed: UInt64?
    var stack = StackOptions()
    /// How each comparison runs and is reported; nil `strategyNames`:
    /// each file's own list.
    var comparison = ComparisonOptions()

    static var options: [Option<Self>] {
        [
            .seed(\.seed), .engine(\.stack.engine), .preset(\.stack.preset), .set(\.stack.settings), .strategies(\.comparison.strategyNames),
            .format(\.comparison.format, OutputFormat.allCases, "table (default), json or markdown"),
            .noTiming(\.comparison.includesTiming), .store(\.comparison.store), .concurrency(\.comparison.concurrency), .out(\.comparison.out),
        ] + Option.runControls(quiet: \.comparison.quiet, checksInvariants: \.comparison.checksInvariants, limits: \.comparison.limits)
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
        try stack.validate(strategies: comparison.strategyNames)
        guard !paths.isEmpty else { throw UsageError(message: "simulate run needs at least one scenario file, such as Scenarios/default.json5") }
    }

    func run() {
        ScenarioCommands.run(self)
    }
}
