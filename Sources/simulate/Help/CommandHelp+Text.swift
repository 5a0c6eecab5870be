extension CommandHelp {
    /// What `simulate CMD --help` and `simulate help CMD` print; for the
    /// built-in scenario (no command), the overview.
    static func text(for command: Command) -> String {
        command == .compare ? Usage.overview : command.help.page
    }

    /// The command's own page: usage, what it does, its options (one line
    /// each), an example.
    var page: String {
        var lines = usageLines(prefix: "USAGE: ")
        lines += ["", description, "", "OPTIONS:"]
        lines += HelpLayout.optionLines(options + [.help])
        lines += ["", "EXAMPLE:", "  \(example)", "",
                  "'simulate help' lists the commands, strategies, engines, presets and exit statuses."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `simulate run FILE... [--seed S] …`, wrapped under its own start.
    func usageLines(prefix: String) -> [String] {
        let head = prefix + invocation + (operands.isEmpty ? "" : " \(operands)")
        return HelpLayout.wrap(options.map(\.synopsis), after: head)
    }
}

/// How help pages are laid out: one width, one column for option names.
enum HelpLayout {
    static let width = 100

    /// `head` followed by `words`, wrapped at ``width`` with continuation
    /// lines indented to just after `head`.
    static func wrap(_ words: [String], after head: String) -> [String] {
        let indent = String(repeating: " ", count: head.count + 1)
        var lines: [String] = []
        var line = head
        for word in words {
            if line.count + 1 + word.count > width && line != head && line != indent {
                lines.append(line)
                line = indent + word
            } else {
                line += (line == indent ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines
    }

    /// Where option summaries start, after the indent: the same on every
    /// page, two spaces past the longest label of any command.
    static let labelWidth = CommandHelp.all.flatMap(\.acceptedOptions).map(\.label.count).max()! + 2

    /// `eight` for 8: how help counts in words, from one to twelve; digits above.
    static func spelled(_ number: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        return words.indices.contains(number) ? words[number] : "\(number)"
    }

    /// `  --seed S             seed of …`, the summaries in one column.
    static func optionLines(_ options: [OptionSpec]) -> [String] {
        options.map { option in
            "  " + option.label + String(repeating: " ", count: labelWidth - option.label.count) + option.summary
        }
    }
}
