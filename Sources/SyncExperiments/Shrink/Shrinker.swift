import SyncScenarioFile
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
///    It is also run once without the nemesis step: when that passes,
///    the failure needs explore's faults, and so must every candidate's.
/// 2. Write the nemesis's faults out as plain steps (``FaultSteps``), kept
///    only if that still fails.
/// 3. Repeat until a round changes nothing: shorten `until`, drop steps,
///    drop crashes with their restarts, lower counts, narrow `on`, drop
///    replicas. Each candidate is one run; it is kept when the run fails
///    with the same ``ExploreFailure/Signature`` and, if the seed's run
///    ended with every partition healed and every replica up, so does the
///    candidate's (else dropping a heal would keep many a failure for a
///    reason the seed did not have). When the failure needs explore's
///    faults, a second run without them (the steps they were written out
///    as, which stay marked through every edit) must not fail that way:
///    else an empty file that fails `equals: 20` with no fault at all
///    would pass for the seed's failure.
/// 4. List the steps in time order, if that still fails.
/// When no pass keeps a smaller candidate, the result is the baseline: the
/// scenario as explored, with its nemesis step, and it says so.
public struct Shrinker: Sendable {
    /// The explored scenario, with its nemesis step.
    public let target: Explore.Target
    /// The seed whose failure is shrunk.
    public let seed: UInt64
    /// The failure explore found for that seed; candidates must keep its signature.
    public let failure: ExploreFailure
    /// Candidates run at most; the smallest failing document found by then
    /// is the result.
    public let maxRuns: Int

    /// The run budget when none is given.
    public static let defaultMaxRuns = 500

    /// A shrinker of `seed`'s `failure`; `maxRuns` must be at least 1, for the baseline.
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
        state.requiresPassingWithoutFaults = state.passesWithoutFaults(reduced)

        var timeline = baseline.results.first { $0.strategy == failure.strategy }?.faults
        state.requiresFaultsOver = timeline.map(FaultSteps.allOver) ?? false
        if timeline == nil, state.runs < maxRuns, let document = try? target.runner.read(reduced.unmarked) {
            // A broken invariant stopped the run: the faults come from a run without checks (they do not draw on any stream).
            state.runs += 1
            timeline = DocumentRunner(file: target.file, checksInvariants: false).run(document).results.first?.faults
        }
        // Only explore's nemesis is written out: a file's own would mix its
        // faults into the same timeline, and explore's could no longer be
        // told from the file's.
        var faultsWrittenOut = false
        if let timeline, reduced.steps.filter({ $0["nemesis"] != nil }).count == 1,
           let written = FaultSteps.materialise(reduced, timeline: timeline) {
            // The file's steps keep their places; the faults follow them.
            let ownSteps = reduced.steps.count - 1
            let marked = written.steps.enumerated().map { $0.offset < ownSteps ? $0.element : $0.element.markedAsExploreFault() }
            faultsWrittenOut = state.attempt(written.withSteps(marked))
        }
        let acceptedBeforePasses = state.accepted

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
        // No pass kept a smaller candidate: the scenario as explored is the
        // result, its nemesis step and all.
        let shrunk = state.accepted > acceptedBeforePasses
        if shrunk { state.orderStepsByTime() }
        let document = shrunk ? state.document : reduced
        return ShrinkResult(
            file: target.file, scenarioName: target.scenarioName, seed: seed, failure: failure, document: document.unmarked,
            documentFailure: shrunk ? state.failure : reproduced,
            runs: state.runs, before: DocumentSize(of: explored), after: DocumentSize(of: document.unmarked),
            faultsWrittenOut: shrunk && faultsWrittenOut, budgetSpent: state.budgetSpent, shrunk: shrunk,
            failureNeedsFaults: state.requiresPassingWithoutFaults, exploreFaultSteps: document.exploreFaultIndices)
    }

    /// Step 1: the explored document cut down to the failing strategy and
    /// one failing expectation, named after the seed, its nemesis step
    /// marked as explore's fault.
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
            .withSteps(explored.steps.enumerated().map { $0.offset == target.nemesisStepIndex ? $0.element.markedAsExploreFault() : $0.element })
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
