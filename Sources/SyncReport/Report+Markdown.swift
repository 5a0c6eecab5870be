import SyncSimulation

extension Report {
    /// A GitHub-flavoured Markdown section: settings, the table, the legend.
    public func markdown() -> String {
        let columns = self.columns
        var lines = [
            "## \(headline)",
            "",
            scenario.description,
            "",
            settingsLine,
            "",
        ] + stackLines.flatMap { [$0, ""] } + columns.markdownLines(results)
        if hasWriters {
            lines.append("")
            lines += raceColumns.markdownLines(results)
        }
        if !notices.isEmpty {
            lines.append("")
            lines += notices.map { "> " + $0 }
        }
        lines.append("")
        lines += legend.map { "- " + $0 }
        if !expectations.isEmpty {
            lines.append("")
            lines.append("| result | strategy | metric | expected | actual |")
            lines.append("| --- | --- | --- | --- | ---: |")
            for outcome in expectations {
                let item = ScenarioExpectationOutcome.metric(outcome)
                lines.append("| \(ExpectationText.status(item)) | \(outcome.strategyLabel) | \(outcome.expectation.metric.rawValue) | \(ExpectationText.bound(outcome.expectation.bound)) | \(ExpectationText.actual(item)) |")
            }
        }
        lines.append("")
        lines.append("Replay: `\(replayCommand)`")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    func replacingPipes() -> String {
        replacingOccurrences(of: "|", with: "\\|")
    }
}
