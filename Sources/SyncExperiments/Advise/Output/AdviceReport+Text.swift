import Foundation
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
        for option in result.options.indices {
            let worst = worstRun(of: option)
            lines.append("  " + pad(result.options[option].description, optionWidth) + "  "
                + replay(option: option, workload: worst.workload, seed: worst.seed))
        }
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
    func table(figures: (Int) -> HarmFigures, ranking: AdviceRanking) -> [String] {
        let harms = AdviceHarm.allCases
        var lines = ["  " + pad("#", 3) + pad("option", optionWidth) + harms.map { pad(Self.columnTitle($0), 10, right: true) }.joined()]
        for (tierIndex, tier) in ranking.tiers.enumerated() {
            for (position, option) in verdict.best(tier.options).enumerated() {
                let rank = position == 0 ? "\(tierIndex + 1)" : "="
                let values = figures(option)
                lines.append("  " + pad(rank, 3) + pad(result.options[option].description, optionWidth)
                    + harms.map { pad(numberText(values[$0].mean, $0), 10, right: true) }.joined())
            }
        }
        return lines
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

    var optionWidth: Int { (result.options.map(\.description.count).max() ?? 6) + 2 }

    func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
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

    /// `a`, `a and b`, `a, b and c`.
    enum SentenceList {
        static func and(_ items: [String]) -> String {
            items.count <= 2 ? items.joined(separator: " and ") : items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }

    static func strategySummary(_ strategy: String) -> String {
        StrategyCatalog.entry(named: strategy)?.summary.replacingOccurrences(of: " (not run by default)", with: "") ?? strategy
    }
}
