import SyncReport

extension AdviceReport {
    /// `advise.md`: the recommendation, the steps, the ranking and a table
    /// per habit with each harm's mean and 95% interval, then the replays.
    public var markdown: String {
        var lines = ["# Which stack to ship: \(subject.model)", "", metaLine + ".", "", "**Recommendation:** " + recommendationSentence, ""]
        lines += contrastLines.map { "- " + $0 }
        lines += warnings.map { "- **Warning:** " + $0 }
        lines += ["", "## Steps", ""]
        lines += stepsMarkdown(title: "Ship", option: verdict.recommended)
        if let runnerUp = verdict.runnerUp { lines += [""] + stepsMarkdown(title: "Runner-up", option: runnerUp) }
        lines += ["", "## Ranking", "",
                  "Each option by its worst habit, harm by harm; ranked on \(verdict.order.map(\.label).joined(separator: ", ")). "
                      + "Options in one tier are tied: their 95% intervals overlap on every harm.", ""]
        typealias Row = (position: Int, option: Int)
        let rows: [Row] = displayOrder.enumerated().map { ($0.offset + 1, $0.element) }
        let numbered = [TableColumn<Row>(header: "#", leftAligned: false) { "\($0.position)" }]
        let option = TableColumn<Row>(header: "option", leftAligned: true) { self.result.options[$0.option].description }
        let tier = TableColumn<Row>(header: "tier", leftAligned: false) { "\(self.verdict.ranking.tierIndex(of: $0.option) + 1)" }
        lines += (numbered + [tier, option] + AdviceHarm.allCases.map { harm in
            TableColumn<Row>(header: harm.label, leftAligned: false) { self.numberText(self.verdict.overall[$0.option].figures[harm].mean, harm) }
        }).markdownLines(rows)
        for workload in result.plan.workloads.indices {
            let habit = result.plan.workloads[workload]
            lines += ["", "## Habit \(habit.name)", "", habitSentence(workload) + " Scenario: `\(habit.path)`. "
                + "Each cell: mean [95% interval] (worst run).", ""]
            lines += (numbered + [option] + AdviceHarm.allCases.map { harm in
                TableColumn<Row>(header: harm.label, leftAligned: false) { row in
                    let figure = self.verdict.options[row.option].habits[workload].figures[harm]
                    return self.intervalText(figure, harm) + (figure.worst > figure.mean ? " (\(self.numberText(figure.worst, harm)))" : "")
                }
            }).markdownLines(rows)
        }
        lines += ["", "## Replay", "", "The command that replays each option's worst run; a scenario under `scenarios/` lies beside this page, so run it from here.", ""]
        lines += (numbered + [option, TableColumn<Row>(header: "worst run", leftAligned: true) { "`\(self.worstRunReplay(of: $0.option))`" }])
            .markdownLines(rows)
        if !subject.notes.isEmpty { lines += ["", "## Notes", ""] + subject.notes.map { "- " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    func stepsMarkdown(title: String, option: Int) -> [String] {
        let id = result.options[option]
        return ["### \(title): \(id.description)", "", "\(Self.stackName(id.preset)), \(Self.strategySummary(id.strategy)).", ""]
            + AdviceSteps.steps(for: id).enumerated().map { "\($0.offset + 1). \($0.element)" }
    }
}
