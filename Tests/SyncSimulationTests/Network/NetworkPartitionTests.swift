import SyncModel
import SyncSimulation
import Testing

/// Partitions cut messages between groups, at sending and in flight.
struct NetworkPartitionTests {
    let r1 = ReplicaID(0), r2 = ReplicaID(1), r3 = ReplicaID(2)

    func network() -> Network {
        Network(settings: .reliable, replicaCount: 3, random: Xoshiro256StarStar(seed: 1, stream: "network"))
    }

    @Test func partitionDropsBetweenGroupsOnly() {
        var net = network()
        // r3 is not named, so it forms a group of its own.
        net.partition([[r1, r2]])
        #expect(net.connected(r1, r2))
        #expect(!net.connected(r1, r3))
        #expect(!net.connected(r3, r2))
        #expect(net.send(from: r1, to: r2, sizeBytes: 1, atMicros: 0) == [1_000])
        #expect(net.send(from: r1, to: r3, sizeBytes: 1, atMicros: 0) == [])
        #expect(net.send(from: r3, to: r2, sizeBytes: 1, atMicros: 0) == [])
        #expect(net.counters.sent == 3)
        #expect(net.counters.dropped == 2)
    }

    @Test func singletonGroupsIsolateEveryone() {
        var net = network()
        net.partition([[r1], [r2], [r3]])
        for (a, b) in [(r1, r2), (r2, r3), (r1, r3), (r3, r1)] {
            #expect(net.send(from: a, to: b, sizeBytes: 1, atMicros: 0).isEmpty)
        }
        #expect(net.counters.dropped == 4)
    }

    @Test func partitionStartingInFlightDropsOnArrival() {
        var net = network()
        let deliveries = net.send(from: r1, to: r2, sizeBytes: 1, atMicros: 0)
        #expect(deliveries == [1_000])
        net.partition([[r1], [r2]])
        let arrived = net.arrive(from: r1, to: r2)
        #expect(!arrived)
        #expect(net.counters.dropped == 1)
        #expect(net.counters.delivered == 0)
    }

    @Test func healRestoresDelivery() {
        var net = network()
        net.partition([[r1], [r2, r3]])
        #expect(net.send(from: r1, to: r2, sizeBytes: 1, atMicros: 0).isEmpty)
        net.heal()
        #expect(!net.isPartitioned)
        #expect(net.connected(r1, r2))
        #expect(net.send(from: r1, to: r2, sizeBytes: 1, atMicros: 0) == [1_000])
        let arrived = net.arrive(from: r1, to: r2)
        #expect(arrived)
        #expect(net.counters == {
            var expected = NetworkCounters()
            expected.sent = 2
            expected.dropped = 1
            expected.delivered = 1
            expected.bytes = 2
            return expected
        }())
    }
}
