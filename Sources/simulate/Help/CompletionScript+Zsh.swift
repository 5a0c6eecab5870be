/// The zsh script: `_arguments` per command, loaded by compinit from a file
/// `_simulate` in `$fpath`, or sourced after compinit.
extension CompletionScript {
    static var zsh: String {
        var lines = ["#compdef simulate", header(.zsh),
                     "# Save it as _simulate in a folder of $fpath before compinit runs, such as",
                     "#   simulate completions zsh > ~/.zfunc/_simulate   with fpath=(~/.zfunc $fpath) in ~/.zshrc",
                     "",
                     "_simulate() {",
                     "  local -a commands names"]
        // The names of each list option, for _values: its colons escaped,
        // which a spec's action could not hold (_arguments splits at them).
        var lists: [String] = []
        for option in commands.flatMap(\.options) {
            guard case .list(let words) = option.value, let name = zshListName(option), !lists.contains(name) else { continue }
            lists.append(name)
            lines += ["  local -a \(name)",
                      "  \(name)=(\(words.map { zshQuoted($0.replacingOccurrences(of: ":", with: "\\:")) }.joined(separator: " ")))"]
        }
        lines += ["  commands=("]
        lines += commands.dropFirst().map { "    \(zshQuoted("\($0.name):\($0.summary)"))" }
        lines += ["  )",
                  "  names=(\(commandNames.joined(separator: " ")))",
                  "  local command=",
                  "  if (( CURRENT > 2 && ${names[(Ie)$words[2]]} )); then",
                  "    command=$words[2]",
                  "    shift words",
                  "    (( CURRENT-- ))",
                  "  fi",
                  "  case $command in"]
        for command in commands {
            lines.append("    \(command.name.isEmpty ? "''" : command.name))")
            if command.name.isEmpty {
                // Its first word may be a command instead of an option.
                lines += ["      if (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then",
                          "        _describe -t commands 'simulate command' commands",
                          "        return",
                          "      fi"]
            }
            var specs = command.options.flatMap(zshSpecs)
            if let operands = command.operands {
                let position = operands.values == .files ? "*" : "1"
                specs.append(zshQuoted("\(position):\(operands.name):\(zshAction(operands.values))"))
            }
            lines.append("      _arguments -S \\")
            lines += specs.enumerated().map { "        \($0.element)\($0.offset == specs.count - 1 ? "" : " \\")" }
            lines.append("      ;;")
        }
        lines += ["  esac",
                  "}",
                  "",
                  "# Autoloaded from $fpath, the file is the function's body; sourced, it registers it.",
                  "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
                  "  _simulate \"$@\"",
                  "else",
                  "  compdef _simulate simulate",
                  "fi"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `'--seed=[seed of …]:S: '`, and `-h` beside `--help`.
    private static func zshSpecs(_ option: ScriptOption) -> [String] {
        let description = "[\(zshEscaped(option.summary))]"
        let repeatable = option.isRepeatable ? "*" : ""
        guard let value = option.value else {
            return (option.shortName.map { [$0 + description] } ?? []).map(zshQuoted) + [zshQuoted(option.name + description)]
        }
        let message = zshEscaped(option.valueName ?? "")
        let action = zshListName(option).map { "_values -s , \(option.name.dropFirst(2)) $\($0)" } ?? zshAction(value)
        return [zshQuoted("\(repeatable)\(option.name)=\(description):\(message):\(action)")]
    }

    /// `simulate_strategies`: the array of a list option's names.
    private static func zshListName(_ option: ScriptOption) -> String? {
        guard case .list = option.value else { return nil }
        return "simulate_" + option.name.dropFirst(2).replacingOccurrences(of: "-", with: "_")
    }

    private static func zshAction(_ values: Values) -> String {
        switch values {
        case .free: " "
        case .words(let words): "(\(words.joined(separator: " ")))"
        case .list: preconditionFailure("a list option's action names its array (zshListName)")
        case .files: "_files"
        case .directories: "_files -/"
        }
    }

    /// A description inside `[…]` or a message between colons: its
    /// brackets, colons and backslashes escaped.
    private static func zshEscaped(_ text: some StringProtocol) -> String {
        var escaped = ""
        for character in text {
            if "\\[]:".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// In single quotes, a single quote as `'\''`.
    private static func zshQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
