/// The fish script: a `complete` line per command and per option, each
/// under the command it belongs to (the first word only, as the parser
/// reads it).
extension CompletionScript {
    static var fish: String {
        let names = commandNames.joined(separator: " ")
        var lines = [header(.fish),
                     "# Save it as ~/.config/fish/completions/simulate.fish:",
                     "#   simulate completions fish > ~/.config/fish/completions/simulate.fish",
                     "",
                     "# The command simulate was given (its first word), or nothing for the built-in scenario.",
                     "function __simulate_command",
                     "    set -l tokens (commandline -opc)",
                     "    if set -q tokens[2]; and contains -- $tokens[2] \(names)",
                     "        echo $tokens[2]",
                     "    end",
                     "end",
                     "",
                     "function __simulate_using --argument-names name",
                     "    set -l command (__simulate_command)",
                     "    test \"$command\" = \"$name\"",
                     "end",
                     "",
                     "function __simulate_first_word",
                     "    test (count (commandline -opc)) -eq 1",
                     "end",
                     "",
                     "# No files, except where a command or option takes one.",
                     "complete -c simulate -f"]
        for command in commands {
            let condition = "-n '__simulate_using \(command.name.isEmpty ? "\"\"" : command.name)'"
            lines.append("")
            if command.name.isEmpty {
                lines += commands.dropFirst().map { "complete -c simulate -n __simulate_first_word -a \($0.name) -d \(fishQuoted($0.summary))" }
            }
            for option in command.options {
                var line = "complete -c simulate \(condition)"
                if let short = option.shortName { line += " -s \(short.dropFirst())" }
                line += " -l \(option.name.dropFirst(2))"
                if let value = option.value { line += " " + fishValue(value, option: option) }
                lines.append(line + " -d \(fishQuoted(option.summary))")
            }
            if let operands = command.operands {
                switch operands.values {
                case .words(let words): lines.append("complete -c simulate \(condition) -a '\(words.joined(separator: " "))'")
                default: lines.append("complete -c simulate \(condition) -F")
                }
            }
        }
        for command in commands {
            for option in command.options {
                guard case .list(let words) = option.value, let function = fishListFunction(option) else { continue }
                guard !lines.contains("function \(function)") else { continue }
                lines += ["", "function \(function)", "    printf '%s\\n' \(words.joined(separator: " "))", "end"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `-x -a 'peer cloudkit'`: what the option's value completes to.
    private static func fishValue(_ values: Values, option: ScriptOption) -> String {
        switch values {
        case .free: "-x"
        case .words(let words): "-x -a '\(words.joined(separator: " "))'"
        case .list: "-x -a '(__fish_complete_list , \(fishListFunction(option)!))'"
        case .files: "-r -F"
        case .directories: "-x -a '(__fish_complete_directories)'"
        }
    }

    /// `__simulate_strategies`: prints the names a list option takes.
    private static func fishListFunction(_ option: ScriptOption) -> String? {
        guard case .list = option.value else { return nil }
        return "__simulate_" + option.name.dropFirst(2).replacingOccurrences(of: "-", with: "_")
    }

    /// In single quotes, with `\` and `'` escaped as fish reads them.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
