import SyncReport
import SyncSimulation

/// `simulate check FILE|DIR...`: each file's expectations, a line each.
struct CheckOptions: CommandOptions {
    var paths: [String] = []
    /// Nil: each file's own seed.
    var seed: UInt64?
    var stack = StackOptions()
    var store = StoreKind.memory
    var format = OutputFormat.table
    /// `--junit FILE`: where to write the JUnit XML report.
    var junitPath: String?
    /// False (`--no-timing`): every JUnit `time` is 0.
    var includesTiming = true
    var out: String?
    /// `--filter TEXT`: only the files whose path or scenario name contains it.
    var filter: String?
    /// `--fail-fast`: stop after the first file that fails or breaks.
    var failFast = false
    var quiet = false
    var checksInvariants = checksInvariantsByDefault
    var limits = RunLimitOptions()

    static var options: [Option<Self>] {
        [
            .seed(\.seed), .engine(\.stack.engine), .preset(\.stack.preset), .set(\.stack.settings), .store(\.store),
            .format(\.format, [.table, .json], "table (default: a PASS, FAIL or ERROR line each) or json (one document)"),
            .junit(\.junitPath), .junitNoTiming(\.includesTiming), .out(\.out),
            .value("--filter", \.filter, .nonEmptyText("TEXT", accepts: "text that a file's path or scenario name contains, such as stacks/ or clock"),
                   "only the files whose path or scenario name contains TEXT"),
            .flag("--fail-fast", \.failFast, "stop after the first file that fails or cannot be parsed"),
        ] + Option.runControls(quiet: \.quiet, checksInvariants: \.checksInvariants, limits: \.limits)
    }

    static var operands: WritableKeyPath<Self, [String]>? { \.paths }

    static let help = CommandHelp(
        .check, operands: "FILE|DIR...",
        summary: "check the expectations of scenario files or folders: what a CI job calls",
        description: """
            Runs the expectations of scenario files, or of every .json5 file in a folder and its
            subfolders, under the strategies they name: one PASS or FAIL line each, then
            "N passed, M failed". A file that cannot be parsed gets an ERROR line and the other
            files still run (not with --fail-fast). Two files with one scenario name are refused
            (exit 2, naming both): their lines and --out folders would be the same. Exit status
            2 if a file was broken, else 1 if an expectation failed, else 0. With
            GITHUB_ACTIONS=true in the environment, each failure also prints
            ::error file=FILE,line=LINE::message, an annotation on the expectation's line.
            """,
        options: options,
        example: "simulate check Scenarios --junit check.xml")

    func validate() throws(UsageError) {
        try stack.validate(strategies: nil)
        guard !paths.isEmpty else { throw UsageError(message: "simulate check needs at least one scenario file or folder, such as Scenarios") }
    }

    func run() {
        CheckCommand.check(self)
    }
}
