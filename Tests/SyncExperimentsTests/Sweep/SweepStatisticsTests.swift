import SyncExperiments
import Testing

struct SweepStatisticsTests {
    @Test func studentTMatchesTheTablesAndTheLimit() {
        #expect(StudentT.quantile975(degreesOfFreedom: 1) == 12.706)
        #expect(StudentT.quantile975(degreesOfFreedom: 29) == 2.045)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 60) - 2.000) < 0.001)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 120) - 1.980) < 0.001)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 100_000) - 1.960) < 0.001)
    }

    /// Worked by hand: mean 2.5, sd √(5/3) = 1.290994, half-width
    /// 3.182 × 1.290994 / 2 = 2.053972.
    @Test func summaryOfFourValues() throws {
        let summary = try #require(MetricSummary([1, 2, 3, 4]))
        #expect(summary.count == 4)
        #expect(summary.mean == 2.5)
        #expect(abs(summary.standardDeviation - 1.290994) < 1e-6)
        #expect(summary.minimum == 1 && summary.maximum == 4)
        #expect(abs(summary.ciLow - 0.446028) < 1e-6)
        #expect(abs(summary.ciHigh - 4.553972) < 1e-6)
    }

    @Test func oneValueHasNoSpreadAndNoValueHasNoSummary() throws {
        let one = try #require(MetricSummary([7]))
        #expect(one.standardDeviation == 0 && one.ciLow == 7 && one.ciHigh == 7)
        #expect(MetricSummary([]) == nil)
    }
}
