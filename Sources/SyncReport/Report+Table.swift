import SyncSimulation

extension Report {
    /// Aligned plain text for a terminal.
    public func table() -> String {
        var lines = [headline, scenario.description, settingsLine, ""]
        lines += Report.aligned(columns, results)
        if hasWriters {
            lines.append("")
            lines += Report.aligned(raceColumns, results)
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

    /// A header row and one row per result, each column as wide as its
    /// widest cell: text to the left, numbers to the right.
    static func aligned(_ columns: [ReportColumn], _ results: [RunResult]) -> [String] {
        let rows = [columns.map(\.header)] + results.map { result in columns.map { $0.cell(result) } }
        let widths = columns.indices.map { index in rows.map { $0[index].count }.max() ?? 0 }
        return rows.map { row in
            let cells = columns.indices.map { index in
                let padding = String(repeating: " ", count: widths[index] - row[index].count)
                return columns[index].leftAligned ? row[index] + padding : padding + row[index]
            }
            return cells.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
