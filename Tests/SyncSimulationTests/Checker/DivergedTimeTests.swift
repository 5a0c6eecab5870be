import SyncModel
@testable import SyncSimulation
import Testing

/// `divergedSeconds`: how long, in all, not every replica held the same
/// state, until sync finished.
struct DivergedTimeTests {
    private let a = StateDigest(high: 0, low: 1)
    private let b = StateDigest(high: 0, low: 2)

    /// Two spells, worked out by hand: replica 0 changes at 100 µs and
    /// replica 1 catches up at 350 µs (250 µs); replica 0 changes again at
    /// 500 µs and nothing follows, so that spell runs to the horizon.
    @Test func spellsAddUpAndAnOpenOneRunsToTheHorizon() {
        var tracker = ConvergenceTracker(replicaCount: 2)
        #expect(tracker.disagreedMicros(until: 1_000) == 0)
        tracker.update(replica: 0, digest: a, atMicros: 100)
        tracker.update(replica: 1, digest: a, atMicros: 350)
        #expect(tracker.disagreedMicros(until: 1_000) == 250)
        tracker.update(replica: 0, digest: b, atMicros: 500)
        #expect(tracker.disagreedMicros(until: 800) == 250 + 300)
        // A horizon before the open spell began adds nothing to it.
        #expect(tracker.disagreedMicros(until: 400) == 250)
    }

    /// A change that keeps the replicas disagreeing does not restart the
    /// spell: three replicas, two of which differ and then differ otherwise.
    @Test func aDisagreementThatChangesShapeIsOneSpell() {
        var tracker = ConvergenceTracker(replicaCount: 3)
        tracker.update(replica: 0, digest: a, atMicros: 10)
        tracker.update(replica: 1, digest: b, atMicros: 20)
        tracker.update(replica: 2, digest: a, atMicros: 30)
        tracker.update(replica: 1, digest: a, atMicros: 70)
        #expect(tracker.disagreedMicros(until: 1_000) == 60)
    }

    /// One write on a reliable network: the replicas disagree from the
    /// write until the other replica applies it, which is exactly
    /// `convergenceSeconds` (measured from the last write).
    @Test func oneWriteDivergesUntilItConverges() throws {
        let scenario = ScenarioFixtures.scenario(replicas: 2, steps: [ScenarioFixtures.save(0, at: 0, Fixtures.userRow("a@example.com"))])
        let result = Simulation.run(scenario: scenario, strategy: namedStrategy("lww"), seed: 1)
        let converged = try #require(result.convergenceMicros)
        #expect(converged > 0)
        #expect(result.divergedMicros == converged)
        #expect(Metric.divergedSeconds.figure(in: result) == Double(converged) / 1_000_000)
    }

    /// Nothing written: the replicas never disagree.
    @Test func noWriteNoDivergence() {
        let result = Simulation.run(scenario: ScenarioFixtures.scenario(replicas: 3, steps: []), strategy: namedStrategy("crdt"), seed: 1)
        #expect(result.divergedMicros == 0)
    }
}
