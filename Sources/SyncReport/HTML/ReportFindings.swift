import SyncSimulation

/// The sentences a report page opens with: what the runs found, in plain
/// words with the table's numbers. Each sentence is derived from the
/// figures alone and names every strategy it is about, so none can be
/// wrong for some case it did not foresee; a category where nothing
/// happened is said once ("No strategy …"), not per strategy.
struct ReportFindings {
    let results: [RunResult]
    let expectations: [ExpectationOutcome]
    /// The preset whose stack ran the strategies, and the strategies it
    /// cannot run (their labels, `unique:*`), when a preset was used.
    let preset: (name: String, notRun: [String])?

    init(results: [RunResult], expectations: [ExpectationOutcome] = [], preset: (name: String, notRun: [String])? = nil) {
        self.results = results
        self.expectations = expectations
        self.preset = preset
    }

    init(_ report: Report) {
        self.init(results: report.results, expectations: report.expectations,
                  preset: report.scenario.preset.map { ($0.name, $0.exclusions.map(\.label)) })
    }

    /// In reading order: runs `--max-events` stopped (partial), duplicates,
    /// best and worst by duplicates, lost writes, agreement, unfinished
    /// runs, refused writes, strategies the stack cannot run, expectations.
    var sentences: [String] {
        guard !results.isEmpty else { return ["No strategy was run."] }
        return partial + duplicates + ranking + lostWrites + agreement + unfinished + rejected + notRun + expectationOutcomes
    }

    // MARK: Partial runs

    /// Runs the user stopped with `--max-events`: said first, as their
    /// figures are partial and their liveness and expectations not judged.
    var partial: [String] {
        let stopped = results.filter(\.stoppedEarly)
        guard !stopped.isEmpty else { return [] }
        let latest = stopped.map(\.endMicros).max()!
        let subject = stopped.count < results.count ? Prose.list(stopped.map(\.strategyLabel))
            : results.count == 1 ? "the run" : "every run"
        return ["Partial: \(subject) stopped at --max-events (by \(DecimalText.duration(micros: latest)) of virtual time), "
            + "before sync finished, so \(stopped.count == 1 ? "its" : "their") figures are not final and "
            + "\(stopped.count == 1 ? "its" : "their") liveness and expectations are not judged."]
    }

    // MARK: Duplicates

    var duplicates: [String] {
        let ending = results.filter { $0.duplicates.final > 0 }
        let passing = results.filter { $0.duplicates.final == 0 && $0.duplicates.peak > 0 }
        var sentences: [String] = []
        if ending.isEmpty && passing.isEmpty {
            sentences.append(results.count == 1 ? "\(results[0].strategyLabel) never held a duplicate record."
                : "No strategy held a duplicate record at any moment.")
            return sentences
        }
        let none = Prose.others(results.filter { $0.duplicates.final == 0 }.map(\.strategyLabel), singular: "ends with none", plural: "end with none")
        if ending.isEmpty {
            sentences.append(results.count == 1 ? "\(results[0].strategyLabel) ends with no duplicate record."
                : "No strategy ends with a duplicate record.")
        } else if ending.count == 1 {
            let only = ending[0]
            var sentence = "\(only.strategyLabel) ends with \(Prose.count(only.duplicates.final, "duplicate record")) on the worst replica"
            if results.count > 1 { sentence += "; \(none)" }
            sentences.append(sentence + ".")
        } else {
            let list = Prose.list(ending.map { "\($0.strategyLabel) (\($0.duplicates.final))" })
            var sentence = ending.count == results.count ? "Every strategy ends with duplicate records on the worst replica: \(list)"
                : "\(list) end with duplicate records on the worst replica"
            if ending.count < results.count { sentence += "; \(none)" }
            sentences.append(sentence + ".")
        }
        if !passing.isEmpty {
            if passing.count == 1 {
                sentences.append("\(passing[0].strategyLabel) ends with none but held up to \(passing[0].duplicates.peak) on the way (worst replica).")
            } else {
                let list = Prose.list(passing.map { "\($0.strategyLabel) (up to \($0.duplicates.peak))" })
                sentences.append("\(list) end with none but held duplicates on the way (worst replica).")
            }
        }
        return sentences
    }

