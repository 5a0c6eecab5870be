import SyncReport

/// `simulate completions bash|zsh|fish`: a shell completion script read
/// from the tables help is printed from (``CommandHelp``, ``OptionHelp``,
/// ``CommandLineOptions/valueChoices(_:command:)``), so that a new command,
/// option, strategy, engine or preset completes with no edit here.
enum CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func text(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// What a word completes to.
    enum Values: Equatable {
        /// Nothing to offer: a number, a range, free text.
        case free
        /// One of these.
        case words([String])
        /// Some of these, comma-separated (`--strategies lww,crdt`).
        case list([String])
        case files
        case directories
    }

    struct Option {
        /// `--seed`
        let name: String
        let summary: String
        /// What help calls the value (`S`, `ENGINE`); nil for a flag.
        let valueName: String?
        /// Nil for a flag.
        let value: Values?
        let isRepeatable: Bool
    }

    /// What follows a command's name: `file`s, a `shell`, a `command`.
    struct Operands {
        let name: String
        let values: Values
    }

    struct Command {
        /// `run`; empty for the built-in scenario, which takes no command.
        let name: String
        let summary: String
        /// Every option the parser accepts, in help's order.
        let options: [Option]
        /// Nil when nothing may follow the command's name but options.
        let operands: Operands?
    }

    /// Every command, the built-in scenario's first, in help's order.
    static var commands: [Command] {
        CommandHelp.all.map { help in
            precondition(help.acceptedOptions.allSatisfy { isPlainWord($0.name) }, "an option of \(help.command) a script would have to quote")
            return Command(name: help.command == .compare ? "" : help.command.rawValue, summary: help.summary,
                    options: help.acceptedOptions.map { option(option: $0, command: help.command) },
                    operands: operands(of: help))
        }
    }

    /// The names a user types for a command: every one but the built-in scenario's.
    static var commandNames: [String] {
        commands.dropFirst().map(\.name)
    }

    private static func option(option: OptionHelp, command: CommandLineOptions.Command) -> Option {
        Option(name: option.name, summary: option.summary, valueName: option.value, value: values(of: option, command: command),
               isRepeatable: option.isRepeatable)
    }

    /// A choice of names where the parser has one; else by what help calls
    /// the value: `DIR` a folder, `FILE` a file, anything else free.
    private static func values(of option: OptionHelp, command: CommandLineOptions.Command) -> Values? {
        guard let value = option.value else { return nil }
        if let choices = CommandLineOptions.valueChoices(option.name, command: command) {
            precondition(choices.allSatisfy(isPlainWord), "\(option.name) offers a value a script would have to quote")
            return value == "LIST" ? .list(choices) : .words(choices)
        }
        switch value {
        case "DIR": return .directories
        case "FILE": return .files
        default: return .free
        }
    }

    private static func operands(of help: CommandHelp) -> Operands? {
        switch help.command {
        case .completions: Operands(name: "shell", values: .words(Shell.allCases.map(\.rawValue)))
        case .help: Operands(name: "command", values: .words(CommandHelp.all.dropFirst().map(\.command.rawValue)))
        default: help.operands.isEmpty ? nil : Operands(name: "file", values: .files)
        }
    }

    /// Letters, digits and `:._-`: a word every shell takes unquoted.
    static func isPlainWord(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0" ... "9").contains($0) || ":._-".unicodeScalars.contains($0)) }
    }

    /// The first line of every script: what wrote it.
    static func header(_ shell: Shell) -> String {
        "# \(shell.rawValue) completion for simulate \(ToolVersion.current), written by 'simulate completions \(shell.rawValue)'."
    }
}
