@testable import SyncSimulation
import Testing

/// The duplicate series stays within its bucket budget however long the
/// run, and merging buckets never loses a peak.
struct DuplicateSeriesTests {
    @Test func bucketsHoldTheHighestCountAndCarryItOn() {
        var series = DuplicateSeries(resolutionMicros: 100, replicaCount: 2, perReplica: true)
        series.record(worst: 3, replicaCounts: [3, 1], atMicros: 50)
        series.record(worst: 7, replicaCounts: [7, 1], atMicros: 60)
        series.record(worst: 2, replicaCounts: [2, 1], atMicros: 90)
        series.close(atMicros: 350)
        #expect(series.worst == [7, 2, 2, 2])
        #expect(series.perReplica == [[7, 2, 2, 2], [1, 1, 1, 1]])
    }

    @Test func aLongRunCoarsensInsteadOfGrowing() {
        var series = DuplicateSeries(resolutionMicros: 1_000, replicaCount: 1, perReplica: false)
        series.record(worst: 9, replicaCounts: [9], atMicros: 1_500)
        series.record(worst: 0, replicaCounts: [0], atMicros: 2_500)
        series.close(atMicros: 10_000_000)
        #expect(series.worst.count <= DuplicateSeries.maxBuckets)
        // 10 s at 1 ms needs 10,001 buckets: three halvings give 8 ms and 1,251.
        #expect(series.resolutionMicros == 8_000)
        #expect(series.worst.count == 1_251)
        #expect(series.worst.first == 9, "the peak survives every merge")
        #expect(series.worst.last == 0)
    }
}
