import SyncScenarioFile
import SyncSimulation
import Testing

/// `--max-events N` (``Scenario/maxEvents``) stops a run cleanly after N
/// events with a result marked partial; a limit the run never reaches
/// changes nothing (issue 15).
struct EventLimitTests {
    static func run(maxEvents: Int?, strategy: String = "lww") -> RunResult {
        var scenario = DefaultScenario.make(replicas: 3, seed: 1)
        scenario.maxEvents = maxEvents
        return Simulation.run(scenario: scenario, strategy: StrategyCatalog.strategy(named: strategy)!, seed: 1)
    }

    @Test func aRunStopsAfterExactlyTheLimitAndSaysItIsPartial() {
        let full = Self.run(maxEvents: nil)
        #expect(full.quiesced)
        #expect(!full.stoppedEarly)
        #expect(full.events > 100)

        let cut = Self.run(maxEvents: 100)
        #expect(cut.events == 100)
        #expect(cut.stoppedEarly)
        #expect(!cut.quiesced)
        #expect(cut.endMicros < full.endMicros)
    }

    @Test func aLimitTheRunNeverReachesChangesNothing() {
        let full = Self.run(maxEvents: nil, strategy: "crdt")
        let same = Self.run(maxEvents: full.events, strategy: "crdt")
        #expect(!same.stoppedEarly)
        #expect(RunFingerprint(same) == RunFingerprint(full))
    }

    @Test func progressSeesEachRunAndItsLastEvent() {
        let progress = RunProgress()
        let scenario = DefaultScenario.make(replicas: 3, seed: 1)
        let results = progress.watching {
            Comparison.run(scenario: scenario, strategies: ["lww", "crdt"].map { StrategyCatalog.strategy(named: $0)! }, seed: 1)
        }
        let snapshot = progress.snapshot
        #expect(snapshot.runs == 2)
        #expect(snapshot.events == results[1].events)
        #expect(snapshot.nowMicros == results[1].endMicros)
        #expect(snapshot.untilMicros == scenario.untilMicros)
        // Outside `watching`, runs publish nothing.
        _ = Simulation.run(scenario: scenario, strategy: StrategyCatalog.strategy(named: "lww")!, seed: 1)
        #expect(progress.snapshot == snapshot)
    }
}
