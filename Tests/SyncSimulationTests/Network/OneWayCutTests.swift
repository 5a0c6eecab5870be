import SyncModel
import SyncSimulation
import Testing

/// Reachability is directed: a cut loses messages one way only, cuts add
/// up, and a heal restores every link. The peer engine's exchange is
/// push-pull, so a pair cut one way exchanges nothing at all; a third
/// replica carries the changes around the cut.
@Suite struct OneWayCutTests {
    let r1 = ReplicaID(0), r2 = ReplicaID(1), r3 = ReplicaID(2)

    @Test func aCutLosesOneDirectionOnly() {
        var reachability = Reachability(replicaCount: 3)
        reachability.cut(from: [r1], to: [r2])
        #expect(!reachability.canReach(from: r1, to: r2))
        #expect(reachability.canReach(from: r2, to: r1))
        #expect(reachability.canReach(from: r1, to: r3) && reachability.canReach(from: r3, to: r2))
        #expect(!reachability.isWhole)
        reachability.cut(from: [r3], to: [r1, r2])
        #expect(!reachability.canReach(from: r3, to: r1) && !reachability.canReach(from: r3, to: r2))
        #expect(!reachability.canReach(from: r1, to: r2), "a later cut keeps the earlier one")
        reachability.heal()
        #expect(reachability.isWhole)
        #expect(reachability.canReach(from: r1, to: r2) && reachability.canReach(from: r3, to: r1))
    }

    @Test func aPartitionCutsBothWaysAndReplacesCuts() {
        var reachability = Reachability(replicaCount: 3)
        reachability.cut(from: [r3], to: [r1])
        reachability.partition([[r1], [r2]])
        #expect(!reachability.canReach(from: r1, to: r2) && !reachability.canReach(from: r2, to: r1))
        #expect(!reachability.canReach(from: r3, to: r1) && !reachability.canReach(from: r1, to: r3), "r3 is a group of its own")
    }

    @Test func theNetworkDropsOnTheCutSideOnly() {
        var network = Network(settings: .reliable, replicaCount: 2, random: Xoshiro256StarStar(seed: 1, stream: "network"))
        network.cut(from: [r1], to: [r2])
        #expect(network.send(from: r1, to: r2, sizeBytes: 1, atMicros: 0).isEmpty)
        #expect(network.send(from: r2, to: r1, sizeBytes: 1, atMicros: 0) == [1_000])
        #expect(network.isPartitioned)
        #expect(network.counters.dropped == 1)
    }

    /// Each replica creates its own user while r1 cannot reach r2. With a
    /// third replica, every change reaches every replica around the cut.
    @Test(arguments: ["lww", "crdt", "unique:error"])
    func aThirdReplicaCarriesChangesAroundACut(strategy name: String) {
        var steps = [Step(atMicros: 0, .cut(from: [r1], to: [r2]))]
        for index in 0 ..< 3 {
            steps.append(ScenarioFixtures.save(index, at: 1_000, Fixtures.userRow("user\(index)@example.com")))
        }
        let result = Simulation.run(scenario: ScenarioFixtures.scenario(replicas: 3, steps: steps), strategy: namedStrategy(name), seed: 1)
        #expect(result.quiesced)
        #expect(result.diverged == 0)
        #expect(result.duplicates.final == 0)
        #expect(result.lostWrites.total == 0)
        #expect(result.changeSets == 3)
    }

    /// Two replicas cut one way for good: a request from r2 reaches r1, but
    /// r1's reply is lost, and r1's own requests never arrive. Nothing
    /// crosses, so the run cannot quiesce and says so.
    @Test func twoReplicasCutOneWayExchangeNothing() {
        var steps = [Step(atMicros: 0, .cut(from: [r1], to: [r2]))]
        steps.append(ScenarioFixtures.save(0, at: 1_000, Fixtures.userRow("a@example.com")))
        steps.append(ScenarioFixtures.save(1, at: 1_000, Fixtures.userRow("b@example.com")))
        var scenario = ScenarioFixtures.scenario(replicas: 2, steps: steps)
        scenario.untilMicros = 3_000_000
        let result = Simulation.run(scenario: scenario, strategy: namedStrategy("lww"), seed: 1)
        #expect(!result.quiesced)
        #expect(result.diverged == 1)
        #expect(result.endMicros == 3_000_000)
        #expect(result.liveness == .faultsRemain)
        #expect(result.faults.events.map(\.detail) == ["r1 -> r2"])
        #expect(result.faults.events.map(\.kind) == [.cut])
    }
}
