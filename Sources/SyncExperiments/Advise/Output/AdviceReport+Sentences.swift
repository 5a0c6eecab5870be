import Foundation
import SyncReport
import SyncSimulation

/// The sentences of advise's outputs, shared by the text, Markdown, HTML
/// and JSON: the recommendation, what the other stacks showed, each habit
/// in a sentence, and the warnings. Each states only what the intervals
/// support (``AdviceVerdict``).
extension AdviceReport {
    /// The recommendation in one sentence: what to ship and what it showed.
    var recommendationSentence: String {
        let id = result.options[verdict.recommended]
        let overall = verdict.overall[verdict.recommended]
        let option = "\(Self.stackName(id.preset))" + (id.variant.map { " (reading \($0))" } ?? "")
            + " with \(id.strategy) (\(Self.strategySummary(id.strategy)))"
        let ship = "For \(subject.model) on \(subject.devices) devices, ship " + option
        if verdict.everyOptionLosesData {
            return "For \(subject.model) on \(subject.devices) devices, no option kept every write. The least harmful is " + option
                + ", which lost writes under " + Prose.list(overall.dataLossHabits) + ": "
                + harmsClause(overall.figures, limit: 3) + " under its worst habit for each."
        }
        let duplicates = overall.figures[.duplicatesPeak].worst == 0
        let lost = overall.figures[.lostWrites].worst == 0
        if duplicates && lost {
            let rest = harmsClause(overall.figures, skipping: [.lostWrites, .duplicatesPeak, .duplicateSeconds], limit: 2)
            return ship + ": no duplicate and no lost write in \(runsPerOption) runs" + (rest == "no harm" ? "." : "; \(rest).")
        }
        return ship + ": " + harmsClause(overall.figures, limit: 3) + " at worst over \(runsPerOption) runs."
    }

    /// Against the recommendation: the best option of each other stack
    /// that did measurably worse, with what it showed.
    var contrastLines: [String] {
        var lines: [String] = []
        let recommended = result.options[verdict.recommended]
        let tied = Set(verdict.tiedWithRecommendation)
        if !tied.isEmpty {
            lines.append("Tied with it (the intervals cannot tell them apart): "
                + verdict.best(verdict.tiedWithRecommendation).prefix(6).map { result.options[$0].description }.joined(separator: ", ")
                + (tied.count > 6 ? " and \(tied.count - 6) more" : "") + "; " + tieBreakReason + ".")
        }
        for stack in result.plan.stacks.map(\.preset) where stack != recommended.preset {
            let candidates = result.options.indices.filter { result.options[$0].preset == stack }
            // The stack's best option, by the same order as the ranking's tiers.
            let topTier = candidates.map(verdict.ranking.tierIndex(of:)).min()!
            let best = verdict.best(candidates.filter { verdict.ranking.tierIndex(of: $0) == topTier })[0]
            guard !tied.contains(best), best != verdict.recommended else { continue }
            let comparison = verdict.ranking.comparison(verdict.recommended, best)
            guard let harm = comparison.decidingHarm, comparison.outcome == .better else { continue }
            let worst = verdict.overall[best][harm]
            let losses = verdict.overall[best].dataLossHabits
            let rate = harm == .lostWrites ? ", a write lost in " + lossRateText(option: best, habit: worst.habit) + " of its runs" : ""
            lines.append("\(Self.stackName(stack)) at its best (\(result.options[best].description)): \(harm.label) "
                + figureText(worst.figure, harm) + " under \(worst.habit)" + rate
                + (losses.isEmpty || losses == [worst.habit] ? "" : "; writes lost under " + Prose.list(losses)) + ".")
        }
        return lines
    }

    /// Why advise names the recommendation before the options it ties with.
    var tieBreakReason: String {
        let chosen = verdict.recommended
        guard let next = verdict.best(verdict.ranking.tiers[verdict.ranking.tierIndex(of: chosen)].options).dropFirst().first else { return "" }
        let (a, b) = (verdict.liabilities[chosen], verdict.liabilities[next])
        let nextName = result.options[next].description
        if verdict.overall[chosen].losesData != verdict.overall[next].losesData {
            return "named first because no run of it lost a write, where a run of \(nextName) did"
        }
        if a.serverCopies != b.serverCopies {
            return "named first because it leaves fewer records duplicated on the server (mean \(SweepNumber.short(a.serverCopies)) "
                + "against \(SweepNumber.short(b.serverCopies)) for \(nextName)), which a new device or a reinstall downloads"
        }
        if a.refusedChanges != b.refusedChanges {
            return "named first because its stores refuse fewer changes (mean \(SweepNumber.short(a.refusedChanges)) against "
                + "\(SweepNumber.short(b.refusedChanges)) for \(nextName)): each refusal is a sync error the app must handle"
        }
        return "named first for lower means, a difference the intervals do not support"
    }

