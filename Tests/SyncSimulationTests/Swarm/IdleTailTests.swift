import Foundation
import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing

/// Metamorphic: an idle tail changes no outcome. Once every step and fault
/// is over and the network is whole, adding a heal step (which changes
/// nothing on a whole network) and a later `until` must leave every
/// outcome figure as it was: a run ends at structural quiescence, not at a
/// time, and a heal of a whole network does not restart the convergence
/// clock.
///
/// Two placements of the extra heal, 1 ms after the last step or fault
/// (usually while sync is still catching up, so the run must be the same
/// event for event but for the heal itself), and 1 s after the run's own
/// end (a true idle tail). Committed scenario files over several seeds,
/// and quick swarm scenarios; with SYNCSIM_RUN_SOAK=1 also every file
/// (`default.json5` too) over 20 seeds (5 for `default.json5`) and 200 soak
/// swarm scenarios under every strategy.
///
/// Runs go without invariant checks: this compares outcomes, the swarm and
/// the other tests check invariants, and checking would multiply the cost
/// some seven times in a debug build.
struct IdleTailTests {
    typealias T = ScenarioFileTesting

    /// What the issue calls the outcome: an idle tail must not change these.
    static let outcome: Set<String> = [
        "strategy", "duplicates", "diverged", "convergenceMicros", "rejected", "lostWrites", "resurrected", "dangling",
        "links", "missedChanges", "changeSets", "conflicts", "serverDuplicates", "intentsWhileDown", "race", "quiesced", "liveness",
        "copiesLost", "pendingLinksPeak", "storeOpenFailures", "lostOnReset", "missedIntents", "stoppedAt", "markedLosers",
        "finalValues", "livenessScope", "divergedMicros", "cutShort",
    ]

    /// What a tail may change. Sync ticks stay scheduled for ever and keep
    /// exchanging version vectors, so the network counters and the event
    /// count grow; the run ends later (`endMicros`), the duplicate series
    /// (for charts) runs on to the new end, the fault log lists the added
    /// heal, and invariant checks (off here) count events.
    static let mayChange: Set<String> = ["network", "events", "endMicros", "series", "faults", "timeline", "invariantChecks"]

    /// A tail after the run's end, when the run's outcome is final.
    static let tailAfterEndMicros: Int64 = 1_000_000
    /// How much later `until` moves.
    static let laterUntilMicros: Int64 = 600_000_000

    // MARK: Committed scenarios

    /// Scenario files and seeds of the default run. `default.json5` (five
    /// replicas, 100 users each) takes seconds per seed in a debug build,
    /// so it runs only in the soak, and `nemesis-soak.json5` (300 intents
    /// over a nemesis) one seed.
    static let soakOnlyFiles: Set<String> = ["default.json5"]

    static func quickSeeds(_ name: String) -> [UInt64] {
        name == "nemesis-soak.json5" ? [1] : [1, 2, 3]
    }

    static func files(soak: Bool) -> [String] {
        T.scenarioFileNames().filter { soak || !soakOnlyFiles.contains($0) }
    }

    @Test(arguments: files(soak: false))
    func committedScenario(name: String) throws {
        try checkFile(name, seeds: Self.quickSeeds(name))
    }

    @Test(.enabled(if: SwarmRun.soakEnabled, "set SYNCSIM_RUN_SOAK=1 to run the idle-tail soak"), arguments: files(soak: true))
    func committedScenarioSoak(name: String) throws {
        try checkFile(name, seeds: name == "default.json5" ? Array(1 ... 5) : Array(1 ... 20))
    }

    /// The committed scenarios end whole (all 13 of the default run
    /// today), so the tail applies to them: the test cannot pass by
    /// finding nothing to compare.
    @Test func committedScenariosAreCovered() throws {
        let names = Self.files(soak: false)
        #expect(names.count >= 12)
        var covered = 0
        for name in names {
            let document = try Self.load(name, seed: 1)
            let strategy = try #require(StrategyCatalog.strategy(named: document.strategyNames[0]))
            let base = Simulation.run(scenario: document.scenario, strategy: strategy, seed: 1, checksInvariants: false)
            if Self.endsWhole(base) { covered += 1 }
        }
        #expect(covered >= 12, "only \(covered) of \(names.count) committed scenarios end with their faults over")
    }

    func checkFile(_ name: String, seeds: [UInt64]) throws {
        for seed in seeds {
            let document = try Self.load(name, seed: seed)
            let replay = "simulate run Scenarios/\(name) --seed \(seed)"
            for strategy in document.strategyNames {
                Self.check(document.scenario, strategy: strategy, seed: seed, context: "\(name) seed \(seed) \(strategy); replay: \(replay) --strategies \(strategy)")
            }
        }
    }

    static func load(_ name: String, seed: UInt64) throws -> ScenarioDocument {
        try ScenarioFile.load(T.scenariosFolder.appendingPathComponent(name).path, seed: seed)
    }

    // MARK: Swarm scenarios

    /// Every fifth quick swarm case, three strategies each in rotation.
    static let quickSwarmIndices = Array(stride(from: 0, to: SwarmTests.quickCount, by: 5))

    @Test(arguments: quickSwarmIndices)
    func swarmScenario(index: Int) {
        let swarm = SwarmScenarioGenerator.make(.quick, index: index)
        for name in SwarmTests.rotating(index, count: 3) {
            Self.check(swarm.scenario, strategy: name, seed: swarm.seed, context: "\(name), the idle tail of\n\(swarm)")
        }
    }

    @Test(.enabled(if: SwarmRun.soakEnabled, "set SYNCSIM_RUN_SOAK=1 to run the idle-tail soak"), arguments: 0 ..< 200)
    func swarmScenarioSoak(index: Int) {
        let swarm = SwarmScenarioGenerator.make(.soak, index: index)
        for name in StrategyCatalog.allNames {
            Self.check(swarm.scenario, strategy: name, seed: swarm.seed, context: "\(name), the idle tail of\n\(swarm)")
        }
    }

