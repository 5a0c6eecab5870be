import SyncSimulation

/// One column of a sweep: a strategy, under one variant of the scenario
/// when its preset has a behaviour no source settles
/// (``SyncSimulation/ScenarioVariant``). Every job of a sweep runs the same columns.
public struct SweepRun: Hashable, Sendable {
    /// The plain strategy name, as `--strategies` takes it.
    public let strategy: String
    /// The variant's name; nil when the scenario has no variants.
    public let variant: String?

    /// The column of `strategy`, under `variant` if the scenario has one.
    public init(strategy: String, variant: String? = nil) {
        self.strategy = strategy
        self.variant = variant
    }

    /// `lww`, or `lww [importFirst]`: how tables and prose name the column.
    public var label: String { StrategyLabel.text(strategy, variant: variant) }

    /// Each strategy once, or once per variant with its variants side by
    /// side: the order ``SyncSimulation/Comparison/plan(scenario:strategies:)`` runs them.
    public static func plan(strategies: [String], variants: [String]) -> [SweepRun] {
        strategies.flatMap { strategy in
            variants.isEmpty ? [SweepRun(strategy: strategy)] : variants.map { SweepRun(strategy: strategy, variant: $0) }
        }
    }

    /// The column of each run of a comparison, in its order.
    package static func of(_ runs: [Comparison.Run]) -> [SweepRun] {
        runs.map { SweepRun(strategy: $0.strategy.name, variant: $0.scenario.variant) }
    }
}
