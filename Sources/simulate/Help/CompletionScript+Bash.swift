/// The bash script: one function, `_simulate`, that needs neither the
/// bash-completion package nor bash 4 (macOS ships bash 3.2).
extension CompletionScript {
    static var bash: String {
        var lines = [header(.bash), "# Load it from ~/.bashrc: source <(simulate completions bash)", ""]
        lines += bashHelpers
        lines += [
            "_simulate() {",
            "    # The words up to the cursor, split at blanks only: COMP_WORDS would also split",
            "    # unique:error at its colon and --seed=7 at its equals sign.",
            "    local line=${COMP_LINE:0:COMP_POINT}",
            "    local -a words=()",
            "    read -r -a words <<< \"$line\"",
            "    if [[ -z $line || $line == *[[:space:]] ]]; then words+=(\"\"); fi",
            "    local cword=$(( ${#words[@]} - 1 ))",
            "    local cur=${words[cword]} prev=\"\"",
            "    if (( cword > 0 )); then prev=${words[cword-1]}; fi",
            "    local value=$cur",
            "    if [[ $cur == --*=* ]]; then prev=${cur%%=*}; value=${cur#*=}; fi",
            "    COMPREPLY=()",
            "",
            "    local command=\"\"",
            "    if (( cword > 1 )); then",
            "        case ${words[1]} in",
            "            \(commandNames.joined(separator: "|"))) command=${words[1]} ;;",
            "        esac",
            "    fi",
            "",
            "    local options=\"\"",
            "    case $command in",
        ]
        for command in commands {
            lines.append("        \(command.name.isEmpty ? "\"\"" : command.name))")
            lines += bashValueCases(command)
            lines.append("            options=\"\(command.options.map(\.name).joined(separator: " "))\"")
            for short in command.options.compactMap(\.shortName) { lines.append("            options+=\" \(short)\"") }
            lines.append("            ;;")
        }
        lines += [
            "    esac",
            "    if [[ $cur == -* ]]; then",
            "        _simulate_words \"$cur\" \"$options\"",
            "        return",
            "    fi",
            "    case $command in",
            // The built-in scenario takes no operand, but its first word may be a command.
            "        \"\") if (( cword == 1 )); then _simulate_words \"$cur\" \"\(commandNames.joined(separator: " "))\"; fi ;;",
        ]
        for command in commands.dropFirst() {
            guard let operands = command.operands else { continue }
            lines.append("        \(command.name)) \(bashReply(operands.values, text: "$cur")) ;;")
        }
        lines += ["    esac", "}", "", "complete -F _simulate simulate"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `--engine) _simulate_words "$value" "peer cloudkit"; return ;;`: the
    /// value of the option before the cursor. A free value offers nothing.
    private static func bashValueCases(_ command: ScriptCommand) -> [String] {
        let valued = command.options.filter { $0.value != nil }
        guard !valued.isEmpty else { return [] }
        var lines = ["            case $prev in"]
        let free = valued.filter { $0.value == .free }.map(\.name)
        if !free.isEmpty { lines.append("                \(free.joined(separator: "|"))) return ;;") }
        for option in valued {
            guard let value = option.value, value != .free else { continue }
            lines.append("                \(option.name)) \(bashReply(value, text: "$value")); _simulate_after_equals \"$cur\"; return ;;")
        }
        lines.append("            esac")
        return lines
    }

    private static func bashReply(_ values: Values, text: String) -> String {
        switch values {
        case .free: ":"
        case .words(let words): "_simulate_words \"\(text)\" \"\(words.joined(separator: " "))\""
        case .list(let words): "_simulate_list \"\(text)\" \"\(words.joined(separator: " "))\""
        case .files: "_simulate_files \"\(text)\""
        case .directories: "_simulate_directories \"\(text)\""
        }
    }

    private static let bashHelpers = [
        "# $1 the text typed, $2 the words it may become.",
        "_simulate_words() {",
        "    local IFS=$' \\t\\n'",
        "    COMPREPLY=($(compgen -W \"$2\" -- \"$1\"))",
        "    _simulate_trim_colon \"$1\"",
        "}",
        "",
        "# As _simulate_words, for a comma-separated list: the names before the last comma stay.",
        "_simulate_list() {",
        "    local IFS=$' \\t\\n' head=\"\"",
        "    if [[ $1 == *,* ]]; then head=\"${1%,*},\"; fi",
        "    COMPREPLY=($(compgen -P \"$head\" -W \"$2\" -- \"${1##*,}\"))",
        "    compopt -o nospace 2>/dev/null",
        "    _simulate_trim_colon \"$1\"",
        "}",
        "",
        "_simulate_files() {",
        "    local IFS=$'\\n'",
        "    compopt -o filenames 2>/dev/null",
        "    COMPREPLY=($(compgen -f -- \"$1\"))",
        "}",
        "",
        "_simulate_directories() {",
        "    local IFS=$'\\n'",
        "    compopt -o filenames 2>/dev/null",
        "    COMPREPLY=($(compgen -d -- \"$1\"))",
        "}",
        "",
        "# Readline replaces only what follows the last colon of unique:err when COMP_WORDBREAKS",
        "# holds one: drop the rest from each word.",
        "_simulate_trim_colon() {",
        "    if [[ $1 == *:* && $COMP_WORDBREAKS == *:* ]]; then",
        "        local colon=${1%\"${1##*:}\"} i",
        "        for i in \"${!COMPREPLY[@]}\"; do COMPREPLY[i]=${COMPREPLY[i]#\"$colon\"}; done",
        "    fi",
        "}",
        "",
        "# For --format=js: readline replaces what follows the equals sign when COMP_WORDBREAKS",
        "# holds one, else the whole word, which then needs its --format= back.",
        "_simulate_after_equals() {",
        "    if [[ $1 == --*=* && $COMP_WORDBREAKS != *=* ]]; then",
        "        local i",
        "        for i in \"${!COMPREPLY[@]}\"; do COMPREPLY[i]=\"${1%%=*}=${COMPREPLY[i]}\"; done",
        "    fi",
        "}",
        "",
    ]
}
