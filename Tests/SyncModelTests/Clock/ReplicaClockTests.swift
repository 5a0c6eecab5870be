import SyncModel
import TestSupport
import Testing

struct ReplicaClockTests {
    static let kinds: [StampClockKind] = [.wall, .hybrid]

    @Test(arguments: kinds)
    func firstStampIsThePhysicalReading(kind: StampClockKind) {
        var clock = ReplicaClock(kind: kind, replica: ReplicaID(2),
                                 physical: PhysicalClock(skewMicros: 50))
        #expect(clock.stamp(atTrueMicros: 1_000) == ts(1_050, 0, 2))
        #expect(clock.last == ts(1_050, 0, 2))
    }

    @Test(arguments: kinds)
    func stampsIncreaseForSameOrBackwardTrueTimes(kind: StampClockKind) {
        var clock = ReplicaClock(kind: kind, replica: ReplicaID(0))
        let times: [Int64] = [1_000, 1_000, 999, 500, 1_000, 1_001, 1_001, 0, 2_000]
        var previous: Timestamp?
        for time in times {
            let stamp = clock.stamp(atTrueMicros: time)
            if let previous {
                #expect(previous < stamp, "\(kind): \(stamp) at \(time) is not after \(previous)")
            }
            #expect(stamp.replica == ReplicaID(0))
            previous = stamp
        }
    }

    @Test(arguments: kinds)
    func counterCountsWritesWithinOneMicrosecond(kind: StampClockKind) {
        var clock = ReplicaClock(kind: kind, replica: ReplicaID(1))
        #expect(clock.stamp(atTrueMicros: 10) == ts(10, 0, 1))
        #expect(clock.stamp(atTrueMicros: 10) == ts(10, 1, 1))
        #expect(clock.stamp(atTrueMicros: 10) == ts(10, 2, 1))
        // The clock went backwards: stay on the last wall, keep counting.
        #expect(clock.stamp(atTrueMicros: 3) == ts(10, 3, 1))
        // Time moved on: the counter starts over.
        #expect(clock.stamp(atTrueMicros: 11) == ts(11, 0, 1))
    }

    @Test func wallClockIgnoresObservedStamps() {
        var clock = ReplicaClock(kind: .wall, replica: ReplicaID(0))
        let before = clock.stamp(atTrueMicros: 100)
        clock.observe(ts(1_000_000, 7, 3), atTrueMicros: 101)
        #expect(clock.last == before)
        // So its next write loses to the remote write it has already seen.
        let next = clock.stamp(atTrueMicros: 102)
        #expect(next == ts(102, 0, 0))
        #expect(next < ts(1_000_000, 7, 3))
    }

    @Test func hybridClockMovesPastAStampFromTheFuture() {
        var clock = ReplicaClock(kind: .hybrid, replica: ReplicaID(0))
        _ = clock.stamp(atTrueMicros: 100)
        let remote = ts(1_000_000, 7, 3)
        clock.observe(remote, atTrueMicros: 101)
        #expect(clock.last > remote)
        let next = clock.stamp(atTrueMicros: 102)
        #expect(next > remote)
        #expect(next.wallMicros == 1_000_000)
        #expect(next.replica == ReplicaID(0))
    }

    /// The local replica's index is lower, so equal wall and counter would
    /// lose the tie-break: the counter must move past the remote one.
    @Test func hybridClockBeatsARemoteStampWithAHigherReplica() {
        var clock = ReplicaClock(kind: .hybrid, replica: ReplicaID(0))
        _ = clock.stamp(atTrueMicros: 500)
        let remote = ts(500, 4, 9)
        clock.observe(remote, atTrueMicros: 500)
        #expect(clock.last == ts(500, 5, 0))
        #expect(clock.stamp(atTrueMicros: 500) > remote)
    }

    @Test func hybridClockKeepsItsOwnTimeWhenTheRemoteIsOlder() {
        var clock = ReplicaClock(kind: .hybrid, replica: ReplicaID(1))
        _ = clock.stamp(atTrueMicros: 100)
        clock.observe(ts(50, 9, 0), atTrueMicros: 100)
        #expect(clock.last == ts(100, 1, 1))
        clock.observe(ts(10, 0, 0), atTrueMicros: 200)
        #expect(clock.last == ts(200, 0, 1))
    }

    @Test(arguments: 0 ..< 16)
    func hybridStampsFollowEverythingObserved(seed: Int) {
        var rng = TestRandom(seed: UInt64(seed))
        var clock = ReplicaClock(kind: .hybrid, replica: ReplicaID(1),
                                 physical: PhysicalClock(skewMicros: Int64(rng.below(2_000)) - 1_000))
        var trueMicros: Int64 = 0
        var highestSeen = clock.stamp(atTrueMicros: trueMicros)
        for _ in 0 ..< 200 {
            trueMicros += Int64(rng.below(3))
            if rng.chance(40) {
                let remote = Timestamp(wallMicros: trueMicros + Int64(rng.below(4_000)) - 2_000,
                                       counter: UInt32(rng.below(5)), replica: ReplicaID(rng.pick([0, 2])))
                clock.observe(remote, atTrueMicros: trueMicros)
                highestSeen = max(highestSeen, remote)
            } else {
                let stamp = clock.stamp(atTrueMicros: trueMicros)
                #expect(stamp > highestSeen, "seed \(seed): \(stamp) is not after \(highestSeen)")
                highestSeen = stamp
            }
        }
    }
}
