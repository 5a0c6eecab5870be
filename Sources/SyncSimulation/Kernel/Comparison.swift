import SyncStore

/// Runs one scenario once per strategy, with one seed, in the order given:
/// the unit a report describes.
public enum Comparison {
    /// `progress` is told before each run starts: its position (from 1)
    /// and label (``Run/label``). A scenario with variants runs every
    /// strategy once per variant. Runs are independent; each starts from the same seed.
    /// A broken invariant stops the process, naming it. With `wallClock`,
    /// each result's `wallSeconds` is the time its run took on it.
    public static func run(scenario: Scenario, strategies: [any Strategy], seed: UInt64,
                           concurrency: WriterConcurrency = .deterministic, wallClock: WallClock? = nil,
                           progress: (Int, String) -> Void = { _, _ in }) -> [RunResult] {
        do {
            return try run(scenario: scenario, strategies: strategies, seed: seed, concurrency: concurrency, store: .memory,
                           wallClock: wallClock, progress: progress)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// The same on the given kind of store, which may fail to open; a
    /// broken invariant is thrown.
    public static func run(scenario: Scenario, strategies: [any Strategy], seed: UInt64,
                           concurrency: WriterConcurrency = .deterministic, store: StoreKind,
                           checksInvariants: Bool = InvariantChecker.enabledByDefault, wallClock: WallClock? = nil,
                           progress: (Int, String) -> Void = { _, _ in }) throws(SimulationError) -> [RunResult] {
        var results: [RunResult] = []
        let runs = plan(scenario: scenario, strategies: strategies)
        for (index, run) in runs.enumerated() {
            progress(index + 1, run.label)
            let started = wallClock?()
            var result = try Simulation.run(scenario: run.scenario, strategy: run.strategy, seed: seed, concurrency: concurrency,
                                            store: store, checksInvariants: checksInvariants)
            result.variant = run.scenario.variant
            if let wallClock, let started { result.wallSeconds = wallClock() - started }
            results.append(result)
        }
        return results
    }

    /// One run of a comparison: a strategy, under a variant of the
    /// scenario when its preset has an unknown behaviour.
    public struct Run: Sendable {
        /// The strategy the run uses.
        public let strategy: any Strategy
        /// The scenario it runs: the one given, or one of its variants.
        public let scenario: Scenario
        /// `lww`, or `lww [importFirst]` for a variant.
        public var label: String { strategy.name + (scenario.variant.map { " [\($0)]" } ?? "") }
    }

    /// The runs in report order: each strategy once, or once per variant
    /// with its variants side by side.
    public static func plan(scenario: Scenario, strategies: [any Strategy]) -> [Run] {
        let scenarios = scenario.variants.isEmpty ? [scenario] : scenario.variants.map(scenario.running)
        return strategies.flatMap { strategy in scenarios.map { Run(strategy: strategy, scenario: $0) } }
    }
}
