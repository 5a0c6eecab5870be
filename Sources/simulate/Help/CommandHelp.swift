/// One command as help describes it: what it takes, what it does, its
/// options (its options value's declarations, ``CommandOptions/options``)
/// and an example. `simulate CMD --help` and `simulate help CMD` print it.
struct CommandHelp {
    let command: Command
    /// What follows the command's name before the options: `FILE...`.
    let operands: String
    /// One line for the overview's list of commands.
    let summary: String
    /// A paragraph or two, already wrapped, for the command's own page.
    let description: String
    /// Every option the command declares, in the order help lists them;
    /// `--help` (every command) and `--version` (no command) are added by
    /// ``acceptedOptions``.
    let options: [OptionSpec]
    let example: String

    init<Options: CommandOptions>(_ command: Command, operands: String = "", summary: String, description: String, options: [Option<Options>],
                                  example: String) {
        self.command = command
        self.operands = operands
        self.summary = summary
        self.description = description
        self.options = options.map(\.spec)
        self.example = example
    }

    /// `simulate run`, or `simulate` for the built-in scenario.
    var invocation: String { command.invocation }

    /// Every option the parser accepts for the command, help's own included.
    var acceptedOptions: [OptionSpec] {
        options + [.help] + (command == .compare ? [.version] : [])
    }

    /// Every command's, in the order the overview lists them.
    static var all: [CommandHelp] { Command.allCases.map(\.help) }
}
