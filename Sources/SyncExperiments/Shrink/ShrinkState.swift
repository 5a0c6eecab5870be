import SyncScenarioFile
import SyncSimulation

/// The shrinker's working state: the smallest failing document so far and
/// the runs spent finding it.
struct ShrinkState {
    /// Fails the same way as the seed did; every accepted candidate does.
    /// Explore's faults are marked (``JSON5Value/isExploreFault``).
    var document: JSON5Value
    /// How `document` fails (the same signature; its figures may differ).
    var failure: ExploreFailure
    /// Candidates run (one strategy each, once the document is reduced).
    var runs = 0
    /// True once a candidate was turned away because `maxRuns` were spent.
    var budgetSpent = false
    let runner: DocumentRunner
    let signature: ExploreFailure.Signature
    let maxRuns: Int
    /// The healed time a shortened `until` must still leave after the last step.
    let healedPhaseMicros: Int64
    /// True when the seed's run of the failing strategy ended with every
    /// fault over; a candidate's must too, or dropping a heal would "keep"
    /// a failure that an unhealed partition alone explains.
    var requiresFaultsOver = false
    /// True when the seed's document without explore's faults did not fail
    /// this way: the failure needs the faults, so a candidate must fail
    /// with them and pass without them, or shrinking would "keep" the
    /// failure in a file that fails for a reason of its own (an empty file
    /// has 0 duplicates, which fails `equals: 20` with no fault at all).
    var requiresPassingWithoutFaults = false
    /// Candidates kept after the baseline.
    var accepted = 0

    /// Runs `candidate` (its marks removed); nil when the scenario parser
    /// refuses it (such a candidate costs no run) or the budget is spent.
    mutating func check(_ candidate: JSON5Value) -> DocumentRunner.Outcome? {
        guard runs < maxRuns else {
            budgetSpent = true
            return nil
        }
        guard let scenario = try? runner.read(candidate.unmarked) else { return nil }
        runs += 1
        return runner.run(scenario)
    }

    /// The failure with the seed's signature in `outcome`, nil when there
    /// is none (or the faults of a run that must end healed did not).
    func matching(_ outcome: DocumentRunner.Outcome) -> ExploreFailure? {
        guard let failure = outcome.failures.first(where: { $0.signature == signature }) else { return nil }
        guard requiresFaultsOver, let result = outcome.results.first(where: { $0.strategy == signature.strategy }) else { return failure }
        return FaultSteps.allOver(result.faults) ? failure : nil
    }

    /// True when `candidate` without explore's faults runs and shows no
    /// failure of the seed's signature. One more run.
    mutating func passesWithoutFaults(_ candidate: JSON5Value) -> Bool {
        guard let outcome = check(candidate.withoutExploreFaults) else { return false }
        return !outcome.failures.contains { $0.signature == signature }
    }

    /// Keeps `candidate` if it still fails the same way (and, when the
    /// failure needs explore's faults, still passes without them).
    @discardableResult
    mutating func attempt(_ candidate: JSON5Value) -> Bool {
        guard candidate != document, let outcome = check(candidate), let failure = matching(outcome) else { return false }
        guard !requiresPassingWithoutFaults || passesWithoutFaults(candidate) else { return false }
        document = candidate
        self.failure = failure
        accepted += 1
        return true
    }
}
