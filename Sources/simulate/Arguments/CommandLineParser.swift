import SyncSimulation

/// What the command line asks for.
enum ParsedCommandLine {
    /// `--help`, `-h` or `simulate help [COMMAND]`: print the command's page.
    case help(Command)
    /// `--version`: print `simulate <version>`.
    case version
    /// Run a command with its options.
    case command(any CommandOptions)
}

/// Reads the arguments by hand (the project takes no packages, argument
/// parsers included), from the commands' option declarations: the first
/// word may name a command, then each argument is an option of that
/// command (`--seed 7` or `--seed=7`) or, where the command takes them, an
/// operand.
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
        guard let first = arguments.first, let command = Command(word: first) else {
            return try CompareOptions.parse(arguments[...])
        }
        return try command.optionsType.parse(arguments.dropFirst())
    }
}

extension CommandOptions {
    /// Reads `arguments`, what follows the command's name (every argument,
    /// for the built-in scenario).
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> ParsedCommandLine {
        let command = help.command
        let accepted = help.acceptedOptions
        let allowed = accepted.map(\.name)
        var options = Self()
        var showsHelp = false
        var showsVersion = false
        var remaining = arguments
        // After `--` every word is an operand, as POSIX utilities read
        // them (Utility Syntax Guidelines, guideline 10: "The first --
        // argument that is not an option-argument should be accepted as a
        // delimiter indicating the end of options"; documented).
        var endOfOptions = false
        while let argument = remaining.popFirst() {
            if !endOfOptions && argument == "--" {
                endOfOptions = true
                continue
            }
            // Accept both `--seed 7` and `--seed=7`.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard argument.hasPrefix("-") && !endOfOptions else {
                guard let operands else {
                    let commands = Command.named.map(\.rawValue)
                    // Only the first argument can name a command.
                    let isFirst = remaining.count == arguments.count - 1
                    throw UsageError(message: command == .compare
                        ? "unexpected argument '\(Echo.text(argument))'; simulate takes only options: \(allowed.joined(separator: ", ")) "
                            + "(or a command: \(commands.joined(separator: ", ")))" + (isFirst ? Suggestion.didYouMean(argument, among: commands) : "")
                        : "unexpected argument '\(Echo.text(argument))'; \(command.invocation) takes only options: \(allowed.joined(separator: ", "))")
                }
                options[keyPath: operands].append(argument)
                continue
            }
            guard let spec = accepted.first(where: { $0.name == name || $0.shortName == name }) else {
                let known = Command.allCases.contains { $0.help.acceptedOptions.contains { $0.name == name } }
                throw UsageError(message: (known
                    ? "\(command.invocation) does not take \(name); it takes \(allowed.joined(separator: ", "))"
                    : "unknown option '\(Echo.text(name))'; \(command.invocation) takes \(allowed.joined(separator: ", "))")
                    + UsageError.didYouMean(option: name, among: allowed))
            }
            guard let value = spec.value else {
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value") }
                switch spec.name {
                case OptionSpec.help.name: showsHelp = true
                case OptionSpec.version.name: showsVersion = true
                default: try option(spec.name).store(&options, nil)
                }
                continue
            }
            var text = inlineValue
            if text == nil {
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError(message: "\(name) needs a value: \(value.accepts)")
                }
                text = next
            }
            try option(spec.name).store(&options, text)
        }
        if showsHelp { return .help(command) }
        if showsVersion { return .version }
        try options.validate()
        return .command(options)
    }

    /// The declaration of the option called `name`, which the command takes.
    private static func option(_ name: String) -> Option<Self> {
        guard let option = options.first(where: { $0.spec.name == name }) else { preconditionFailure("option \(name) is accepted but not declared") }
        return option
    }
}
