import SyncModel
import SyncSimulation
import Testing

/// Drop, duplicate and delay draws, and the counters that report them.
struct NetworkFaultTests {
    let r1 = ReplicaID(0), r2 = ReplicaID(1)

    func network(_ settings: NetworkSettings, seed: UInt64) -> Network {
        Network(settings: settings, replicaCount: 3, random: Xoshiro256StarStar(seed: seed, stream: "network"))
    }

    @Test(arguments: [UInt64(1), 2])
    func dropOneDropsEverything(seed: UInt64) {
        var net = network(NetworkSettings(dropProbability: Probability(1), delayMinMicros: 1_000, delayMaxMicros: 1_000), seed: seed)
        var delivered = 0
        for index in 0 ..< 500 {
            delivered += net.send(from: r1, to: r2, sizeBytes: 10, atMicros: Int64(index)).count
        }
        #expect(delivered == 0, "seed \(seed)")
        #expect(net.counters.sent == 500, "seed \(seed)")
        #expect(net.counters.dropped == net.counters.sent, "seed \(seed)")
        #expect(net.counters.delivered == 0, "seed \(seed)")
        #expect(net.counters.duplicated == 0, "seed \(seed)")
    }

    @Test(arguments: [UInt64(3), 4])
    func duplicateOneDeliversTwice(seed: UInt64) {
        var net = network(NetworkSettings(duplicateProbability: Probability(1), delayMinMicros: 1_000, delayMaxMicros: 1_000), seed: seed)
        for index in 0 ..< 200 {
            let times = net.send(from: r1, to: r2, sizeBytes: 1, atMicros: Int64(index) * 10_000)
            #expect(times == [Int64(index) * 10_000 + 1_000, Int64(index) * 10_000 + 1_000], "seed \(seed)")
        }
        #expect(net.counters.sent == 200, "seed \(seed)")
        #expect(net.counters.duplicated == 200, "seed \(seed)")
        #expect(net.counters.dropped == 0, "seed \(seed)")
    }

    @Test(arguments: [UInt64(5), 6])
    func delaysStayWithinBoundsWithoutReorder(seed: UInt64) {
        var net = network(NetworkSettings(delayMinMicros: 5_000, delayMaxMicros: 80_000), seed: seed)
        let now: Int64 = 1_000_000
        var delays: [Int64] = []
        for _ in 0 ..< 5_000 {
            delays += net.send(from: r1, to: r2, sizeBytes: 1, atMicros: now).map { $0 - now }
        }
        #expect(delays.count == 5_000, "seed \(seed)")
        #expect(delays.min()! >= 5_000 && delays.max()! <= 80_000, "seed \(seed): \(delays.min()!)…\(delays.max()!)")
        // The whole range is used, not one fixed delay.
        #expect(delays.min()! < 10_000 && delays.max()! > 75_000, "seed \(seed)")
    }

    @Test func reorderHoldsMessagesBackPastTheMaximum() {
        let seed: UInt64 = 7
        var net = network(NetworkSettings(reorderProbability: Probability(1), delayMinMicros: 5_000, delayMaxMicros: 80_000), seed: seed)
        let delays = (0 ..< 2_000).flatMap { _ in net.send(from: r1, to: r2, sizeBytes: 1, atMicros: 0) }
        #expect(delays.allSatisfy { (5_000 ... 160_000).contains($0) }, "seed \(seed)")
        #expect(delays.contains { $0 > 80_000 }, "seed \(seed)")
    }

    @Test func bytesAreSummedOverEverySendDroppedOrNot() {
        let seed: UInt64 = 8
        var net = network(NetworkSettings(dropProbability: Probability(0.5), delayMinMicros: 1_000, delayMaxMicros: 1_000), seed: seed)
        for size in [10, 20, 30, 40] { _ = net.send(from: r1, to: r2, sizeBytes: size, atMicros: 0) }
        #expect(net.counters.bytes == 100, "seed \(seed)")
        #expect(net.counters.sent == 4, "seed \(seed)")
        #expect(net.counters.dropped > 0 && net.counters.dropped < 4, "seed \(seed): both fates should occur")
    }

    @Test func arrivalCountsDelivered() {
        var net = network(.reliable, seed: 9)
        #expect(net.send(from: r1, to: r2, sizeBytes: 1, atMicros: 0) == [1_000])
        let arrived = net.arrive(from: r1, to: r2)
        #expect(arrived)
        #expect(net.counters.delivered == 1)
        #expect(net.counters.dropped == 0)
    }

    @Test func sameSeedSameFates() {
        let settings = NetworkSettings(dropProbability: Probability(0.3), duplicateProbability: Probability(0.2),
                                       reorderProbability: Probability(0.1), delayMinMicros: 1, delayMaxMicros: 1_000)
        let seed: UInt64 = 10
        var a = network(settings, seed: seed)
        var b = network(settings, seed: seed)
        let fatesA = (0 ..< 300).map { a.send(from: r1, to: r2, sizeBytes: 1, atMicros: Int64($0)) }
        let fatesB = (0 ..< 300).map { b.send(from: r1, to: r2, sizeBytes: 1, atMicros: Int64($0)) }
        #expect(fatesA == fatesB, "seed \(seed)")
        #expect(a.counters == b.counters, "seed \(seed)")
        #expect(a.counters.dropped > 0 && a.counters.duplicated > 0, "seed \(seed)")
    }
}
