/// One harm of one option under one habit, over its seeds: what advise
/// reports as `{mean, low, high, worst}` and ranks by.
///
/// `low` and `high` bound a Student-t 95% interval for the mean
/// (``MetricSummary``), so two options are told apart only where their
/// intervals say so (``HarmComparison``). `worst` and ``worstSeed`` name
/// the single run a developer should replay.
public struct HarmFigure: Hashable, Sendable {
    /// The mean over seeds, summed in seed order.
    public let mean: Double
    /// The lower end of the 95% interval for the mean, never below 0.
    ///
    /// The t interval is symmetric, so for a count that is mostly 0 with a
    /// few large seeds it reaches below 0: a value no run can have. Every
    /// harm is a count or a duration (``AdviceHarm``), so the bound is
    /// clamped at 0, which is what a reader expects to see. The clamp
    /// never changes a comparison: an interval is better than another only
    /// when its `high` (≥ 0) lies below the other's `low`, which a negative
    /// `low` could not satisfy either.
    public let low: Double
    /// The upper end of the 95% interval for the mean.
    public let high: Double
    /// The largest value over the seeds.
    public let worst: Double
    /// The first seed, in seed order, whose value is ``worst``: the run
    /// advise's replay command names. The first, so that the same runs
    /// always name the same seed.
    public let worstSeed: UInt64

    /// The figure of one harm over runs: `values[i]` is the value of the
    /// run with `seeds[i]`, in seed order.
    ///
    /// With one seed the interval is the mean itself (``MetricSummary``
    /// has no spread to work with). Values must be finite and ≥ 0 (every
    /// harm is a count or a duration): anything else is a bug upstream.
    public init(_ values: [Double], seeds: [UInt64]) {
        precondition(!values.isEmpty, "a harm figure needs at least one run")
        precondition(values.count == seeds.count, "one value per seed: \(values.count) values, \(seeds.count) seeds")
        precondition(values.allSatisfy { $0.isFinite && $0 >= 0 }, "a harm is a count or a duration, finite and at least 0: \(values)")
        guard let summary = MetricSummary(values) else { preconditionFailure("values are not empty") }
        // max() is the same number whichever of equal maxima it meets
        // first; the seed is then the first that reached it.
        guard let worstIndex = values.firstIndex(of: summary.maximum) else { preconditionFailure("the maximum is one of the values") }
        self.init(mean: summary.mean, low: max(0, summary.ciLow), high: summary.ciHigh, worst: summary.maximum, worstSeed: seeds[worstIndex])
    }

    /// A figure from its parts: for a caller that already holds them (a
    /// report read back) and for tests that need an interval exactly.
    public init(mean: Double, low: Double, high: Double, worst: Double, worstSeed: UInt64) {
        precondition([mean, low, high, worst].allSatisfy(\.isFinite), "a harm figure is finite")
        precondition(0 <= low && low <= mean && mean <= high, "0 ≤ low ≤ mean ≤ high: \(low), \(mean), \(high)")
        // Not `mean <= worst`: the mean of three runs of 0.1 rounds to
        // 0.10000000000000002, above every run.
        precondition(worst >= 0, "a harm is at least 0: worst \(worst)")
        self.mean = mean
        self.low = low
        self.high = high
        self.worst = worst
        self.worstSeed = worstSeed
    }
}
