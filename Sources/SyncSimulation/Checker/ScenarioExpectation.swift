/// One item of a scenario's `expect` list: a bound on a metric, or the
/// value a fetch by key returns on some replicas.
public enum ScenarioExpectation: Hashable, Sendable {
    case metric(Expectation)
    case value(ValueExpectation)

    /// A strategy name, or `*` for every strategy run.
    public var strategy: String {
        switch self {
        case .metric(let expectation): return expectation.strategy
        case .value(let expectation): return expectation.strategy
        }
    }

    /// The variant it is about, if it names one.
    public var variant: String? {
        switch self {
        case .metric(let expectation): expectation.variant
        case .value(let expectation): expectation.variant
        }
    }
}

/// One expectation checked against one strategy's run (and, for a value,
/// one replica).
public enum ScenarioExpectationOutcome: Hashable, Sendable {
    case metric(ExpectationOutcome)
    case value(ValueOutcome)

    /// Judged and met.
    public var passed: Bool {
        switch self {
        case .metric(let outcome): return outcome.passed
        case .value(let outcome): return outcome.passed
        }
    }

    /// Judged and not met.
    public var failed: Bool {
        switch self {
        case .metric(let outcome): return outcome.failed
        case .value(let outcome): return outcome.failed
        }
    }

    /// False when `--max-events` stopped the run: neither passed nor failed.
    public var isJudged: Bool {
        switch self {
        case .metric(let outcome): return outcome.isJudged
        case .value(let outcome): return outcome.isJudged
        }
    }

    /// The strategy whose run was checked.
    public var strategy: String {
        switch self {
        case .metric(let outcome): return outcome.strategy
        case .value(let outcome): return outcome.strategy
        }
    }

    /// The run's variant; nil without variants.
    public var variant: String? {
        switch self {
        case .metric(let outcome): return outcome.variant
        case .value(let outcome): return outcome.variant
        }
    }

    /// `lww`, or `lww [importFirst]`: how text names the run.
    public var strategyLabel: String { StrategyLabel.text(strategy, variant: variant) }

    /// Every expectation against every result it applies to, in the order
    /// of the expectations.
    public static func check(_ expectations: [ScenarioExpectation], against results: [RunResult]) -> [ScenarioExpectationOutcome] {
        expectations.flatMap { item -> [ScenarioExpectationOutcome] in
            switch item {
            case .metric(let expectation): return ExpectationOutcome.check([expectation], against: results).map { .metric($0) }
            case .value(let expectation): return ValueOutcome.check([expectation], against: results).map { .value($0) }
            }
        }
    }
}
