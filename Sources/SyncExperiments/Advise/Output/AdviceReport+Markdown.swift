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
        var tierOf: [Int] = Array(repeating: 0, count: result.options.count)
        for (index, tier) in verdict.ranking.tiers.enumerated() { for option in tier.options { tierOf[option] = index + 1 } }
        lines += markdownTable(headers: ["#", "tier", "option"] + AdviceHarm.allCases.map(\.label), rows: displayOrder.enumerated().map { position, option in
            ["\(position + 1)", "\(tierOf[option])", result.options[option].description]
                + AdviceHarm.allCases.map { numberText(verdict.overall[option].figures[$0].mean, $0) }
        })
        for workload in result.plan.workloads.indices {
            let habit = result.plan.workloads[workload]
            lines += ["", "## Habit \(habit.name)", "", habitSentence(workload) + " Scenario: `\(habit.path)`. "
                + "Each cell: mean [95% interval] (worst run).", ""]
            lines += markdownTable(headers: ["#", "option"] + AdviceHarm.allCases.map(\.label), rows: displayOrder.enumerated().map { position, option in
                let figures = verdict.options[option].habits[workload].figures
                return ["\(position + 1)", result.options[option].description] + AdviceHarm.allCases.map { harm in
                    let figure = figures[harm]
                    return intervalText(figure, harm) + (figure.worst > figure.mean ? " (\(numberText(figure.worst, harm)))" : "")
                }
            })
        }
        lines += ["", "## Replay", "", "The command that replays each option's worst run; a scenario under `scenarios/` lies beside this page, so run it from here.", ""]
        lines += markdownTable(headers: ["#", "option", "worst run"], rows: displayOrder.enumerated().map { position, option in
            let worst = worstRun(of: option)
            return ["\(position + 1)", result.options[option].description, "`\(replay(option: option, workload: worst.workload, seed: worst.seed))`"]
        })
        if !subject.notes.isEmpty { lines += ["", "## Notes", ""] + subject.notes.map { "- " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    func stepsMarkdown(title: String, option: Int) -> [String] {
        let id = result.options[option]
        return ["### \(title): \(id.description)", "", "\(Self.stackName(id.preset)), \(Self.strategySummary(id.strategy)).", ""]
            + AdviceSteps.steps(for: id).enumerated().map { "\($0.offset + 1). \($0.element)" }
    }

    func markdownTable(headers: [String], rows: [[String]]) -> [String] {
        func line(_ cells: [String]) -> String { "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |" }
        return [line(headers), "|" + headers.map { _ in " --- |" }.joined()] + rows.map(line)
    }
}
