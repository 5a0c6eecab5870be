import SyncExperiments
import SyncSimulation

/// `simulate sweep FILE --vary …`: a grid of settings × seeds.
struct SweepOptions: CommandOptions {
    var paths: [String] = []
    var variations: [SweepParameter] = []
    var seeds: [UInt64] = Array(1 ... 30)
    /// Nil: the file's own list.
    var strategyNames: [String]?
    var store = StoreKind.memory
    var shard = Shard()
    var out: String?
    var format = OutputFormat.markdown
    var quiet = false
    var checksInvariants = checksInvariantsByDefault
    var limits = RunLimitOptions()

    static var options: [Option<Self>] {
        [
            Option.values("--vary", appendingTo: \.variations, .variation, check: { variations, variation throws(UsageError) in
                guard !variations.contains(where: { $0.path == variation.path }) else {
                    throw UsageError(message: "--vary names '\(Echo.text(variation.path))' twice; give all its values at once")
                }
            }, "a setting's path and values, such as network.drop=0,0.1 (repeat for a grid)").required(),
            Option.seeds(\.seeds).described { "the seeds of every point, a range or a comma-separated list (default \($0.default))" },
            .strategies(\.strategyNames),
            Option.store(\.store).described("memory (default), sqlite (in memory), sqlite:DIR (DIR/PATH=VALUE/SCENARIO/…)"),
            .value("--shard", \.shard, .shard, "run only slice K of N, writing DIR/sweep-part-K-of-N.json (needs --out)"),
            Option.out(\.out).described("also write the sweep's Markdown, JSON, CSV and HTML files to DIR"),
            .format(\.format, [.markdown, .json], "markdown (default: the summary) or json (the document sweep.json holds)"),
        ] + Option.runControls(quiet: \.quiet, checksInvariants: \.checksInvariants, limits: \.limits)
    }

    static var operands: WritableKeyPath<Self, [String]>? { \.paths }

    static let help = CommandHelp(
        .sweep, operands: "FILE",
        summary: "a grid of settings × seeds for one scenario file, with confidence intervals",
        description: """
            Runs one scenario file over a grid of settings × seeds: any setting by its path
            (network.drop, replicas, sync.fanout, steps[1].import.count …), every strategy at
            every point; per point, strategy and metric: mean, standard deviation, min, max and a
            95% Student's t interval. Runs on every core and prints a Markdown summary.
            """,
        options: options,
        example: "simulate sweep Scenarios/default.json5 --vary network.drop=0,0.1,0.2 --seeds 1..30 --out sweep")

    func validate() throws(UsageError) {
        guard paths.count == 1 else { throw UsageError(message: "simulate sweep needs exactly one scenario file, such as Scenarios/default.json5") }
        guard !variations.isEmpty else { throw UsageError(message: "simulate sweep needs at least one --vary PATH=V1,V2,…") }
        guard shard.count == 1 || out != nil else { throw UsageError(message: "--shard writes a part file: give --out DIR") }
    }

    func run() {
        SweepCommands.sweep(self)
    }
}
