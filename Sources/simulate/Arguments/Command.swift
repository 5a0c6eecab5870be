/// The commands, in the order help lists them. The first argument names
/// one; without a command, `simulate` runs the built-in scenario
/// (`compare`, which is not a word a user types).
enum Command: String, CaseIterable {
    /// The built-in default scenario: `simulate [--replicas N] …`
    case compare
    case run, check, explore, race, sweep, merge, benchmark, lint, advise, completions, help

    /// The options value the command reads its arguments into.
    var optionsType: any CommandOptions.Type {
        switch self {
        case .compare: CompareOptions.self
        case .run: RunOptions.self
        case .check: CheckOptions.self
        case .explore: ExploreOptions.self
        case .race: RaceOptions.self
        case .sweep: SweepOptions.self
        case .merge: MergeOptions.self
        case .benchmark: BenchmarkOptions.self
        case .lint: LintCommandOptions.self
        case .advise: AdviseOptions.self
        case .completions: CompletionsOptions.self
        case .help: HelpOptions.self
        }
    }

    /// The command's help page.
    var help: CommandHelp { optionsType.help }

    /// `simulate run`, or `simulate` for the built-in scenario.
    var invocation: String {
        self == .compare ? "simulate" : "simulate \(rawValue)"
    }

    /// The commands a user types, in help's order: every one but the built-in scenario.
    static var named: [Command] { allCases.filter { $0 != .compare } }

    /// The command the word names; nil for any other word (`compare` included).
    init?(word: String) {
        guard let command = Command(rawValue: word), command != .compare else { return nil }
        self = command
    }
}
