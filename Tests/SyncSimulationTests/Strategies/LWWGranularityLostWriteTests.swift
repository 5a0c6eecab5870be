import SyncModel
import SyncSimulation
import Testing

/// Two replicas hold one user; while partitioned, r1 sets the name (1.5 s)
/// and r2 sets the city (1.6 s). Record-granularity `lww` rewrites the
/// whole record on every update, so r2's later write carries the old name
/// and r1's name is lost; per-field merging keeps both.
struct LWWGranularityLostWriteTests {
    static var scenario: Scenario {
        let key = Fixtures.emailKey("elena@example.com")
        return ScenarioFixtures.scenario(replicas: 2, steps: [
            ScenarioFixtures.save(0, at: 0, Fixtures.userRow("elena@example.com", name: "Ann", city: "Oslo")),
            Step(atMicros: 1_000_000, .partition([[ReplicaID(0)], [ReplicaID(1)]])),
            ScenarioFixtures.update(0, at: 1_500_000, key, Fixtures.setName("Anna")),
            ScenarioFixtures.update(1, at: 1_600_000, key, Fixtures.setCity("Lyon")),
            Step(atMicros: 2_000_000, .heal),
        ])
    }

    @Test(arguments: [
        ("lww", 1), ("lww:field", 0), ("dedupe", 0), ("crdt", 0),
        ("unique:error", 0), ("unique:objectTrump", 0),
    ])
    func concurrentWritesToDifferentFields(name: String, lostFields: Int) {
        for seed: UInt64 in [1, 2] {
            let result = Simulation.run(scenario: Self.scenario, strategy: namedStrategy(name), seed: seed)
            #expect(result.quiesced, "seed \(seed), \(name)")
            #expect(result.lostWrites.fields == lostFields && result.lostWrites.records == 0, "seed \(seed), \(name)")
            #expect(result.duplicates.peak == 0, "seed \(seed), \(name)")
            #expect(result.diverged == 0, "seed \(seed), \(name)")
            #expect(result.changeSets == 3, "seed \(seed), \(name)")
        }
    }
}
