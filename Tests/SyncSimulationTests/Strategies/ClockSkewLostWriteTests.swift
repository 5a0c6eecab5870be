import SyncModel
import SyncSimulation
import Testing

/// r2's clock runs 800 ms behind. r1 sets a user's name at 1.0 s true time
/// (stamp 1.0 s); r2 sets the same name at 1.5 s true time, which its clock
/// reads as 0.7 s. r2's write is the truly latest one.
///
/// - Synced: r2 has applied r1's write before its own. A wall-clock stamp
///   (0.7 s) still orders r2's write first, so every wall-clock strategy
///   loses it; the hybrid clock has observed 1.0 s and stamps r2's write
///   after it (1.0 s, counter + 1), so `crdt` keeps it.
/// - Partitioned from 0.9 s to 2 s: r2 has not seen r1's write, so the
///   hybrid clock has nothing to move past: `crdt` stamps 0.7 s and loses
///   the write too. The HLC only orders writes after what a replica saw.
struct ClockSkewLostWriteTests {
    static let clocks = [PhysicalClock(), PhysicalClock(skewMicros: -800_000)]

    static func scenario(partitioned: Bool) -> Scenario {
        let key = Fixtures.emailKey("elena@example.com")
        var steps = [ScenarioFixtures.save(0, at: 0, Fixtures.userRow("elena@example.com", name: "Ann", city: "Oslo"))]
        if partitioned { steps.append(Step(atMicros: 900_000, .partition([[ReplicaID(0)], [ReplicaID(1)]]))) }
        steps.append(ScenarioFixtures.update(0, at: 1_000_000, key, Fixtures.setName("Ann (r1)")))
        steps.append(ScenarioFixtures.update(1, at: 1_500_000, key, Fixtures.setName("Ann (r2)")))
        if partitioned { steps.append(Step(atMicros: 2_000_000, .heal)) }
        return ScenarioFixtures.scenario(replicas: 2, clocks: clocks, steps: steps)
    }

    static let strategies = ["lww", "lww:field", "dedupe", "unique:error", "unique:objectTrump", "crdt"]

    @Test(arguments: strategies)
    func synced(name: String) {
        let lost = name == "crdt" ? 0 : 1
        for seed: UInt64 in [1, 2, 3] {
            let result = Simulation.run(scenario: Self.scenario(partitioned: false), strategy: namedStrategy(name), seed: seed)
            #expect(result.quiesced, "seed \(seed), \(name)")
            #expect(result.changeSets == 3, "seed \(seed), \(name)")
            #expect(result.lostWrites.fields == lost && result.lostWrites.records == 0, "seed \(seed), \(name)")
            #expect(result.diverged == 0, "seed \(seed), \(name)")
        }
    }

    @Test(arguments: strategies)
    func partitioned(name: String) {
        for seed: UInt64 in [1, 2, 3] {
            let result = Simulation.run(scenario: Self.scenario(partitioned: true), strategy: namedStrategy(name), seed: seed)
            #expect(result.quiesced, "seed \(seed), \(name)")
            #expect(result.changeSets == 3, "seed \(seed), \(name)")
            #expect(result.lostWrites.fields == 1 && result.lostWrites.records == 0, "seed \(seed), \(name)")
            #expect(result.diverged == 0, "seed \(seed), \(name)")
        }
    }

    /// Without skew the same partitioned run loses nothing: the loss above
    /// is the skew's doing.
    @Test(arguments: strategies)
    func noSkewNoLoss(name: String) {
        var scenario = Self.scenario(partitioned: true)
        scenario.clocks = [PhysicalClock(), PhysicalClock()]
        let seed: UInt64 = 1
        let result = Simulation.run(scenario: scenario, strategy: namedStrategy(name), seed: seed)
        #expect(result.lostWrites.fields == 0 && result.lostWrites.records == 0, "seed \(seed), \(name)")
    }
}
