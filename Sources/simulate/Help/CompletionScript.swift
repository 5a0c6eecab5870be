import SyncReport

/// `simulate completions bash|zsh|fish`: a shell completion script read
/// from the declarations help is printed from (``CommandHelp``, each
/// command's ``OptionSpec``s with their ``ValueSpec/completion``), so that
/// a new command, option, strategy, engine or preset completes with no
/// edit here.
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
    typealias Values = ValueCompletion

    struct ScriptOption {
        /// `--seed`
        let name: String
        /// `-h` beside `--help`.
        let shortName: String?
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

    struct ScriptCommand {
        /// `run`; empty for the built-in scenario, which takes no command.
        let name: String
        let summary: String
        /// Every option the parser accepts, in help's order.
        let options: [ScriptOption]
        /// Nil when nothing may follow the command's name but options.
        let operands: Operands?
    }

    /// Every command, the built-in scenario's first, in help's order.
    static var commands: [ScriptCommand] {
        CommandHelp.all.map { help in
            precondition(help.acceptedOptions.allSatisfy { isPlainWord($0.name) }, "an option of \(help.command) a script would have to quote")
            return ScriptCommand(name: help.command == .compare ? "" : help.command.rawValue, summary: help.summary,
                    options: help.acceptedOptions.map(option),
                    operands: operands(of: help))
        }
    }

    /// The names a user types for a command: every one but the built-in scenario's.
    static var commandNames: [String] {
        commands.dropFirst().map(\.name)
    }

    private static func option(_ option: OptionSpec) -> ScriptOption {
        if case .words(let choices)? = option.value?.completion {
            precondition(choices.allSatisfy(isPlainWord), "\(option.name) offers a value a script would have to quote")
        }
        if case .list(let choices)? = option.value?.completion {
            precondition(choices.allSatisfy(isPlainWord), "\(option.name) offers a value a script would have to quote")
        }
        return ScriptOption(name: option.name, shortName: option.shortName, summary: option.summary, valueName: option.value?.placeholder,
                      value: option.value?.completion, isRepeatable: option.isRepeatable)
    }

    private static func operands(of help: CommandHelp) -> Operands? {
        switch help.command {
        case .completions: Operands(name: "shell", values: .words(Shell.allCases.map(\.rawValue)))
        case .help: Operands(name: "command", values: .words(Command.named.map(\.rawValue)))
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
