import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing

/// Same scenario, strategy and seed: the same result, every figure but the
/// wall time.
struct DefaultScenarioDeterminismTests {
    @Test(arguments: StrategyCatalog.builtInNames)
    func repeatedRunIsIdentical(name: String) {
        let seed: UInt64 = 7
        let scenario = DefaultScenario.make(replicas: 3, seed: seed)
        let first = RunFingerprint(Simulation.run(scenario: scenario, strategy: namedStrategy(name), seed: seed))
        let second = RunFingerprint(Simulation.run(scenario: scenario, strategy: namedStrategy(name), seed: seed))
        #expect(first == second, "seed \(seed), \(name)")
        #expect(first.figures.contains("strategy=\"\(name)\""), "seed \(seed): \(first)")
        #expect(!first.figures.contains { $0.hasPrefix("wallSeconds") }, "seed \(seed)")
        // Every other figure takes part, including the network counters.
        #expect(first.figures.contains { $0.hasPrefix("network=") && $0.contains("sent:") }, "seed \(seed): \(first)")
    }

    /// The seed matters: another seed draws another network.
    @Test func anotherSeedGivesAnotherRun() {
        let a = RunFingerprint(Simulation.run(scenario: DefaultScenario.make(replicas: 3, seed: 7), strategy: namedStrategy("crdt"), seed: 7))
        let b = RunFingerprint(Simulation.run(scenario: DefaultScenario.make(replicas: 3, seed: 8), strategy: namedStrategy("crdt"), seed: 8))
        #expect(a != b, "seeds 7 and 8")
    }

    @Test func everyCatalogNameResolves() {
        for name in StrategyCatalog.builtInNames {
            #expect(StrategyCatalog.strategy(named: name)?.name == name)
        }
        #expect(StrategyCatalog.strategy(named: "unique:nope") == nil)
        #expect(StrategyCatalog.strategy(named: "lww:") == nil)
    }
}
