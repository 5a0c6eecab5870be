import Foundation
import NewestWins
import SyncSim
import Testing

/// The strategy registered from outside SyncSim runs from a scenario file,
/// a sweep and a report like a built-in one.
struct NewestWinsTests {
    static let scenarioPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Scenarios/newest-wins.json5").standardized.path

    init() { NewestWinsDedupe.register() }

    /// r1 creates ada in London; r2 creates her in Paris and moves her to
    /// Rome later, offline. After the heal `lww` keeps both copies (1
    /// duplicate); `dedupe:newest` keeps r2's, the one modified last, so
    /// every device shows Rome and no write is lost.
    @Test func aScenarioFileNamesTheRegisteredStrategy() throws {
        let document = try ScenarioFile.load(Self.scenarioPath)
        #expect(document.strategyNames == ["lww", "dedupe", "dedupe:newest"])
        let strategy = try #require(StrategyCatalog.strategy(named: "dedupe:newest"))
        var simulation = try Simulation(scenario: document.scenario, strategy: strategy, seed: document.seed)
        let result = try simulation.run()
        #expect(result.quiesced && result.duplicates.final == 0 && result.lostWrites.records == 0 && result.diverged == 0)
        for node in simulation.nodes {
            let live = node.store.allRecords().filter { $0.isLive }
            #expect(live.count == 1)
            let city = document.scenario.schema[live[0].entity].fieldIndex("city")!
            #expect(live[0].value(city) == .string("Rome"))
        }
        let results = Comparison.run(scenario: document.scenario, strategies: document.strategyNames.map { StrategyCatalog.strategy(named: $0)! },
                                     seed: document.seed)
        let outcomes = ExpectationOutcome.check(document.expectations, against: results)
        #expect(!outcomes.isEmpty && outcomes.allSatisfy(\.passed))
        let report = Report(scenario: document.scenario, seed: document.seed, results: results, includesTiming: false,
                            file: Self.scenarioPath, expectations: outcomes)
        #expect(report.table().contains("dedupe:newest"))
    }

    /// A sweep over the drop rate runs it on every point and seed.
    @Test func aSweepRunsTheRegisteredStrategy() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.scenarioPath))
        let plan = Sweep.Plan(file: Self.scenarioPath, data: data, parameters: [SweepParameter(path: "network.drop", values: ["0", "0.2"])],
                              seeds: [1, 2, 3], strategies: ["dedupe:newest"])
        let summary = Sweep.summarize(plan, try Sweep.run(plan))
        #expect(summary.strategies == ["dedupe:newest"])
    }

    @Test func registrationRefusesBuiltInAndRepeatedNames() {
        #expect(throws: StrategyRegistry.RegistrationError.self) { try StrategyRegistry.register("lww") { NewestWinsDedupe() } }
        #expect(throws: StrategyRegistry.RegistrationError.self) { try StrategyRegistry.register("dedupe:newest") { NewestWinsDedupe() } }
    }
}