    /// Best and worst by duplicates at the end, then at the peak, then
    /// duplicate-seconds (the figures are in the sentence); nothing with
    /// one strategy, or when no strategy ever had a duplicate (said
    /// already).
    var ranking: [String] {
        guard results.count > 1, results.contains(where: { $0.duplicates.peak > 0 }) else { return [] }
        let key = ReportFindings.duplicatesKey
        let keys = results.map(key)
        let lowest = keys.min { $0.lexicographicallyPrecedes($1) }!
        let highest = keys.max { $0.lexicographicallyPrecedes($1) }!
        guard lowest != highest else {
            return ["Every strategy has the same duplicate figures (\(figures(results[0])))."]
        }
        let best = results.filter { key($0) == lowest }
        let worst = results.filter { key($0) == highest }
        return ["Best by duplicates: \(Prose.list(best.map(\.strategyLabel))) "
            + "(\(figures(best[0]))); worst: \(Prose.list(worst.map(\.strategyLabel))) (\(figures(worst[0])))."]
    }

    /// Duplicates at the end, then at the peak, then duplicate-seconds:
    /// compared in that order, higher is worse.
    static func duplicatesKey(_ result: RunResult) -> [Int64] {
        [Int64(result.duplicates.final), Int64(result.duplicates.peak), result.duplicates.integralMicros]
    }

    /// The index of the worst result by ``duplicatesKey``; the first on a tie.
    static func worstByDuplicates(_ results: [RunResult]) -> Int? {
        var worst: Int?
        for index in results.indices {
            if let current = worst, !duplicatesKey(results[current]).lexicographicallyPrecedes(duplicatesKey(results[index])) { continue }
            worst = index
        }
        return worst
    }

    private func figures(_ result: RunResult) -> String {
        let duplicates = result.duplicates
        guard duplicates.peak > 0 else { return "none at any moment" }
        return "\(duplicates.final) at the end, peak \(duplicates.peak), "
            + "\(DecimalText.seconds(micros: duplicates.integralMicros, digits: 1)) duplicate-seconds"
    }

    // MARK: Lost writes

    var lostWrites: [String] {
        let losing = results.filter { $0.lostWrites.total > 0 }
        if losing.isEmpty {
            return [results.count == 1 ? "\(results[0].strategyLabel) loses no acknowledged write." : "No strategy loses an acknowledged write."]
        }
        if losing.count == 1 && results.count == 1 {
            return ["\(losing[0].strategyLabel) loses \(Prose.count(losing[0].lostWrites.total, "acknowledged write")) (the lost column)."]
        }
        let list = Prose.list(losing.map { "\($0.strategyLabel) \($0.lostWrites.total)" })
        var sentence = "Lost writes: \(list)"
        if losing.count < results.count {
            sentence += "; " + Prose.others(results.filter { $0.lostWrites.total == 0 }.map(\.strategyLabel), singular: "loses none", plural: "lose none")
        }
        return [sentence + "."]
    }

    // MARK: Agreement

    /// Which strategies end with replicas that differ, and how fast the
    /// others agreed. Runs `--max-events` stopped are left out: replicas
    /// that agree when a run is stopped have not converged (``partial``
    /// names those runs).
    var agreement: [String] {
        var sentences: [String] = []
        let results = self.results.filter { !$0.stoppedEarly }
        guard !results.isEmpty else { return [] }
        let diverged = results.filter { $0.diverged > 0 }
        if !diverged.isEmpty {
            let counts = Prose.list(diverged.map { String($0.diverged) })
            let unit = diverged.count == 1 && diverged[0].diverged == 1 ? "replica" : "replicas"
            sentences.append("Replicas still differ at the end under \(Prose.list(diverged.map(\.strategyLabel))): "
                + "\(counts) \(unit) outside the largest group showing identical data.")
        }
        // `diverged` and `convergenceMicros` come from the same digests, so
        // this is empty unless that changes; said rather than hidden.
        let unconverged = results.filter { $0.diverged == 0 && $0.convergenceMicros == nil }
        if !unconverged.isEmpty {
            sentences.append("\(Prose.list(unconverged.map(\.strategyLabel))) did not converge.")
        }
        let converged = results.filter { $0.convergenceMicros != nil }
        guard let slowestMicros = converged.compactMap(\.convergenceMicros).max() else { return sentences }
        let slowest = converged.filter { $0.convergenceMicros == slowestMicros }.map(\.strategyLabel)
        let time = "\(DecimalText.seconds(micros: slowestMicros, digits: 3)) s after the last heal or write"
        if results.count == 1 {
            sentences.append("\(results[0].strategyLabel) converged \(time).")
        } else if results.count < self.results.count {
            // Some runs were stopped: name the ones that converged.
            sentences.append(converged.count == 1 ? "\(slowest[0]) converged \(time)."
                : "\(Prose.list(converged.map(\.strategyLabel))) converged; the slowest, \(Prose.list(slowest)), \(time).")
        } else if converged.count == 1 {
            sentences.append("Only \(slowest[0]) converged, \(time).")
        } else {
            // Named as the rest only when the sentences before listed every other strategy.
            let rest = converged.count + diverged.count + unconverged.count == results.count
            let subject = converged.count == results.count ? "Every strategy converged"
                : !rest ? "\(converged.count) strategies converged"
                : converged.count <= 2 ? "\(Prose.list(converged.map(\.strategyLabel))) converged"
                : "The other \(converged.count) converged"
            sentences.append("\(subject); the slowest, \(Prose.list(slowest)), \(time).")
        }
        return sentences
    }

