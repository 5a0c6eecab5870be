/// Mean, spread and a 95% confidence interval of one metric over seeds.
public struct MetricSummary: Hashable, Sendable {
    /// Seeds that produced a value (a run that never converged has no
    /// `convergenceSeconds`).
    public let count: Int
    /// The arithmetic mean, summed in seed order.
    public let mean: Double
    /// Sample standard deviation (n − 1); 0 for a single value.
    public let standardDeviation: Double
    /// The smallest value.
    public let minimum: Double
    /// The largest value.
    public let maximum: Double
    /// Student's t interval for the mean: mean ± t(0.975, n − 1) · sd / √n;
    /// the mean itself when n < 2.
    public let ciLow: Double
    /// See ``ciLow``.
    public let ciHigh: Double

    /// Nil when no seed produced a value.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        count = values.count
        // Summed in the given order (seed order), so the result is the same
        // bytes on every run and every machine.
        let mean = values.reduce(0, +) / Double(values.count)
        self.mean = mean
        minimum = values.min()!
        maximum = values.max()!
        guard values.count > 1 else {
            standardDeviation = 0
            ciLow = mean
            ciHigh = mean
            return
        }
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        standardDeviation = variance.squareRoot()
        let half = StudentT.quantile975(degreesOfFreedom: values.count - 1) * standardDeviation / Double(values.count).squareRoot()
        ciLow = mean - half
        ciHigh = mean + half
    }
}

/// The 97.5% quantile of Student's t distribution: the multiplier of a
/// two-sided 95% confidence interval.
public enum StudentT {
    /// t(0.975, df) for df = 1 … 30, from the standard tables.
    static let table: [Double] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ]

    /// The standard normal distribution's 97.5% quantile: t(0.975, df) as
    /// df grows, and the z of a 95% interval for a share.
    public static let normalQuantile975 = 1.959964

    /// t(0.975, `df`): from the standard tables up to 30 degrees of freedom, beyond that within 0.001 of the exact
    /// value. `df` must be at least 1.
    public static func quantile975(degreesOfFreedom df: Int) -> Double {
        precondition(df >= 1, "at least one degree of freedom")
        if df <= table.count { return table[df - 1] }
        // Beyond the table, the Cornish–Fisher expansion around z = 1.96 is
        // within 0.001 of the exact quantile.
        let z = normalQuantile975
        let n = Double(df)
        return z + (z * z * z + z) / (4 * n) + (5 * z * z * z * z * z + 16 * z * z * z + 3 * z) / (96 * n * n)
    }
}
