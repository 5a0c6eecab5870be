import Foundation
import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing

/// The scenario library in `Scenarios/` as regression tests: what
/// `simulate check Scenarios` does, through the library.
struct ScenarioFileLibraryTests {
    typealias T = ScenarioFileTesting

    @Test func theLibraryHoldsAtLeastTwelveScenarios() {
        let names = T.scenarioFileNames()
        #expect(names.count >= 12, "\(names)")
        #expect(names.contains("default.json5"))
    }

    @Test(arguments: ScenarioFileTesting.scenarioFileNames())
    func everyExpectationOfAScenarioFilePasses(name: String) throws {
        let path = T.scenariosFolder.appendingPathComponent(name).path
        let document = try ScenarioFile.load(path)
        let scenario = document.scenario
        #expect(document.file == path)
        #expect(!scenario.description.isEmpty, "\(name) has no description")
        #expect(!document.expectations.isEmpty, "\(name) has no expectations")
        #expect(scenario.name + ".json5" == name, "the scenario is named after its file")

        let strategies = try document.strategyNames.map { name in
            try #require(StrategyCatalog.strategy(named: name))
        }
        let results = Comparison.run(scenario: scenario, strategies: strategies, seed: document.seed)
        // A preset with an unsettled behaviour runs each strategy once per variant.
        let runs = max(1, scenario.variants.count)
        #expect(results.map(\.strategy) == document.strategyNames.flatMap { Array(repeating: $0, count: runs) })
        let outcomes = ExpectationOutcome.check(document.expectations, against: results)
        // Each expectation is checked once per strategy it names, and per
        // variant unless it names one.
        let checks = document.expectations.reduce(0) {
            $0 + ($1.strategy == "*" ? document.strategyNames.count : 1) * ($1.variant == nil ? runs : 1)
        }
        #expect(outcomes.count == checks)
        for outcome in outcomes {
            #expect(outcome.passed, """
                \(name): \(outcome.strategy) \(outcome.expectation.metric.rawValue) \(outcome.expectation.bound), \
                actual \(outcome.actual.map { String($0) } ?? "never")
                """)
        }
    }

    /// `Scenarios/default.json5` is the built-in scenario written out: the
    /// same scenario value, and so the same figures for every strategy.
    @Test func defaultFileIsTheBuiltInScenario() throws {
        let document = try ScenarioFile.load(T.scenariosFolder.appendingPathComponent("default.json5").path)
        let file = document.scenario
        let builtIn = DefaultScenario.make(replicas: 5, seed: 1)
        #expect(document.seed == 1)
        #expect(document.strategyNames == StrategyCatalog.defaultNames)
        #expect(file.name == builtIn.name)
        #expect(file.description == builtIn.description)
        #expect(file.replicaNames == builtIn.replicaNames)
        #expect(file.schema == builtIn.schema)
        #expect(file.network == builtIn.network)
        #expect(file.links == builtIn.links)
        #expect(file.sync == builtIn.sync)
        #expect(file.topology == builtIn.topology)
        #expect(file.clocks == builtIn.clocks)
        #expect(file.untilMicros == builtIn.untilMicros)
        #expect(file.dedupeDelayMicros == builtIn.dedupeDelayMicros)
        #expect(file.steps.count == builtIn.steps.count)
        #expect(file.steps == builtIn.steps)

        let strategies = StrategyCatalog.defaultNames.map { StrategyCatalog.strategy(named: $0)! }
        let fromFile = Comparison.run(scenario: file, strategies: strategies, seed: document.seed)
        let fromCode = Comparison.run(scenario: builtIn, strategies: strategies, seed: 1)
        #expect(fromFile.count == StrategyCatalog.defaultNames.count)
        for (a, b) in zip(fromFile, fromCode) {
            let fileFigures = RunFingerprint(a)
            let codeFigures = RunFingerprint(b)
            #expect(fileFigures == codeFigures, "\(a.strategy)")
            #expect(fileFigures.figures.count == Mirror(reflecting: a).children.count - RunFingerprint.excluded.count,
                    "every figure but wallSeconds (and the run's variant name) is compared")
        }
        #expect(fromFile.map(\.strategy) == StrategyCatalog.defaultNames)
    }

    /// A seed given on the command line replaces the file's: a different
    /// run of the same file, the same as the built-in scenario at that seed.
    @Test func defaultFileWithAnotherSeedMatchesTheBuiltInScenarioAtThatSeed() throws {
        let document = try ScenarioFile.load(T.scenariosFolder.appendingPathComponent("default.json5").path, seed: 3)
        #expect(document.seed == 3)
        let builtIn = DefaultScenario.make(replicas: 5, seed: 3)
        // The file is read the same whatever the seed; a run draws its workload from its own.
        #expect(document.scenario.steps == DefaultScenario.make(replicas: 5, seed: 1).steps)
        #expect(document.scenario.drawingWorkload(seed: 3).steps == builtIn.drawingWorkload(seed: 3).steps)
        #expect(document.scenario.drawingWorkload(seed: 3).steps != builtIn.drawingWorkload(seed: 1).steps)
        let crdt = StrategyCatalog.strategy(named: "crdt")!
        #expect(RunFingerprint(Simulation.run(scenario: document.scenario, strategy: crdt, seed: 3))
            == RunFingerprint(Simulation.run(scenario: builtIn, strategy: crdt, seed: 3)))
    }
}
