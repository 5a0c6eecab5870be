import Foundation
@testable import simulate
import SyncReport
import SyncSimulation
import Testing

/// `simulate CMD --help`, `simulate help CMD`, the overview and `--version`.
struct HelpCommandTests {
    /// Every command by the word a user types; "" is the built-in scenario.
    static let commandWords = ["", "run", "check", "explore", "race", "sweep", "merge", "benchmark", "lint", "advise", "completions", "help"]

    static func command(_ word: String) -> Command {
        word.isEmpty ? .compare : Command(rawValue: word)!
    }

    @Test func everyCommandIsCovered() {
        #expect(Set(Self.commandWords.map(Self.command)) == Set(Command.allCases))
    }

    @Test(arguments: commandWords.dropFirst())
    func helpCommandPrintsTheSameBytesAsTheHelpOption(_ word: String) async throws {
        let option = try await SimulateProcess.run([word, "--help"])
        #expect(option.status == 0)
        #expect(option.stderr == "")
        let short = try await SimulateProcess.run([word, "-h"])
        let topic = try await SimulateProcess.run(["help", word])
        #expect(topic.status == 0)
        #expect(topic.stdoutData == option.stdoutData)
        #expect(short.stdoutData == option.stdoutData)

        // A usage line, its options one line each, one example.
        let lines = option.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("USAGE: simulate \(word)") == true, "\(lines.first ?? "")")
        let options = try #require(lines.firstIndex(of: "OPTIONS:"))
        let example = try #require(lines.firstIndex(of: "EXAMPLE:"))
        #expect(options < example)
        #expect(lines[options + 1 ..< example].dropLast().allSatisfy { $0.hasPrefix("  -") }, "one line per option")
        #expect(lines[example + 1].hasPrefix("  simulate \(word)") || lines[example + 1].hasPrefix("  swift run -c release simulate \(word)"))
        #expect(lines.allSatisfy { $0.count <= HelpLayout.width }, "lines fit \(HelpLayout.width) columns")
    }

    @Test func theOverviewIsTheHelpOfNoCommand() async throws {
        let option = try await SimulateProcess.run(["--help"])
        let topic = try await SimulateProcess.run(["help"])
        #expect(topic.status == 0)
        #expect(topic.stdoutData == option.stdoutData)
        // Every command's usage line, and a one-line description of each.
        for word in Self.commandWords.dropFirst() {
            #expect(option.stdout.contains("       simulate \(word) "), "no usage line for \(word)")
            #expect(option.stdout.contains("\n  \(word) "), "no description of \(word)")
        }
        for section in ["OPTIONS (no command):", "GLOBAL OPTIONS:", "STRATEGIES:", "ENGINES:", "PRESETS", "EXIT STATUS:"] {
            #expect(option.stdout.contains(section), "overview lacks \(section)")
        }
        // A preset with an undocumented behaviour says it runs each reading.
        #expect(option.stdout.contains("undocumented, so each strategy runs once per variant: importFirst, exportFirst\n"))
        #expect(option.stdout.contains("undocumented, so each strategy runs once per variant: fetchBetween,\n"))
        #expect(option.stdout.contains("undocumented, so each strategy runs once per variant: localWins+fetchBetween,\n"))
        // Long summaries wrap under their column instead of running past it.
        let lines = option.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.count > HelpLayout.width }.isEmpty, "lines fit \(HelpLayout.width) columns")
        #expect(option.stdout.contains("not a CRDT (not run\n                      by default)\n"))
    }

    /// Each engine's settings come from its specs (``EngineSettingSpec``):
    /// key, help, then the values it takes and its default, in 100 columns.
    @Test func theOverviewListsEveryEngineSetting() async throws {
        let output = try await SimulateProcess.run(["help"])
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let engines = try #require(lines.firstIndex(of: "ENGINES:"))
        let presets = try #require(lines.firstIndex { $0.hasPrefix("PRESETS") })
        #expect(lines[engines ..< presets].allSatisfy { $0.count <= HelpLayout.width }, "lines fit \(HelpLayout.width) columns")
        let section = lines[engines ..< presets].joined(separator: "\n")
        #expect(section.contains("\n                      settings, in a scenario's cloudkit: { … }:\n"))
        for engine in EngineCatalog.settingSpecs {
            for spec in engine.specs {
                #expect(section.contains("\n                      \(spec.key) "), "no line for \(engine.settingsKey).\(spec.key)")
            }
        }
        #expect(section.contains("""

                                  batch              at most this many records per modify request
                                                     1 to 400; default 400

            """))
        // Unset by default: the help says what unset means, and no default follows.
        #expect(section.contains("""

                                  syncOrder          which request a device sends first (unset: both at once)
                                                     importFirst or exportFirst

            """))
    }

    @Test func anUnknownHelpTopicIsAUsageError() async throws {
        let output = try await SimulateProcess.run(["help", "bogus"])
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "simulate: simulate help: unknown command 'bogus'; commands: run, check, explore, race, sweep, merge, benchmark, lint, advise, "
            + "completions, help\n")
        let typo = try await SimulateProcess.run(["help", "chek"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "simulate: simulate help: unknown command 'chek'; commands: run, check, explore, race, sweep, merge, benchmark, lint, advise, "
            + "completions, help; did you mean check?\n")
    }

    /// `simulate help help` is help's own page, as `simulate help --help` is.
    @Test func helpHasAPageOfItsOwn() async throws {
        let output = try await SimulateProcess.run(["help", "help"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout.hasPrefix("USAGE: simulate help [COMMAND]\n"))
        #expect(output.stdout.contains("  simulate help check\n"))
        let many = try await SimulateProcess.run(["help", "run", "check"])
        #expect(many.status == 2)
        #expect(many.stderr == "simulate: simulate help takes one command name, such as 'simulate help check'; got 'run check'\n")
        let option = try await SimulateProcess.run(["help", "--seed"])
        #expect(option.status == 2)
        #expect(option.stderr == "simulate: simulate help does not take --seed; it takes --help\n")
    }

    @Test func versionPrintsTheToolVersion() async throws {
        let output = try await SimulateProcess.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == "simulate \(ToolVersion.current)\n")
        #expect(output.stdout == "simulate 0.4.0\n")
    }

    /// Help tells the truth: every option the parser accepts for a command
    /// (its declarations, ``CommandHelp/acceptedOptions``, which the parser
    /// reads) has a line in that command's help and, but for help's own, a
    /// place in its usage line.
    @Test(arguments: commandWords)
    func everyOptionTheParserAcceptsIsInTheCommandsHelp(_ word: String) async throws {
        let accepted = Self.command(word).help.acceptedOptions.map(\.name) + ["-h"]
        #expect(accepted.contains("--help"))
        let help = try await SimulateProcess.run(word.isEmpty ? ["help"] : ["help", word])
        let lines = help.stdout.split(separator: "\n").map(String.init)
        let usage = lines.prefix { !$0.isEmpty }.joined(separator: " ")
        for name in accepted {
            let optionLine = lines.contains { $0.hasPrefix("  \(name) ") || $0.hasPrefix("  -h, \(name) ") || (name == "-h" && $0.hasPrefix("  -h, --help ")) }
            #expect(optionLine, "'simulate help \(word)' has no line for \(name)")
            if !["--help", "-h", "--version"].contains(name) {
                #expect(usage.contains("[\(name)") || usage.contains(" \(name) "), "the usage line of '\(word)' lacks \(name)")
            }
        }
    }
}