    // MARK: The check

    /// Every figure is classified: one added to `RunResult` later must be
    /// put in `outcome` or `mayChange` here.
    @Test func everyFigureIsClassified() {
        let result = Simulation.run(scenario: ScenarioFixtures.scenario(replicas: 2, steps: []), strategy: namedStrategy("crdt"), seed: 1)
        let labels = Set(OutcomeFigures.byLabel(RunFingerprint(result)).map(\.label))
        #expect(labels == Self.outcome.union(Self.mayChange))
        #expect(Self.outcome.isDisjoint(with: Self.mayChange))
    }

    /// True when the run ends with no partition in force and no replica
    /// down: a heal then changes nothing.
    static func endsWhole(_ result: RunResult) -> Bool {
        var partitioned = false
        var down: Set<String> = []
        for fault in result.faults.events {
            switch fault.kind {
            case .partition, .cut: partitioned = true
            case .heal: partitioned = false
            case .crash, .wipe: down.insert(fault.detail)
            case .restart: down.remove(fault.detail)
            }
        }
        return !partitioned && down.isEmpty
    }

    /// The last moment anything was scheduled to happen: a step, the end of
    /// a nemesis, or a fault the run recorded.
    static func lastActivityMicros(_ scenario: Scenario, _ result: RunResult) -> Int64 {
        var last = result.faults.events.map(\.atMicros).max() ?? 0
        for step in scenario.steps {
            last = max(last, step.atMicros)
            if case .nemesis(let settings) = step.action { last = max(last, settings.untilMicros) }
        }
        return last
    }

    static func withTail(_ scenario: Scenario, healAtMicros: Int64, untilMicros: Int64) -> Scenario {
        var tailed = scenario
        tailed.steps.append(Step(atMicros: healAtMicros, .heal))
        tailed.untilMicros = untilMicros
        return tailed
    }

    /// Which placements a check could apply.
    struct Applied: Equatable {
        /// The heal fell before the run's own end.
        var beforeTheEnd = false
        /// The run quiesced, and a heal after its end was compared.
        var afterTheEnd = false
    }

    /// Both placements apply to an ordinary run (a crash, a restart, sync
    /// still busy after the last step): the check is not vacuous.
    @Test func bothPlacementsApply() throws {
        let document = try Self.load("crash-restart.json5", seed: 1)
        for name in document.strategyNames {
            let applied = Self.check(document.scenario, strategy: name, seed: 1, context: "crash-restart.json5 seed 1 \(name)")
            #expect(applied == Applied(beforeTheEnd: true, afterTheEnd: true), "crash-restart.json5 seed 1 \(name)")
        }
    }

    @discardableResult
    static func check(_ scenario: Scenario, strategy name: String, seed: UInt64, context: String,
                      sourceLocation: SourceLocation = #_sourceLocation) -> Applied {
        var applied = Applied()
        let strategy = namedStrategy(name)
        let base = Simulation.run(scenario: scenario, strategy: strategy, seed: seed, checksInvariants: false)
        guard endsWhole(base) else { return applied }
        let baseFingerprint = RunFingerprint(base)
        let last = lastActivityMicros(scenario, base)
        // A run that did not quiesce stopped at `until` with work left: a
        // later `until` would rightly let it go on, so it keeps its own.
        let until = base.quiesced ? scenario.untilMicros + laterUntilMicros : scenario.untilMicros

        // Just after the last activity, when the run has not ended yet:
        // the same run, event for event, plus the heal.
        let soonMicros = last + 1_000
        if soonMicros < base.endMicros {
            applied.beforeTheEnd = true
            let soon = Simulation.run(scenario: withTail(scenario, healAtMicros: soonMicros, untilMicros: until), strategy: strategy,
                                      seed: seed, checksInvariants: false)
            var expected = base
            expected.events += 1
            expected.faults.append(FaultEvent(atMicros: soonMicros, .heal(byNemesis: false)))
            let differences = OutcomeFigures.differences(RunFingerprint(expected), RunFingerprint(soon), ignoring: [])
            #expect(differences.isEmpty, """
                a heal at \(swarmTime(soonMicros)) (before the end at \(swarmTime(base.endMicros))) changed:
                  \(differences.joined(separator: "\n  "))
                \(context)
                """, sourceLocation: sourceLocation)
        }

        // After the run's own end: an idle tail.
        guard base.quiesced else { return applied }
        applied.afterTheEnd = true
        let healMicros = max(base.endMicros, last) + tailAfterEndMicros
        let tail = Simulation.run(scenario: withTail(scenario, healAtMicros: healMicros, untilMicros: until), strategy: strategy,
                                  seed: seed, checksInvariants: false)
        let differences = OutcomeFigures.differences(baseFingerprint, RunFingerprint(tail), ignoring: mayChange)
        #expect(differences.isEmpty, """
            an idle tail (heal at \(swarmTime(healMicros)), until \(swarmTime(until)); the run ended at \(swarmTime(base.endMicros))) changed:
              \(differences.joined(separator: "\n  "))
            \(context)
            """, sourceLocation: sourceLocation)
        #expect(tail.endMicros >= healMicros, "the tail ended at \(swarmTime(tail.endMicros)), before its heal\n\(context)",
                sourceLocation: sourceLocation)
        #expect(tail.faults.events == base.faults.events + [FaultEvent(atMicros: healMicros, .heal(byNemesis: false))],
                "the tail's fault log is not the run's plus the heal\n\(context)", sourceLocation: sourceLocation)
        return applied
    }
}
