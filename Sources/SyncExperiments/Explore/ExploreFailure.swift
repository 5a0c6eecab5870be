import SyncSimulation

/// One way a seed's run failed: an expectation of the file that did not
/// hold, a strategy that broke its liveness promise, or a broken invariant
/// of the simulator itself.
public enum ExploreFailure: Hashable, Sendable {
    /// The expectation (its strategy field may be `*`) did not hold for
    /// `strategy`; `actual` is nil for a figure the run never reached.
    case expectation(strategy: String, expectation: Expectation, actual: Double?)
    /// Every fault was over and no link dropped every message, yet sync
    /// did not quiesce or the replicas still differ at `until`.
    case liveness(strategy: String, quiesced: Bool, diverged: Int)
    /// The simulator's own state was inconsistent (a SyncSim bug).
    case invariant(strategy: String, name: String, description: String)

    /// What makes two failures "the same" for the shrinker: the strategy
    /// and the expectation's metric and bound, or the liveness promise, or
    /// the invariant's name. Figures and times may differ.
    public struct Signature: Hashable, Sendable {
        /// What failed: an expectation's metric and bound, the liveness promise, or a named invariant.
        public enum Kind: Hashable, Sendable {
            case expectation(metric: Metric, bound: Expectation.Bound)
            case liveness
            case invariant(name: String)
        }

        /// The strategy the failure happened under.
        public let strategy: String
        /// What failed.
        public let kind: Kind
    }

    /// The strategy the failure happened under.
    public var strategy: String {
        switch self {
        case .expectation(let strategy, _, _), .liveness(let strategy, _, _), .invariant(let strategy, _, _): return strategy
        }
    }

    /// What identifies this failure to the shrinker.
    public var signature: Signature {
        switch self {
        case .expectation(let strategy, let expectation, _):
            return Signature(strategy: strategy, kind: .expectation(metric: expectation.metric, bound: expectation.bound))
        case .liveness(let strategy, _, _):
            return Signature(strategy: strategy, kind: .liveness)
        case .invariant(let strategy, let name, _):
            return Signature(strategy: strategy, kind: .invariant(name: name))
        }
    }

    /// One line for a person: `duplicates.peak = 0, actual 2`,
    /// `liveness failed: did not quiesce, 2 replicas diverged`,
    /// `invariant replica.causalApply broken on r2 at 1.2s (…)`.
    public var summary: String {
        switch self {
        case .expectation(_, let expectation, let actual):
            return "\(expectation.metric.rawValue) \(Self.boundText(expectation.bound)), actual \(actual.map(Self.numberText) ?? "never")"
        case .liveness(_, let quiesced, let diverged):
            var reasons: [String] = []
            if !quiesced { reasons.append("did not quiesce") }
            if diverged > 0 { reasons.append(diverged == 1 ? "1 replica diverged" : "\(diverged) replicas diverged") }
            if reasons.isEmpty { reasons.append("replicas did not agree") }
            return "liveness failed after the faults: " + reasons.joined(separator: ", ")
        case .invariant(_, _, let description):
            return description
        }
    }

    /// `= 400`, `≤ 0`, `≥ 100`, `100 … 200`, as `simulate check` writes bounds.
    static func boundText(_ bound: Expectation.Bound) -> String {
        bound.text(numberText)
    }

    /// Whole numbers without a decimal point; others as Swift prints them
    /// (the shortest text that reads back as the same number).
    static func numberText(_ value: Double) -> String {
        if value == value.rounded(.towardZero) && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
