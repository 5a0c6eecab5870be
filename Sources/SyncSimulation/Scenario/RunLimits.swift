/// The limits a command puts on its runs: the same for `run`, `check`,
/// `sweep` and `explore`, and for a library user. ``budget`` refuses a
/// scenario too large before it runs (``WorkEstimate``); ``maxEvents`` and
/// ``maxMemoryBytes`` stop a run that goes on too long or grows too large,
/// with partial figures.
public struct RunLimits: Hashable, Sendable {
    /// Each run stops after this many events (``Scenario/maxEvents``).
    public var maxEvents: Int?
    /// Each run stops when the process's resident memory passes this
    /// (``Scenario/maxMemoryBytes``).
    public var maxMemoryBytes: Int?
    /// The estimate's ceiling; nil runs anything (`--allow-large`).
    public var budget: WorkBudget?
    /// Whether ``maxMemoryBytes`` caps the estimate (a run stops there, so
    /// it cannot need more). True when the user chose the ceiling; a
    /// default ceiling (half the machine's memory) does not, so that a
    /// scenario too large is refused the same way on every machine.
    public var ceilingCapsEstimate = true

    /// Limits; by default the standard budget and no run-time ceiling.
    public init(maxEvents: Int? = nil, maxMemoryBytes: Int? = nil, budget: WorkBudget? = .standard) {
        self.maxEvents = maxEvents
        self.maxMemoryBytes = maxMemoryBytes
        self.budget = budget
    }

    /// Puts the run-time limits on `scenario`.
    public func apply(to scenario: inout Scenario) {
        scenario.maxEvents = maxEvents
        scenario.maxMemoryBytes = maxMemoryBytes
    }

    /// Why `scenario`, run `runs` times under each of `strategies`,
    /// `parallel` runs at once, is too large for the budget; nil when it
    /// fits or there is no budget. Reads the limits as applied: a
    /// ``maxEvents`` caps the work it estimates.
    public func refusal(_ scenario: Scenario, strategies: [any Strategy], runs: Int = 1, parallel: Int = 1) -> String? {
        guard let budget else { return nil }
        return estimate(scenario, strategies: strategies, runs: runs, parallel: parallel).refusal(budget)
    }

    /// The estimate the budget is held to: `scenario` under these limits
    /// (a ceiling only when ``ceilingCapsEstimate``), run `runs` times
    /// under each of `strategies`, `parallel` at once.
    public func estimate(_ scenario: Scenario, strategies: [any Strategy], runs: Int = 1, parallel: Int = 1) -> WorkEstimate {
        var limited = scenario
        apply(to: &limited)
        if !ceilingCapsEstimate { limited.maxMemoryBytes = nil }
        return WorkEstimate(scenario: limited, strategies: strategies).repeated(runs, parallel: parallel)
    }
}
