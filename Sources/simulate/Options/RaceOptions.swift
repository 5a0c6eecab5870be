import SyncSimulation

/// `simulate race`: real threads racing to create one key, per strategy.
struct RaceOptions: CommandOptions {
    var writerCounts = [1, 2, 4, 8, 16]
    var trials = 200
    var thinkMicros = 50
    /// `--lockstep`: every writer fetches before any saves.
    var lockstep = false
    /// Nil: the eight defaults.
    var strategyNames: [String]?
    var format = OutputFormat.table

    static var options: [Option<Self>] {
        [
            .value("--writers", \.writerCounts, .wholeNumbers(each: 1 ... 64)) { "writer counts, comma-separated, each \($0.range) (default \($0.default))" },
            .value("--trials", \.trials, OptionValue.whole(1 ... 100_000).called("T")) {
                "trials per strategy and writer count, \($0.range) (default \($0.default))"
            },
            .value("--think-micros", \.thinkMicros, .whole(0 ... 1_000_000)) { "µs between each writer's fetch and its save, \($0.range) (default \($0.default))" },
            .flag("--lockstep", \.lockstep, "every writer fetches before any saves: the bad interleaving, forced"),
            Option.strategies(\.strategyNames)
                .described("strategies to run, comma-separated (default: the \(HelpLayout.spelled(StrategyCatalog.defaultNames.count)) in 'simulate help')"),
            .format(\.format, OutputFormat.allCases, "table (default), json or markdown"),
        ]
    }

    static let help = CommandHelp(
        .race,
        summary: "real threads: how often concurrent writers leave a duplicate, per strategy",
        description: """
            Real threads: W writers create the same key at once on one replica, T
            times, per strategy and W, and it prints how often a duplicate was left and the mean
            number left. Threads decide, so figures vary from run to run.
            """,
        options: options,
        example: "simulate race --writers 8 --trials 50 --lockstep --strategies dedupe,unique:error,crdt")

    func run() {
        Commands.race(self)
    }
}
