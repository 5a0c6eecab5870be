import SyncReport
import SyncSimulation

/// The overview: what `simulate --help` and `simulate help` print. It is
/// also the built-in scenario's own help, since that runs with no command.
enum Usage {
    static var overview: String {
        let commands = CommandHelp.all
        let compare = Command.compare.help
        var lines = ["""
        OVERVIEW: Simulate replicas of a record store syncing over a lossy network, and
        measure, strategy by strategy, the duplicate records, lost writes and diverged
        replicas each way of enforcing uniqueness produces.
        """, ""]
        lines += commands.enumerated().flatMap { index, help in help.usageLines(prefix: index == 0 ? "USAGE: " : "       ") }
        lines += ["", compare.description, "", "COMMANDS ('simulate help COMMAND' or 'simulate COMMAND --help' gives a command's options):"]
        let width = commands.map(\.command.rawValue.count).max()! + 2
        lines += commands.dropFirst().map { help in
            "  " + help.command.rawValue + String(repeating: " ", count: width - help.command.rawValue.count) + help.summary
        }
        lines += ["", "OPTIONS (no command):"] + HelpLayout.optionLines(compare.options)
        var help = OptionSpec.help
        help.summary = "show this page, or with a command that command's (or: simulate help CMD)"
        lines += ["", "GLOBAL OPTIONS:"] + HelpLayout.optionLines([help, .version])
        lines += ["", "EXAMPLE:", "  \(compare.example)"]
        lines += ["", strategies, "", engines, "", presets, "", exitStatus]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every built-in strategy with its summary, as ``StrategyCatalog`` lists them.
    static var strategies: String {
        (["STRATEGIES:"] + StrategyCatalog.entries.flatMap { HelpLayout.wrap(words($0.summary), after: entryHead($0.name)) })
            .joined(separator: "\n")
    }

    /// `  name` padded so that what follows it, after one space, starts in
    /// column 22, as every list on this page does.
    private static func entryHead(_ name: String) -> String {
        "  " + name + String(repeating: " ", count: max(0, 19 - name.count))
    }

    /// Every engine with its summary, then the settings of its scenario
    /// object (``EngineCatalog/settingSpecs``): each one's help, then the
    /// values it takes and its default, wrapped under the help.
    static var engines: String {
        let indent = String(repeating: " ", count: 22)
        var lines = ["ENGINES:"]
        for engine in EngineCatalog.summaries {
            lines.append("  " + engine.name + String(repeating: " ", count: max(1, 20 - engine.name.count)) + engine.summary)
            guard let settings = EngineCatalog.settingSpecs.first(where: { $0.name == engine.name }) else { continue }
            lines.append(indent + "settings, in a scenario's \(settings.settingsKey): { … }:")
            let keyWidth = settings.specs.map(\.key.count).max()! + 2
            for spec in settings.specs {
                let label = indent + spec.key + String(repeating: " ", count: keyWidth - spec.key.count - 1)
                lines += HelpLayout.wrap(words(spec.help), after: label)
                let values = spec.valuesText + (spec.defaultText.map { "; default \($0)" } ?? "")
                lines += HelpLayout.wrap(words(values), after: String(repeating: " ", count: label.count))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }

    static var presets: String {
        let under = String(repeating: " ", count: 21)
        return "PRESETS (the evidence for each, documented or observed, is in docs/presets.md):\n" + PresetCatalog.all.flatMap { preset in
            HelpLayout.wrap(words(preset.stack), after: entryHead(preset.name))
                + (preset.exclusions.isEmpty ? [] : HelpLayout.wrap(words("cannot run " + preset.exclusions.map(\.label).joined(separator: ", ")), after: under))
                + (preset.unknowns.isEmpty ? [] : HelpLayout.wrap(words("undocumented, so each strategy runs once per variant: "
                    + preset.variants.map(\.name).joined(separator: ", ")), after: under))
        }.joined(separator: "\n")
    }

    static let exitStatus = """
    EXIT STATUS: 0 on success; 1 when an expectation fails ('run', 'check'), 'explore'
    finds a failing seed, or 'lint' an error (the model would fail to load with CloudKit;
    warnings alone exit 0); 2 for a bad argument, scenario file or model (the message names
    the file, the place in it, and what was expected; 'check' still runs the other files
    and exits 2 at the end); 3 when an invariant of the simulator broke (a SyncSim bug: the
    message names the invariant, replica, time and seed, and the command that replays it;
    'explore' reports it as a failing seed instead); 4 when output could not be written
    (standard output, or a file or folder --out, --junit and the like name: one line names it
    and why; it takes the place of 0 and 1). A closed pipe ('simulate help | head -1') ends
    simulate quietly, by SIGPIPE, as it ends cat. Progress goes to stderr: on a terminal,
    redrawn in place; off one, for check, explore and sweep, a line at most every 10 s
    (--quiet: none).
    """
}