    /// Runs whose figures are not final, and broken promises to converge.
    var unfinished: [String] {
        var sentences: [String] = []
        // A stopped run is said first (``partial``).
        let open = results.filter { !$0.quiesced && !$0.stoppedEarly }
        if !open.isEmpty {
            let names = Prose.list(open.map { "\($0.strategyLabel) (at \(DecimalText.duration(micros: $0.endMicros)))" })
            sentences.append("\(names) did not quiesce: sync could still change a replica when the run stopped, so \(open.count == 1 ? "its" : "their") figures are not final.")
        }
        let failed = results.filter { $0.liveness == .failed }
        if !failed.isEmpty {
            sentences.append("\(Prose.list(failed.map(\.strategyLabel))) broke \(failed.count == 1 ? "its" : "their") promise to converge after the last fault (liveness failure).")
        }
        return sentences
    }

    // MARK: Refusals

    var rejected: [String] {
        let refusing = results.filter { $0.rejected.total > 0 }
        guard !refusing.isEmpty else { return [] }
        let counts = Prose.list(refusing.map { String($0.rejected.total) })
        return ["Stores refused writes under \(Prose.list(refusing.map(\.strategyLabel))): \(counts) rejected."]
    }

    var notRun: [String] {
        guard let preset, !preset.notRun.isEmpty else { return [] }
        return ["Not run: \(Prose.list(preset.notRun)), which the \(preset.name) stack cannot run (the reasons are below)."]
    }

    /// Whether the expectations pass; those about runs `--max-events`
    /// stopped are said to be not judged, never to pass.
    var expectationOutcomes: [String] {
        guard !expectations.isEmpty else { return [] }
        let failed = expectations.filter(\.failed)
        let notJudged = expectations.count { !$0.isJudged }
        var sentences: [String] = []
        if notJudged > 0 {
            let subject = notJudged < expectations.count
                ? "\(notJudged) of \(Prose.count(expectations.count, "expectation")) \(notJudged == 1 ? "is" : "are")"
                : expectations.count == 1 ? "The scenario file's one expectation is" : "The \(notJudged) expectations of the scenario file are"
            sentences.append(subject + " not judged: " + (notJudged == 1 ? "its run" : "their runs") + " stopped at --max-events.")
        }
        if failed.isEmpty {
            let judged = expectations.count - notJudged
            if notJudged == 0 {
                sentences.append(expectations.count == 1 ? "The scenario file's one expectation passes."
                    : "All \(expectations.count) expectations of the scenario file pass.")
            } else if judged > 0 {
                sentences.append(judged == 1 ? "The other one passes." : "The other \(judged) pass.")
            }
            return sentences
        }
        let list = Prose.list(failed.map { outcome in
            "\(outcome.strategyLabel) \(outcome.expectation.metric.rawValue) (expected \(ExpectationText.bound(outcome.expectation.bound)), "
                + "got \(ExpectationText.number(outcome.actual)))"
        })
        sentences.append("\(failed.count) of \(Prose.count(expectations.count, "expectation")) \(failed.count == 1 ? "fails" : "fail"): \(list).")
        return sentences
    }
}
