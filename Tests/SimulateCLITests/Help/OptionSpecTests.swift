@testable import simulate
import SyncSimulation
import Testing

/// Each command's options are declared once (``Option``): the parser
/// stores them in the command's own options value, and help, errors and
/// completion read the same declarations, ranges and defaults.
struct OptionSpecTests {
    static func parsed<Options: CommandOptions>(_ arguments: [String], as type: Options.Type) throws -> Options {
        guard case .command(let options) = try CommandLineParser.parse(arguments) else { throw UsageError(message: "not a command") }
        return try #require(options as? Options)
    }

    @Test func eachCommandReadsIntoItsOwnOptions() throws {
        let race = try Self.parsed(["race", "--writers", "1,2", "--trials=5", "--lockstep", "--strategies", "lww,crdt"], as: RaceOptions.self)
        #expect(race.writerCounts == [1, 2])
        #expect(race.trials == 5)
        #expect(race.lockstep)
        #expect(race.strategyNames == ["lww", "crdt"])
        #expect(race.thinkMicros == 50)

        let sweep = try Self.parsed(["sweep", "f.json5", "--vary", "network.drop=0,0.1", "--vary", "replicas=2,3", "--shard", "2/4", "--out", "o",
                                     "--max-memory", "1G"], as: SweepOptions.self)
        #expect(sweep.paths == ["f.json5"])
        #expect(sweep.variations.map(\.path) == ["network.drop", "replicas"])
        #expect(sweep.shard == Shard(index: 2, count: 4))
        #expect(sweep.seeds == Array(1 ... 30))
        #expect(sweep.format == .markdown)
        #expect(sweep.limits.runLimits.maxMemoryBytes == 1 << 30)
        #expect(sweep.limits.runLimits.ceilingCapsEstimate)

        let compare = try Self.parsed(["--replicas", "3", "--no-timing", "--preset", "nspckc"], as: CompareOptions.self)
        #expect(compare.replicas == 3)
        #expect(!compare.comparison.includesTiming)
        #expect(compare.stack.preset == "nspckc")
        #expect(!compare.comparison.limits.runLimits.ceilingCapsEstimate, "no --max-memory: the default ceiling does not cap the estimate")

        let lint = try Self.parsed(["lint", "M", "--assume-cloudkit", "--write-schema", "s.json5", "--key", "A.b", "--key", "C.d,e"],
                                   as: LintCommandOptions.self)
        #expect(lint.lint.assumesCloudKit)
        #expect(lint.schemaKeys == ["A.b", "C.d,e"])
    }

    /// After `--` every word is an operand, as POSIX utilities read them
    /// (issue 41: `simulate lint -- -weird-name.xcdatamodeld`); a second
    /// `--` is one, and options before it still count.
    @Test func doubleDashEndsTheOptions() throws {
        let lint = try Self.parsed(["lint", "--assume-cloudkit", "--", "-weird-name.xcdatamodeld", "--format", "--"], as: LintCommandOptions.self)
        #expect(lint.paths == ["-weird-name.xcdatamodeld", "--format", "--"])
        #expect(lint.lint.assumesCloudKit)
        let run = try Self.parsed(["run", "--seed", "4", "--", "file.json5"], as: RunOptions.self)
        #expect(run.paths == ["file.json5"])
        #expect(run.seed == 4)
        #expect(try Self.parsed(["run", "--", "--help"], as: RunOptions.self).paths == ["--help"], "a file, not the help page")
        #expect(throws: UsageError.self, "the built-in scenario takes no operands") { try CommandLineParser.parse(["--", "x"]) }
    }

    @Test func helpAndVersionAreTheParsers() throws {
        guard case .help(.check) = try CommandLineParser.parse(["check", "-h"]) else { Issue.record("check -h"); return }
        guard case .help(.compare) = try CommandLineParser.parse(["--replicas", "3", "--help"]) else { Issue.record("--help"); return }
        guard case .help(.help) = try CommandLineParser.parse(["help", "--help"]) else { Issue.record("help --help"); return }
        guard case .version = try CommandLineParser.parse(["--version"]) else { Issue.record("--version"); return }
        #expect(try Self.parsed(["help", "lint"], as: HelpOptions.self).topic == .lint)
        #expect(try Self.parsed(["help"], as: HelpOptions.self).topic == .compare, "the overview")
    }

    /// A summary quotes its range and default from the declaration.
    @Test func summariesQuoteTheDeclaredRangeAndDefault() {
        func summary(_ command: Command, _ name: String) -> String? {
            command.help.options.first { $0.name == name }?.summary
        }
        #expect(summary(.race, "--trials") == "trials per strategy and writer count, 1 to 100000 (default 200)")
        #expect(summary(.race, "--writers") == "writer counts, comma-separated, each 1 to 64 (default 1,2,4,8,16)")
        #expect(summary(.compare, "--replicas") == "replicas in the default scenario, 1 to 500 (default 5)")
        #expect(summary(.benchmark, "--replicas") == "replicas that each apply every change set, 1 to 500 (default 5)")
        #expect(summary(.explore, "--seeds") == "a range or a comma-separated list of seeds, 0 to 2^64-1 (default 1..30)")
        #expect(summary(.run, "--max-events") == "stop each run after N events (1 to 10^12), its figures marked partial")
        #expect(summary(.compare, "--strategies")?.hasSuffix("(default: the first eight below)") == true)
    }

    /// One name per option in a command, a value that says what it
    /// accepts, and the same name and value wherever an option is shared.
    @Test(arguments: Command.allCases)
    func declarationsAreWellFormed(_ command: Command) {
        let accepted = command.help.acceptedOptions
        #expect(Set(accepted.map(\.name)).count == accepted.count, "\(command) declares an option twice")
        for option in accepted {
            #expect(option.name.hasPrefix("--"))
            if let value = option.value { #expect(!value.accepts.isEmpty && !value.placeholder.isEmpty, "\(option.name)") }
            for other in Command.allCases.flatMap(\.help.acceptedOptions) where other.name == option.name {
                #expect(other.value?.placeholder == option.value?.placeholder, "\(option.name) has two placeholders")
                #expect(other.value?.accepts == option.value?.accepts || option.name == "--format", "\(option.name) accepts two things")
            }
        }
    }
}
