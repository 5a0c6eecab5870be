import Foundation
import SyncModel
import SyncScenarioFile
import Testing
@testable import SyncSimulation

/// The estimate refuses what a 2-core machine cannot finish, naming the product.
struct WorkEstimateTests {
    static func scenario(replicas: Int, count: Int, extra: String = "", until: String = "60s") throws -> Scenario {
        try ScenarioFile.parse(Data("""
        { name: "big", replicas: \(replicas),
          schema: { entities: [ { name: "User", fields: ["email"], unique: [["email"]] } ] },
          steps: [ { at: "0s", on: "all", import: { entity: "User", count: \(count) } }\(extra) ],
          until: "\(until)" }
        """.utf8), file: "big.json5").scenario
    }

    static let lww = StrategyCatalog.strategy(named: "lww")!
    static let unique = StrategyCatalog.strategy(named: "unique:overwrite")!

    @Test func fiveHundredDevicesImportingAMillionEachIsRefusedNamingTheProduct() throws {
        let scenario = try Self.scenario(replicas: 500, count: 1_000_000)
        let refusal = try #require(RunLimits().refusal(scenario, strategies: [Self.unique]))
        // One record per key on each of 500 devices: 5×10^8 records.
        #expect(refusal.hasPrefix("1,000,000 imported User records, each kept on 500 devices = 5×10^8 records, about"))
        #expect(refusal.hasSuffix("--allow-large runs it anyway"))
        // Without a budget (--allow-large) it runs.
        #expect(RunLimits(budget: nil).refusal(scenario, strategies: [Self.unique]) == nil)
    }

    @Test func aStrategyThatKeepsEveryDevicesCopyCountsThemAll() throws {
        let scenario = try Self.scenario(replicas: 500, count: 1_000_000)
        let estimate = WorkEstimate(scenario: scenario, strategies: [Self.lww])
        #expect(estimate.recordCopies == 2.5e11)
        #expect(estimate.largestTerm == "500 devices × 1,000,000 imported User records, each kept on 500 devices")
    }

    @Test func everyCommittedSizeOfScenarioFitsTheBudget() throws {
        let scenario = try Self.scenario(replicas: 5, count: 100)
        #expect(RunLimits().refusal(scenario, strategies: StrategyCatalog.defaultNames.map { StrategyCatalog.strategy(named: $0)! }) == nil)
    }

    @Test func aNemesisEveryMicrosecondForYearsIsRefusedUnlessMaxEventsCutsIt() throws {
        let nemesis = #", { at: "0s", nemesis: { every: "1us", until: "3650d", partition: 0.5 } }"#
        let scenario = try Self.scenario(replicas: 3, count: 10, extra: nemesis, until: "3650d")
        #expect(RunLimits().refusal(scenario, strategies: [Self.lww])?.contains("fault ticks") == true)
        // Cut at 5×10^7 events, every default strategy runs: a tick is a
        // tenth of a record's work, 8 × 5×10^7 / 10 = 4×10^7 < 2×10^8.
        let all = StrategyCatalog.defaultNames.map { StrategyCatalog.strategy(named: $0)! }
        #expect(RunLimits(maxEvents: 50_000_000).refusal(scenario, strategies: all) == nil)
    }

    @Test func aMemoryCeilingBoundsTheEstimateAsTheRunStopsThere() throws {
        let scenario = try Self.scenario(replicas: 5, count: 1_000_000)
        #expect(RunLimits().refusal(scenario, strategies: [Self.unique]) != nil)
        #expect(RunLimits(maxMemoryBytes: 512 << 20).refusal(scenario, strategies: [Self.unique]) == nil)
        // A default ceiling (not the user's) caps nothing: the same file is
        // refused on every machine, by run and sweep alike.
        var defaulted = RunLimits(maxMemoryBytes: 512 << 20)
        defaulted.ceilingCapsEstimate = false
        #expect(defaulted.refusal(scenario, strategies: [Self.unique]) != nil)
        #expect(defaulted.estimate(scenario, strategies: [Self.unique]).recordCopies == 5e6)
    }

    @Test func aRunPastItsMemoryCeilingStopsCleanlyWithPartialFigures() throws {
        var scenario = try Self.scenario(replicas: 2, count: 10)
        // Any process holds more than one byte: the first reading stops it.
        scenario.maxMemoryBytes = 1
        let result = Simulation.run(scenario: scenario, strategy: Self.lww, seed: 1)
        #expect(result.stoppedAt == .memory)
        #expect(result.events == 0)
        #expect(result.liveness == .notPromised || result.liveness == .notJudged)
    }

    @Test func sizesReadAndPrintAsPeopleWriteThem() {
        #expect(ByteCountText.bytes("512M") == 512 << 20)
        #expect(ByteCountText.bytes("1.5GiB") == 3 << 29)
        #expect(ByteCountText.bytes("2G") == 2 << 30)
        #expect(ByteCountText.bytes("lots") == nil)
        #expect(ByteCountText.text(512 << 20) == "512 MiB")
        #expect(ByteCountText.text(3 << 29) == "1.5 GiB")
        #expect(WorkEstimate.count(5e8) == "5×10^8")
        #expect(WorkEstimate.count(2.5e11) == "2.5×10^11")
    }
}
