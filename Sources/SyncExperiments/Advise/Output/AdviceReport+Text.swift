import Foundation
import SyncReport
import SyncSimulation

extension AdviceReport {
    /// The text advise prints: the recommendation first (also when every
    /// option loses data), then each habit in a sentence, the steps for
    /// the recommended option and the runner-up, the ranking, a table per
    /// habit and the replay command of every option's worst run.
    public var text: String {
        var lines = ["Recommendation: " + recommendationSentence]
        lines += contrastLines.map { "  " + $0 }
        lines.append("")
        lines.append("Model: \(subject.model); natural keys: \(subject.keys.joined(separator: ", ")); \(subject.devices) devices; "
            + "\(result.plan.seeds.count) seeds per option and habit (\(result.plan.seeds.first!)..\(result.plan.seeds.last!)); "
            + "intervals are 95% for the mean.")
        lines += subject.notes.map { "note: " + $0 }
        lines += warnings.map { "warning: " + $0 }
        lines.append("")
        lines.append("By habit:")
        for workload in result.plan.workloads.indices { lines.append("  " + habitSentence(workload)) }
        lines.append("")
        lines += stepLines(title: "Ship", option: verdict.recommended)
        if let runnerUp = verdict.runnerUp {
            lines.append("")
            lines += stepLines(title: "Runner-up", option: runnerUp)
        }
        lines.append("")
        lines.append("Ranking (each option by its worst habit, harm by harm; ranked on \(verdict.order.map(\.label).joined(separator: ", "))):")
        lines += table(figures: { verdict.overall[$0].figures }, ranking: verdict.ranking)
        for workload in result.plan.workloads.indices {
            lines.append("")
            lines.append("Habit \(result.plan.workloads[workload].name) (\(result.plan.workloads[workload].path)):")
            lines += table(figures: { verdict.options[$0].habits[workload].figures }, ranking: verdict.habitRankings[workload])
        }
        lines.append("")
        lines.append("Replay each option's worst run:")
        lines += replayColumns.alignedLines(Array(result.options.indices)).dropFirst().map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Ship: …` and its numbered steps, each with its source.
    func stepLines(title: String, option: Int) -> [String] {
        let id = result.options[option]
        var lines = ["\(title): \(id.description) (\(Self.stackName(id.preset)), \(Self.strategySummary(id.strategy)))"]
        for (index, step) in AdviceSteps.steps(for: id).enumerated() { lines.append("  \(index + 1). \(step)") }
        return lines
    }

    /// The options' means under `figures`, tier by tier; `=` marks an
    /// option tied with the line above it.
    func table(figures: @escaping (Int) -> HarmFigures, ranking: AdviceRanking) -> [String] {
        var rows: [(rank: String, option: Int)] = []
        for (tierIndex, tier) in ranking.tiers.enumerated() {
            for (position, option) in verdict.best(tier.options).enumerated() { rows.append((position == 0 ? "\(tierIndex + 1)" : "=", option)) }
        }
        let columns = [TableColumn<(rank: String, option: Int)>(header: "#", leftAligned: true) { $0.rank },
                       TableColumn(header: "option", leftAligned: true) { self.result.options[$0.option].description }]
            + AdviceHarm.allCases.map { harm in
                TableColumn(header: Self.columnTitle(harm), leftAligned: false) { self.numberText(figures($0.option)[harm].mean, harm) }
            }
        return columns.alignedLines(rows).map { "  " + $0 }
    }

    /// Each option and the command that replays its worst run.
    var replayColumns: [TableColumn<Int>] {
        [TableColumn(header: "option", leftAligned: true) { self.result.options[$0].description },
         TableColumn(header: "worst run", leftAligned: true) { self.worstRunReplay(of: $0) }]
    }

    static func columnTitle(_ harm: AdviceHarm) -> String {
        switch harm {
        case .lostWrites: "lost"
        case .copiesLost: "vanished"
        case .diverged: "diverged"
        case .divergedSeconds: "div·s"
        case .duplicatesPeak: "dup peak"
        case .duplicateSeconds: "dup·s"
        case .resurrected: "resurrect"
        case .dangling: "dangling"
        case .messages: "messages"
        }
    }

    /// `3.1 [2.9, 3.3]`, or `20` when every run gave the same value.
    func intervalText(_ figure: HarmFigure, _ harm: AdviceHarm) -> String {
        figure.low == figure.high ? numberText(figure.mean, harm)
            : "\(numberText(figure.mean, harm)) [\(numberText(figure.low, harm)), \(numberText(figure.high, harm))]"
    }

    /// `up to 5 (mean 3.1 [2.9, 3.3])` for a worst run, with the mean's
    /// interval; just `4` when every run gave 4.
    func figureText(_ figure: HarmFigure, _ harm: AdviceHarm) -> String {
        if figure.low == figure.high && figure.worst == figure.mean { return numberText(figure.mean, harm) + " in every run" }
        return "up to \(numberText(figure.worst, harm)) (mean \(intervalText(figure, harm)))"
    }

    /// Seconds to 2 decimals; counts whole when whole, else to 1 decimal.
    func numberText(_ value: Double, _ harm: AdviceHarm) -> String {
        switch harm {
        case .divergedSeconds, .duplicateSeconds: return String(format: "%.2f", value)
        case .messages: return String(format: "%.0f", value)
        default: return value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
        }
    }

    static func strategySummary(_ strategy: String) -> String {
        StrategyCatalog.entry(named: strategy)?.summary.replacingOccurrences(of: " (not run by default)", with: "") ?? strategy
    }
}
