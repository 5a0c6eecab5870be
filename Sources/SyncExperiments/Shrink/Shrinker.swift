import SyncSimulation

/// Minimises a seed's failure to a plain scenario file that fails the same
/// way under `simulate run` and `simulate check`.
///
/// It edits the document, never `Scenario` values, so every candidate is a
/// file by construction, read by the same parser as any file. In order:
/// 1. Keep only the failing strategy and one expectation that fails (the
///    file's own, or `liveness` equals 1 for a broken liveness promise),
///    name the scenario after the seed, and set `seed: S`. This is run
///    once: the baseline.
/// 2. Write the nemesis's faults out as plain steps (``FaultSteps``), kept
///    only if that still fails.
/// 3. Repeat until a round changes nothing: shorten `until`, drop steps,
///    drop crashes with their restarts, lower counts, narrow `on`, drop
///    replicas. Each candidate is one run; it is kept when the run fails
///    with the same ``ExploreFailure/Signature`` and, if the seed's run
///    ended with every partition healed and every replica up, so does the
///    candidate's (else dropping a heal would keep many a failure for a
///    reason the seed did not have).
/// 4. List the steps in time order, if that still fails.
public struct Shrinker: Sendable {
    public let target: Explore.Target
    public let seed: UInt64
    public let failure: ExploreFailure
    /// Candidates run at most; the smallest failing document found by then
    /// is the result.
    public let maxRuns: Int

    public static let defaultMaxRuns = 500

    public init(target: Explore.Target, seed: UInt64, failure: ExploreFailure, maxRuns: Int = Shrinker.defaultMaxRuns) {
        precondition(maxRuns >= 1, "a shrink needs at least its baseline run")
        self.target = target
        self.seed = seed
        self.failure = failure
        self.maxRuns = maxRuns
    }

    /// The smallest document found, or nil when the baseline did not fail
    /// (it always should: strategies' runs are independent).
    public func shrink() -> ShrinkResult? {
        let explored = target.document(seed: seed)
        guard let reduced = reduced(explored) else { return nil }
        var state = ShrinkState(document: reduced, failure: failure, runner: target.runner, signature: failure.signature, maxRuns: maxRuns,
                                healedPhaseMicros: target.healedPhaseMicros)
        guard let baseline = state.check(reduced), let reproduced = state.matching(baseline) else { return nil }
        state.failure = reproduced

        var timeline = baseline.results.first { $0.strategy == failure.strategy }?.faults
        state.requiresFaultsOver = timeline.map(FaultSteps.allOver) ?? false
        if timeline == nil, state.runs < maxRuns, let document = try? target.runner.read(reduced) {
            // A broken invariant stopped the run: the faults come from a run without checks (they do not draw on any stream).
            state.runs += 1
            timeline = DocumentRunner(file: target.file, checksInvariants: false).run(document).results.first?.faults
        }
        var faultsWrittenOut = false
        if let timeline, let written = FaultSteps.materialise(reduced, timeline: timeline) {
            faultsWrittenOut = state.attempt(written)
        }

        var changed = true
        while changed && !state.budgetSpent {
            changed = false
            changed = state.shortenUntil() || changed
            changed = state.removeSteps() || changed
            changed = state.removeCrashesWithTheirRestarts() || changed
            changed = state.lowerCounts() || changed
            changed = state.narrowTargets() || changed
            changed = state.removeReplicas() || changed
        }
        state.orderStepsByTime()
        return ShrinkResult(
            file: target.file, scenarioName: target.scenarioName, seed: seed, failure: failure, document: state.document, documentFailure: state.failure,
            runs: state.runs, before: DocumentSize(of: explored), after: DocumentSize(of: state.document),
            faultsWrittenOut: faultsWrittenOut, budgetSpent: state.budgetSpent)
    }

    /// Step 1: the explored document cut down to the failing strategy and
    /// one failing expectation, named after the seed.
    func reduced(_ explored: JSON5Value) -> JSON5Value? {
        let strategy = failure.strategy
        let expectation: JSON5Value
        switch failure {
        case .expectation(_, let failed, _):
            guard let document = try? target.runner.read(explored),
                  let index = document.expectations.firstIndex(of: failed),
                  let node = explored["expect"]?.arrayItems?[index] else { return nil }
            expectation = node.setting("strategy", to: .string(strategy))
        case .liveness:
            expectation = .object([.init("strategy", .string(strategy)), .init("metric", .string("liveness")), .init("equals", .int(1))])
        case .invariant:
            // Always met: it is there so that `simulate check` runs the strategy; the failure is the invariant.
            expectation = .object([.init("strategy", .string(strategy)), .init("metric", .string("quiesced")), .init("min", .int(0))])
        }
        let description = "Shrunk by simulate explore from \(target.file), seed \(seed), where \(strategy) failed: \(failure.summary)."
        return explored
            .setting("name", to: .string("\(target.scenarioName)-seed-\(seed)"))
            .setting("description", to: .string(description), after: ["name"])
            .setting("strategies", to: .array([.string(strategy)]), after: ["clocks", "sync", "network", "schema", "until", "seed", "replicas", "description", "name"])
            .setting("expect", to: .array([expectation]))
    }
}

extension Explore {
    /// Shrinks the first failure of every failing seed, seeds in parallel;
    /// the results are in the order of `outcomes` (passing seeds skipped).
    /// `progress` is told after each seed (seeds done, seeds to shrink).
    public static func shrink(_ target: Target, failing outcomes: [SeedOutcome], maxRuns: Int = Shrinker.defaultMaxRuns,
                              progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) -> [ShrinkResult?] {
        let failing = outcomes.filter(\.failed)
        let done = LockedBox(0)
        return parallelMap(failing) { outcome in
            let result = Shrinker(target: target, seed: outcome.seed, failure: outcome.failures[0], maxRuns: maxRuns).shrink()
            let count = done.withLock { value -> Int in
                value += 1
                return value
            }
            progress(count, failing.count)
            return result
        }
    }
}
