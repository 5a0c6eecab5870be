import Foundation
import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing

/// Runs under the cloudkit engine end when faults end: every strategy,
/// every conflict and save policy, over a lossy network with crashes and
/// wipes, quiesces, and the invariant checks (on in debug builds, so in
/// every test) hold after every event. Same seed, same run.
struct CloudKitQuiescenceTests {
    /// The default scenario (devices import the same users offline, edit
    /// them, heal at 2 s, 10% drop, 5% duplicates) for three devices.
    static func defaultScenario(seed: UInt64, settings: CloudKitEngineSettings = CloudKitEngineSettings()) -> Scenario {
        DefaultScenario.make(replicas: 3, seed: seed, engine: settings)
    }

    @Test(arguments: StrategyCatalog.builtInNames)
    func everyStrategyQuiescesOnTheDefaultScenario(_ name: String) {
        for seed: UInt64 in [1, 2] {
            let result = Simulation.run(scenario: Self.defaultScenario(seed: seed), strategy: namedStrategy(name), seed: seed)
            #expect(result.quiesced, "\(name) seed \(seed): replay with simulate --replicas 3 --engine cloudkit --seed \(seed) --strategies \(name)")
            #expect(result.invariantChecks > 0)
            #expect(result.rejected.blocked == 0, "\(name) seed \(seed): nothing left to save")
            if namedStrategy(name).promisesConvergence {
                #expect(result.liveness == .held, "\(name) seed \(seed)")
                #expect(result.diverged == 0, "\(name) seed \(seed)")
            }
        }
    }

    static let settings: [CloudKitEngineSettings] = [
        CloudKitEngineSettings(conflict: CloudKitConflict(policy: .serverWins)),
        CloudKitEngineSettings(conflict: CloudKitConflict(policy: .clientWins)),
        CloudKitEngineSettings(conflict: CloudKitConflict(policy: .recordLWW, clock: .server)),
        CloudKitEngineSettings(conflict: CloudKitConflict(policy: .fieldLWW)),
        CloudKitEngineSettings(savePolicy: .changedKeys),
        CloudKitEngineSettings(savePolicy: .allKeys),
        CloudKitEngineSettings(batch: 7, atomic: true),
    ]

    @Test(arguments: settings, ["lww", "dedupe", "crdt"])
    func everyPolicyQuiesces(_ settings: CloudKitEngineSettings, strategy: String) {
        let result = Simulation.run(scenario: Self.defaultScenario(seed: 1, settings: settings), strategy: namedStrategy(strategy), seed: 1)
        #expect(result.quiesced)
        #expect(result.liveness == .held)
        #expect(result.diverged == 0)
        #expect(result.rejected.blocked == 0)
    }

    /// Crashes, restarts and a wipe, with a random workload, under a
    /// nemesis that partitions endpoints (the server too) and crashes devices.
    static let faultsText = """
        {
          name: "cloudkit-faults",
          replicas: 3,
          engine: "cloudkit",
          network: { drop: 0.2, duplicate: 0.1, reorder: 0.2, delay: ["5ms", "60ms"] },
          until: "40s",
          steps: [
            { at: "0s", on: "all", import: { entity: "User", count: 20 } },
            { at: "100ms", on: "all", random: { entity: "User", ops: 40, keys: 25, over: "3s" } },
            { at: "0s", nemesis: { every: "300ms", until: "4s", partition: 0.5, crash: 0.3 } },
            { at: "1s", crash: "r3", wipe: true },
            { at: "1500ms", restart: "r3" },
          ],
        }
        """

    @Test(arguments: StrategyCatalog.builtInNames)
    func faultsEndAndTheRunQuiesces(_ name: String) throws {
        for seed: UInt64 in [1, 2, 3] {
            let document = try ScenarioFile.parse(Data(Self.faultsText.utf8), file: "t.json5", seed: seed)
            let result = Simulation.run(scenario: document.scenario, strategy: namedStrategy(name), seed: seed)
            #expect(result.quiesced, "\(name) seed \(seed)")
            if namedStrategy(name).promisesConvergence {
                #expect(result.liveness == .held, "\(name) seed \(seed)")
            }
        }
    }

    @Test(arguments: ["lww", "dedupe", "crdt", "unique:objectTrump"])
    func sameSeedSameRun(_ name: String) throws {
        let document = try ScenarioFile.parse(Data(Self.faultsText.utf8), file: "t.json5", seed: 5)
        let first = Simulation.run(scenario: document.scenario, strategy: namedStrategy(name), seed: 5)
        let second = Simulation.run(scenario: document.scenario, strategy: namedStrategy(name), seed: 5)
        #expect(RunFingerprint(first) == RunFingerprint(second))
        let other = Simulation.run(scenario: Self.defaultScenario(seed: 1), strategy: namedStrategy(name), seed: 1)
        let again = Simulation.run(scenario: Self.defaultScenario(seed: 1), strategy: namedStrategy(name), seed: 1)
        #expect(RunFingerprint(other) == RunFingerprint(again))
    }
}
