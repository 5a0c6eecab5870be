import SyncModel
import SyncSimulation
import Testing

/// N replicas each create the same user while partitioned, then heal.
/// `lww` inserts without looking and ids are random, so every replica ends
/// with N records of one key: N − 1 duplicates, forever. The other
/// strategies end with none.
struct LWWDuplicateScenarioTests {
    static func concurrentCreates(replicas count: Int) -> Scenario {
        let all = ScenarioFixtures.replicas(count)
        var steps = [Step(atMicros: 0, .partition(all.map { [$0] }))]
        for index in 0 ..< count {
            steps.append(ScenarioFixtures.save(index, at: 1_000, Fixtures.userRow("elena@example.com", name: "Elena \(index)")))
        }
        steps.append(Step(atMicros: 500_000, .heal))
        return ScenarioFixtures.scenario(replicas: count, steps: steps)
    }

    @Test(arguments: [2, 3, 5])
    func lwwKeepsNMinusOneDuplicatesOnEveryReplica(replicas count: Int) {
        let seed: UInt64 = 1
        let result = Simulation.run(scenario: Self.concurrentCreates(replicas: count), strategy: namedStrategy("lww"), seed: seed)
        #expect(result.quiesced, "seed \(seed), N = \(count)")
        #expect(result.duplicates.final == count - 1, "seed \(seed), N = \(count)")
        #expect(result.duplicates.peak == count - 1, "seed \(seed), N = \(count)")
        // All replicas agree, so every one of them holds the N − 1 duplicates.
        #expect(result.diverged == 0, "seed \(seed), N = \(count)")
        #expect(result.convergenceMicros != nil, "seed \(seed), N = \(count)")
        #expect(result.changeSets == count, "seed \(seed), N = \(count)")
        #expect(result.lostWrites.fields == 0 && result.lostWrites.records == 0, "seed \(seed), N = \(count)")
    }

    /// `unique:*` never holds a duplicate; what replicas show depends on the
    /// policy. Under `rollback` each replica keeps its own "Elena i" and
    /// discards the others: three different names, diverged = N − 1. Under
    /// `objectTrump` each replica ends with the attributes of the last
    /// remote create it applied: with seed 1, two replicas applied the same
    /// one last, so they agree by value (local ids differ, which users do
    /// not see) and one differs: diverged = 1.
    @Test(arguments: [
        ("crdt", 0, 0), ("dedupe", 0, 0), ("lww:field", 2, 0),
        ("unique:objectTrump", 0, 1), ("unique:rollback", 0, 2),
    ])
    func otherStrategiesOnThreeReplicas(name: String, duplicates: Int, diverged: Int) {
        let seed: UInt64 = 1
        let result = Simulation.run(scenario: Self.concurrentCreates(replicas: 3), strategy: namedStrategy(name), seed: seed)
        #expect(result.quiesced, "seed \(seed), \(name)")
        #expect(result.duplicates.final == duplicates, "seed \(seed), \(name)")
        #expect(result.diverged == diverged, "seed \(seed), \(name)")
        #expect((result.convergenceMicros != nil) == (diverged == 0), "seed \(seed), \(name)")
    }
}
