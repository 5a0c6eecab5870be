import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// A crash loses what was held but not applied; the store and what was
/// applied survive, and the lost change sets can be received again.
struct ReplicaCrashTests {
    @Test func crashDropsUnappliedChangeSetsOnly() throws {
        let strategy = namedStrategy("unique:error")
        var a = makeReplica(strategy, 0, of: 3)
        var b = makeReplica(strategy, 1, of: 3)
        var c = makeReplica(strategy, 2, of: 3)
        let key = Fixtures.emailKey("e@x.org")
        let a1 = try #require(a.perform(.save([Fixtures.userRow("e@x.org", name: "A")]), atMicros: 1_000).1)
        let a2 = try #require(a.perform(.update(key: key, writes: [Fixtures.setName("A2")]), atMicros: 2_000).1)
        let c1 = try #require(c.perform(.save([Fixtures.userRow("c@x.org", name: "C")]), atMicros: 1_000).1)
        _ = b.perform(.save([Fixtures.userRow("e@x.org", name: "B")]), atMicros: 1_000)

        #expect(b.receive([a1, a2, c1]) == 3)
        #expect(b.applyHeld(atMicros: 3_000) == 1)
        let digest = b.store.digest
        #expect(b.crash() == 2)
        #expect(b.held.counts == [0, 1, 1])
        #expect(b.applied.counts == [0, 1, 1])
        #expect(b.pendingCount == 0)
        #expect(b.store.digest == digest)

        // They come again, are refused again, but are not counted twice.
        #expect(b.receive([a1, a2]) == 2)
        #expect(b.applyHeld(atMicros: 4_000) == 0)
        #expect(b.counters.rejectedChangeSets == 1)
        #expect(b.pendingCount == 2)
    }

    /// A replica holding change sets of an origin it has applied none of
    /// (the new origin of a wiped replica, refused under `unique:error`)
    /// crashes cleanly: it drops them and the run goes on.
    @Test func crashWithHeldChangeSetsOfAnUnappliedNewOrigin() {
        let steps = [
            Step(atMicros: 0, .partition(ScenarioFixtures.replicas(3).map { [$0] })),
            ScenarioFixtures.save(1, at: 50_000, Fixtures.userRow("e@x.org", name: "B")),
            Step(atMicros: 100_000, .crash(ReplicaID(0), wipe: true)),
            Step(atMicros: 200_000, .restart(ReplicaID(0))),
            ScenarioFixtures.save(0, at: 300_000, Fixtures.userRow("e@x.org", name: "A")),
            Step(atMicros: 400_000, .heal),
            Step(atMicros: 1_000_000, .crash(ReplicaID(1), wipe: false)),
            Step(atMicros: 1_500_000, .restart(ReplicaID(1))),
        ]
        let result = Simulation.run(scenario: ScenarioFixtures.scenario(replicas: 3, steps: steps),
                                    strategy: namedStrategy("unique:error"), seed: 1)
        #expect(result.quiesced)
        #expect(result.duplicates.peak == 0)
        #expect(result.rejected.changeSets >= 1)
    }
}
