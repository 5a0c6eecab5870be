import SyncSimulation

/// The shrinker's working state: the smallest failing document so far and
/// the runs spent finding it.
struct ShrinkState {
    /// Fails the same way as the seed did; every accepted candidate does.
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

    /// Runs `candidate`; nil when the scenario parser refuses it (such a
    /// candidate costs no run) or the budget is spent.
    mutating func check(_ candidate: JSON5Value) -> DocumentRunner.Outcome? {
        guard runs < maxRuns else {
            budgetSpent = true
            return nil
        }
        guard let scenario = try? runner.read(candidate) else { return nil }
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

    /// Keeps `candidate` if it still fails the same way.
    @discardableResult
    mutating func attempt(_ candidate: JSON5Value) -> Bool {
        guard candidate != document, let outcome = check(candidate), let failure = matching(outcome) else { return false }
        document = candidate
        self.failure = failure
        return true
    }
}
