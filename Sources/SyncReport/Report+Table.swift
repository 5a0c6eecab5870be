import SyncSimulation

extension Report {
    /// Aligned plain text for a terminal.
    public func table() -> String {
        var lines = [headline, scenario.description, settingsLine] + stackLines + [""]
        lines += columns.alignedLines(results)
        if hasWriters {
            lines.append("")
            lines += raceColumns.alignedLines(results)
        }
        if !notices.isEmpty {
            lines.append("")
            lines += notices
        }
        lines.append("")
        lines += legend
        if !expectations.isEmpty || !valueExpectations.isEmpty {
            lines.append("")
            let outcomes = expectations.map(ScenarioExpectationOutcome.metric) + valueExpectations.map(ScenarioExpectationOutcome.value)
            lines += ExpectationText.lines(outcomes.map { (scenario.name, $0) })
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
