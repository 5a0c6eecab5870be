import SyncReport
import SyncSimulation

/// The sentences a sweep page opens with: per headline outcome, which
/// strategies are above 0 somewhere (mean over the seeds, from the lowest
/// to the highest point) and which are 0 everywhere, and where runs did
/// not all converge. Each sentence names every strategy it is about, by
/// its column's label (`lww [importFirst]` under a variant).
struct SweepFindings {
    let sweep: SweepResult

    init(_ sweep: SweepResult) {
        self.sweep = sweep
    }

    var sentences: [String] {
        guard !sweep.runs.isEmpty, !sweep.points.isEmpty else { return ["The sweep has no runs."] }
        return [
            outcome(.duplicatesFinal, "Duplicates at the end (worst replica)"),
            outcome(.lostWrites, "Lost writes"),
            outcome(.diverged, "Diverged replicas"),
        ].compactMap { $0 } + convergence
    }

    /// Per run: the means over the seeds at every point that has one.
    private func means(_ metric: Metric) -> [[Double]] {
        let summaries = sweep.summaries(of: metric)
        return sweep.runs.indices.map { column in summaries.compactMap { $0[column]?.mean } }
    }

    /// `Lost writes, mean over seeds: lww 115.03 at every point, dedupe 0
    /// to 12.5; 0 at every point under the other 6.` Nil when the sweep
    /// has no such figure.
    func outcome(_ metric: Metric, _ name: String) -> String? {
        let means = means(metric)
        guard means.contains(where: { !$0.isEmpty }) else { return nil }
        let above = sweep.runs.indices.filter { means[$0].contains { $0 > 0 } }
        let zero = sweep.runs.indices.filter { !means[$0].isEmpty && means[$0].allSatisfy { $0 == 0 } }
        guard !above.isEmpty else {
            return "\(name): 0 at every point under " + (zero.count == sweep.runs.count ? "every strategy." : "\(Prose.list(zero.map { sweep.runs[$0].label })).")
        }
        let list = Prose.list(above.map { column in
            let low = means[column].min()!
            let high = means[column].max()!
            let range = low == high ? "\(SVGNumber.compact(low)) at every point" : "\(SVGNumber.compact(low)) to \(SVGNumber.compact(high))"
            let partial = means[column].count < sweep.points.count ? " (\(means[column].count) of \(sweep.points.count) points)" : ""
            return "\(sweep.runs[column].label) \(range)\(partial)"
        })
        var sentence = "\(name), mean over the seeds: \(list)"
        if !zero.isEmpty {
            sentence += zero.count + above.count == sweep.runs.count
                ? "; 0 at every point under \(Prose.others(zero.map { sweep.runs[$0].label }))" : "; 0 at every point under \(Prose.list(zero.map { sweep.runs[$0].label }))"
        }
        return sentence + "."
    }

    /// Strategies where no run converged, where some did not, and the
    /// rest, from the share of seeds that converged at each point.
    var convergence: [String] {
        let shares = means(.converged)
        guard shares.contains(where: { !$0.isEmpty }) else { return [] }
        let measured = sweep.runs.indices.filter { !shares[$0].isEmpty }
        let never = measured.filter { shares[$0].allSatisfy { $0 == 0 } }
        let some = measured.filter { !never.contains($0) && shares[$0].contains { $0 < 1 } }
        let all = measured.filter { shares[$0].allSatisfy { $0 == 1 } }
        func names(_ columns: [Int]) -> [String] { columns.map { sweep.runs[$0].label } }
        guard !never.isEmpty || !some.isEmpty else {
            return [all.count == sweep.runs.count ? "Every run converged." : "Every run of \(Prose.list(names(all))) converged."]
        }
        var sentences: [String] = []
        if !never.isEmpty {
            sentences.append("No run of \(Prose.list(names(never))) converged, at any point.")
        }
        if !some.isEmpty {
            let list = Prose.list(some.map { column in
                let low = shares[column].min()!
                let high = shares[column].max()!
                return "\(sweep.runs[column].label) (" + (low == high ? SVGNumber.compact(low) : "\(SVGNumber.compact(low)) to \(SVGNumber.compact(high))") + ")"
            })
            sentences.append("Some runs did not converge under \(list), as the share of seeds that converged.")
        }
        if !all.isEmpty {
            let rest = all.count + never.count + some.count == sweep.runs.count
            sentences.append("Every run of \(rest ? Prose.others(names(all)) : Prose.list(names(all))) converged.")
        }
        return sentences
    }
}