    /// A tie with the recommendation that more seeds might break: an
    /// option of its tier whose mean differs on some harm (by more than the
    /// harm's margin) while the intervals overlap, and the first such harm
    /// in the ranking order. Nil when every tied option has the same means,
    /// or none is tied.
    public var undecidedTieOption: (option: Int, harm: AdviceHarm)? {
        let chosen = verdict.overall[verdict.recommended].figures
        for other in verdict.best(verdict.tiedWithRecommendation) {
            let figures = verdict.overall[other].figures
            guard let harm = verdict.order.first(where: { abs(chosen[$0].mean - figures[$0].mean) > $0.margin }) else { continue }
            return (other, harm)
        }
        return nil
    }

    /// ``undecidedTieOption`` in a sentence, with the `--seeds` to try.
    var undecidedTie: String? {
        guard let (other, harm) = undecidedTieOption else { return nil }
        let more = result.plan.seeds.count * 4
        return tieSentence(other, harm) + "; more seeds narrow them (--seeds 1..\(more))"
    }

    /// `the recommendation ties with X although their means of H differ
    /// (a against b): the intervals overlap`.
    func tieSentence(_ other: Int, _ harm: AdviceHarm) -> String {
        let chosen = verdict.overall[verdict.recommended].figures
        let figures = verdict.overall[other].figures
        return "the recommendation ties with \(result.options[other]) although their means of \(harm.label) differ "
            + "(\(numberText(chosen[harm].mean, harm)) against \(numberText(figures[harm].mean, harm))): the intervals overlap"
    }

    /// `22% [18, 27]`: the share of `option`'s runs under `habit` that lost
    /// a write, with its 95% Wilson score interval (a share, unlike a mean,
    /// stays within 0 and 100% however few the runs).
    public func lossRateText(option: Int, habit: String) -> String {
        guard let runs = verdict.options[option].runs(habit: habit) else { preconditionFailure("\(habit) was run") }
        let values = runs.values(of: .lostWrites)
        let n = Double(values.count)
        let share = Double(values.filter { $0 > 0 }.count) / n
        let z = StudentT.normalQuantile975
        let centre = (share + z * z / (2 * n)) / (1 + z * z / n)
        let half = z / (1 + z * z / n) * (share * (1 - share) / n + z * z / (4 * n * n)).squareRoot()
        func percent(_ value: Double) -> String { String(format: "%.0f", min(max(value, 0), 1) * 100) }
        return "\(percent(share))% [\(percent(centre - half)), \(percent(centre + half))]"
    }

    /// One habit in a sentence: its best options and its worst harm.
    func habitSentence(_ workload: Int) -> String {
        let name = result.plan.workloads[workload].name
        let ranking = verdict.habitRankings[workload]
        let top = verdict.best(ranking.tiers[0].options)
        let figures = verdict.options[top[0]].habits[workload].figures
        var sentence = "\(name): best \(result.options[top[0]].description)"
            + (top.count > 1 ? " and \(top.count - 1) tied" : "") + " (" + harmsClause(figures, limit: 2) + ")"
        if ranking.tiers.count > 1, let last = ranking.tiers.last {
            let worst = verdict.best(last.options).last!
            let worstFigures = verdict.options[worst].habits[workload].figures
            sentence += "; worst \(result.options[worst].description) (" + harmsClause(worstFigures, limit: 2) + ")"
        } else {
            sentence += "; every option tied"
        }
        return sentence + "."
    }

    /// `peak duplicates 20 [20, 20], duplicate-seconds 3.1 [2.9, 3.3]`:
    /// the first harms with a mean above 0, in the ranking order.
    func harmsClause(_ figures: HarmFigures, skipping: [AdviceHarm] = [], limit: Int) -> String {
        let shown = verdict.order.filter { !skipping.contains($0) && $0 != .messages && figures[$0].mean > 0 }.prefix(limit)
        guard !shown.isEmpty else { return "no harm" }
        return shown.map { "\($0.label) " + intervalText(figures[$0], $0) }.joined(separator: ", ")
    }

    /// What a reader must know before trusting a figure: a single seed
    /// (no interval, so every difference looks certain), and runs that
    /// stopped before sync finished.
    var warnings: [String] {
        var warnings: [String] = []
        if result.plan.seeds.count == 1 {
            warnings.append("one seed per option and habit: without an interval every difference is reported as if it were certain; "
                + "give --seeds at least two seeds (default 1..20)")
        } else if let undecided = undecidedTie {
            warnings.append(undecided)
        }
        for option in result.options.indices {
            for workload in result.plan.workloads.indices {
                let seeds = result.unquiescedSeeds(option: option, workload: workload)
                guard !seeds.isEmpty else { continue }
                warnings.append("\(result.options[option]) under \(result.plan.workloads[workload].name): \(seeds.count) of "
                    + "\(result.plan.seeds.count) runs did not quiesce (seed \(seeds[0]) first); their figures are where the run "
                    + "stopped, not where sync ended")
            }
        }
        return warnings
    }
}
