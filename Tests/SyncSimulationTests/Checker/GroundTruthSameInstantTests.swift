import SyncModel
import SyncSimulation
import Testing

/// The checker's ground truth: the latest acknowledged write per field.
/// GroundTruth's own documentation says intents are recorded in the order
/// they ran, "so a later record at the same instant is the later intent";
/// only writes at one instant on *different* replicas are all "latest".
///
/// One replica under `unique:rollback` saves elena with name A, then saves
/// her again with name B. The second save collides, is rolled back, and is
/// still reported as saved: B is the acknowledged latest write and is lost.
struct GroundTruthSameInstantTests {
    static let seed: UInt64 = 1

    static func run(secondSaveAt micros: Int64) -> RunResult {
        let scenario = ScenarioFixtures.scenario(replicas: 1, steps: [
            ScenarioFixtures.save(0, at: 1_000, Fixtures.userRow("e@x.org", name: "A")),
            ScenarioFixtures.save(0, at: micros, Fixtures.userRow("e@x.org", name: "B")),
        ])
        return Simulation.run(scenario: scenario, strategy: namedStrategy("unique:rollback"), seed: seed)
    }

    @Test func laterSaveLostToRollbackIsALostWrite() {
        let result = Self.run(secondSaveAt: 1_001)
        #expect(result.quiesced, "seed \(Self.seed)")
        #expect(result.lostWrites.fields == 1, "seed \(Self.seed)")
        #expect(result.lostWrites.records == 0, "seed \(Self.seed)")
    }

    @Test func sameInstantOnOneReplicaStillCountsTheLaterIntent() {
        let result = Self.run(secondSaveAt: 1_000)
        #expect(result.quiesced, "seed \(Self.seed)")
        #expect(result.lostWrites.fields == 1, "seed \(Self.seed)")
    }
}
