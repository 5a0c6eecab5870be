import SyncReport
import SyncSimulation

/// `simulate [--replicas N] …`: the built-in default scenario, once per strategy.
struct CompareOptions: CommandOptions {
    var replicas = 5
    var seed: UInt64 = 1
    var stack = StackOptions()
    /// How each comparison runs and is reported; nil `strategyNames`:
    /// the preset's strategies, else the eight defaults.
    var comparison = ComparisonOptions()

    static var options: [Option<Self>] {
        [
            .replicas(\.replicas),
            .seed(\.seed),
            Option.engine(\.stack.engine)
                .described("\(EngineCatalog.allNames.joined(separator: " or ")) (default \(EngineCatalog.defaultName); see ENGINES); not with --preset"),
            Option.preset(\.stack.preset).described("a stack you could ship; sets the engine and topology (see PRESETS)"),
            Option.strategies(\.comparison.strategyNames)
                .described("strategies to run, comma-separated, in order (default: the first \(HelpLayout.spelled(StrategyCatalog.defaultNames.count)) below)"),
            .format(\.comparison.format, OutputFormat.allCases, "table (default), json or markdown"),
            .noTiming(\.comparison.includesTiming), .store(\.comparison.store), .concurrency(\.comparison.concurrency),
            Option.out(\.comparison.out).described("also write report.md, report.json, report.csv and report.html to DIR"),
        ] + Option.runControls(quiet: \.comparison.quiet, checksInvariants: \.comparison.checksInvariants, limits: \.comparison.limits)
    }

    static let help = CommandHelp(
        .compare,
        summary: "run the built-in default scenario once per strategy, all from one seed",
        description: """
            Runs the built-in default scenario once per strategy, all from one seed: N replicas
            start partitioned from each other; each imports the same 100 users (email unique)
            and makes 50 random edits; at 2 s the partition heals, over a network that drops 10%
            and duplicates 5% of messages with 5–80 ms of delay. The run ends when it is quiesced
            (nothing scheduled or possible can change any replica), or at 60 s of virtual time
            with "did not quiesce" warned and "quiesced": false in JSON. The same arguments give
            the same figures on any machine.
            """,
        options: options,
        example: "simulate --replicas 5 --strategies lww,crdt --format json")

    func validate() throws(UsageError) {
        try stack.validate(strategies: comparison.strategyNames)
    }

    func run() {
        ScenarioCommands.compare(self)
    }
}
