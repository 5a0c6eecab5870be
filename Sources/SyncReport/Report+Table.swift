extension Report {
    /// Aligned plain text for a terminal.
    public func table() -> String {
        let columns = self.columns
        let rows = [columns.map(\.header)] + results.map { result in columns.map { $0.cell(result) } }
        let widths = columns.indices.map { index in rows.map { $0[index].count }.max() ?? 0 }
        var lines = [headline, scenario.description, settingsLine, ""]
        for row in rows {
            let cells = columns.indices.map { index in
                let padding = String(repeating: " ", count: widths[index] - row[index].count)
                return columns[index].leftAligned ? row[index] + padding : padding + row[index]
            }
            lines.append(cells.joined(separator: "  ").trimmingTrailingSpaces())
        }
        lines.append("")
        lines += legend
        if !expectations.isEmpty {
            lines.append("")
            lines += ExpectationText.lines(expectations.map { (scenario.name, $0) })
        }
        lines.append("replay: \(replayCommand)")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
