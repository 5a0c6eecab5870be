/// A claim a scenario makes about its results: "under `lww`,
/// `duplicates.final` equals 400". What `simulate check` verifies.
public struct Expectation: Hashable, Sendable {
    /// The values a metric may take: exactly one, or a range whose missing ends are open.
    public enum Bound: Hashable, Sendable {
        case equals(Double)
        case range(min: Double?, max: Double?)
    }

    /// A strategy name, or `*` for every strategy run.
    public let strategy: String
    /// The figure the claim is about.
    public let metric: Metric
    /// The values it may take.
    public let bound: Bound
    /// A variant of the preset (``ScenarioVariant``) the claim is about;
    /// nil: every variant run.
    public var variant: String?

    /// A claim about every variant run unless `variant` is given.
    public init(strategy: String, metric: Metric, bound: Bound, variant: String? = nil) {
        self.strategy = strategy
        self.metric = metric
        self.bound = bound
        self.variant = variant
    }

    /// Whether the claim is about `strategyName`: its own, or `*`.
    public func applies(to strategyName: String) -> Bool {
        strategy == "*" || strategy == strategyName
    }

    /// Whether the claim is about `result`: its strategy, and its variant
    /// if the claim names one.
    public func applies(to result: RunResult) -> Bool {
        applies(to: result.strategy) && (variant.map { ScenarioVariant.matches($0, run: result.variant) } ?? true)
    }

    /// True when `value` meets the bound. A missing value (a run that never
    /// converged) meets no bound.
    public func isMet(by value: Double?) -> Bool {
        guard let value else { return false }
        switch bound {
        case .equals(let expected): return value == expected
        case .range(let min, let max): return (min.map { value >= $0 } ?? true) && (max.map { value <= $0 } ?? true)
        }
    }
}

extension Expectation.Bound {
    /// `= 400`, `≤ 0`, `≥ 100`, `100 … 200`, each number as `number` writes
    /// it: how `check`, `explore` and shrunk files state a bound.
    public func text(_ number: (Double) -> String) -> String {
        switch self {
        case .equals(let value): return "= \(number(value))"
        case .range(let min?, let max?): return "\(number(min)) … \(number(max))"
        case .range(let min?, nil): return "≥ \(number(min))"
        case .range(nil, let max?): return "≤ \(number(max))"
        case .range(nil, nil): return "any"
        }
    }
}

/// One expectation checked against one strategy's run.
public struct ExpectationOutcome: Hashable, Sendable {
    /// The claim checked.
    public let expectation: Expectation
    /// The strategy whose run it was checked against.
    public let strategy: String
    /// The run's variant (``RunResult/variant``); nil without variants.
    public var variant: String? = nil
    /// `lww`, or `lww [importFirst]`: how text names the run.
    public var strategyLabel: String { StrategyLabel.text(strategy, variant: variant) }
    /// The figure the run produced; nil when it never reached one (a run that never converged).
    public let actual: Double?
    /// False when a limit (`--max-events`, `--max-memory`) stopped the run (``RunResult/stoppedAt``):
    /// its figures are partial and the claim is about the finished run,
    /// so it neither passes nor fails. Outputs say `not judged`.
    public var isJudged = true
    /// Whether the actual value meets the bound, judged or not.
    public var isMet: Bool { expectation.isMet(by: actual) }
    /// Judged and met.
    public var passed: Bool { isJudged && isMet }
    /// Judged and not met: what makes `run` and `check` exit 1.
    public var failed: Bool { isJudged && !isMet }

    /// Checks every expectation against every result it applies to, in the
    /// order of the expectations, then of the results.
    public static func check(_ expectations: [Expectation], against results: [RunResult]) -> [ExpectationOutcome] {
        expectations.flatMap { expectation in
            results.filter { expectation.applies(to: $0) }.map { result in
                ExpectationOutcome(expectation: expectation, strategy: result.strategy, variant: result.variant,
                                   actual: expectation.metric.value(in: result), isJudged: !result.stoppedEarly)
            }
        }
    }
}
