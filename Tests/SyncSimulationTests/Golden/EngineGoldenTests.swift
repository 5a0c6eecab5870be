import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// Every figure of every committed scenario (and the built-in default) under
/// every strategy, two seeds each, pinned byte for byte: a refactor of the
/// engine must leave them as they are, and a change of behaviour shows up as
/// a reviewed diff of `Golden/Runs/`. Invariant checks are off here, so the
/// pinned figures do not depend on how many checks run (other tests run them).
struct EngineGoldenTests {
    static let golden = GoldenFile(folder: "Runs", filter: "EngineGoldenTests")
    static let seeds: [UInt64] = [1, 2]

    @Test(arguments: ScenarioFileTesting.scenarioFileNames())
    func scenarioFile(_ name: String) throws {
        let path = ScenarioFileTesting.scenariosFolder.appendingPathComponent(name).path
        let text = try Self.seeds.map { seed in
            let document = try ScenarioFile.load(path, seed: seed)
            return Self.describe(document.scenario, seed: seed)
        }.joined()
        Self.golden.check(text, against: name.replacingOccurrences(of: ".json5", with: ".txt"))
    }

    @Test(arguments: [3, 5])
    func defaultScenario(replicas: Int) {
        let text = Self.seeds.map { seed in
            Self.describe(DefaultScenario.make(replicas: replicas, seed: seed), seed: seed)
        }.joined()
        Self.golden.check(text, against: "default-\(replicas).txt")
    }

    /// One block per strategy: its name and seed, then every figure.
    static func describe(_ scenario: Scenario, seed: UInt64) -> String {
        StrategyCatalog.builtInNames.map { name in
            let strategy = StrategyCatalog.strategy(named: name)!
            let result = Simulation.run(scenario: scenario, strategy: strategy, seed: seed, checksInvariants: false)
            return "== \(name) seed \(seed)\n\(RunFingerprint(result))\n"
        }.joined()
    }
}
