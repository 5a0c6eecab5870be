import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing

/// The nemesis scenario over many seeds: whatever partitions and crashes the
/// seed draws, `crdt` converges with no duplicate and the strategies without
/// a constraint converge. Slow, so it runs only with SYNCSIM_RUN_SOAK=1
/// (`SYNCSIM_RUN_SOAK=1 swift test --filter NemesisSoak`); SYNCSIM_SOAK_SEEDS
/// sets how many seeds (default 200).
struct NemesisSoakTests {
    static var enabled: Bool { ProcessInfo.processInfo.environment["SYNCSIM_RUN_SOAK"] == "1" }
    static var seedCount: UInt64 { UInt64(ProcessInfo.processInfo.environment["SYNCSIM_SOAK_SEEDS"] ?? "") ?? 200 }

    @Test(.enabled(if: enabled, "set SYNCSIM_RUN_SOAK=1 to run the soak"))
    func everySeedConverges() throws {
        let file = ScenarioFileTesting.scenariosFolder.appendingPathComponent("nemesis-soak.json5").path
        for seed in 1 ... Self.seedCount {
            let document = try ScenarioFile.load(file, seed: seed)
            let replay = "simulate run Scenarios/nemesis-soak.json5 --seed \(seed)"
            for name in ["lww", "lww:field", "dedupe", "crdt"] {
                let result = Simulation.run(scenario: document.scenario, strategy: namedStrategy(name), seed: seed)
                #expect(result.convergenceMicros != nil, "\(name) did not converge; replay: \(replay) --strategies \(name)")
                #expect(result.diverged == 0, "\(name) diverged; replay: \(replay) --strategies \(name)")
                if name == "crdt" {
                    #expect(result.duplicates.peak == 0, "crdt duplicated; replay: \(replay) --strategies crdt")
                }
                if name == "dedupe" {
                    #expect(result.duplicates.final == 0, "dedupe kept duplicates; replay: \(replay) --strategies dedupe")
                }
            }
        }
    }
}
