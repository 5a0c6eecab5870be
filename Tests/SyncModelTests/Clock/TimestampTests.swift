import SyncModel
import Testing

struct TimestampTests {
    @Test func wallMicrosComesFirst() {
        #expect(ts(1, 99, 9) < ts(2, 0, 0))
        #expect(!(ts(2, 0, 0) < ts(1, 99, 9)))
    }

    @Test func counterBreaksEqualWalls() {
        #expect(ts(5, 1, 9) < ts(5, 2, 0))
        #expect(!(ts(5, 2, 0) < ts(5, 1, 9)))
    }

    @Test func replicaIndexBreaksEqualWallAndCounter() {
        #expect(ts(5, 1, 0) < ts(5, 1, 1))
        #expect(ts(5, 1, 0) != ts(5, 1, 1))
        #expect(ts(5, 1, 3) == ts(5, 1, 3))
    }

    /// The number orders replicas, not the name: "r10" < "r2" as strings.
    @Test func r10OrdersAfterR2() {
        let r2 = ReplicaID(1)
        let r10 = ReplicaID(9)
        #expect(r2.description == "r2")
        #expect(r10.description == "r10")
        #expect(r10.description < r2.description)
        let fromR2 = Timestamp(wallMicros: 7, counter: 3, replica: r2)
        let fromR10 = Timestamp(wallMicros: 7, counter: 3, replica: r10)
        #expect(fromR2 < fromR10)
        #expect(fromR10 > fromR2)
        #expect([fromR10, fromR2].max() == fromR10)
    }

    @Test func negativeWallTimesOrderNumerically() {
        #expect(ts(-5) < ts(-1))
        #expect(ts(Int64.min) < ts(0))
    }

    @Test func description() {
        #expect(ts(1_000, 2, 0).description == "1000.2@r1")
    }
}
