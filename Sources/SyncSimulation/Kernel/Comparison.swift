import SyncStore

/// Runs one scenario once per strategy, with one seed, in the order given:
/// the unit a report describes.
public enum Comparison {
    /// `progress` is told before each strategy starts: its position (from
    /// 1) and name. Runs are independent; each starts from the same seed.
    /// A broken invariant stops the process, naming it.
    public static func run(scenario: Scenario, strategies: [any Strategy], seed: UInt64,
                           concurrency: WriterConcurrency = .deterministic,
                           progress: (Int, String) -> Void = { _, _ in }) -> [RunResult] {
        do {
            return try run(scenario: scenario, strategies: strategies, seed: seed, concurrency: concurrency, store: .memory, progress: progress)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// The same on the given kind of store, which may fail to open; a
    /// broken invariant is thrown.
    public static func run(scenario: Scenario, strategies: [any Strategy], seed: UInt64,
                           concurrency: WriterConcurrency = .deterministic, store: StoreKind,
                           checksInvariants: Bool = InvariantChecker.enabledByDefault,
                           progress: (Int, String) -> Void = { _, _ in }) throws(SimulationError) -> [RunResult] {
        var results: [RunResult] = []
        for (index, strategy) in strategies.enumerated() {
            progress(index + 1, strategy.name)
            results.append(try Simulation.run(scenario: scenario, strategy: strategy, seed: seed, concurrency: concurrency, store: store,
                                              checksInvariants: checksInvariants))
        }
        return results
    }
}
