import Foundation
@testable import SyncExperiments
import SyncModel
import SyncReport
import SyncScenarioFile
import SyncSimulation
import Testing

/// `simulate benchmark --scaling` through the library: the slope fit on
/// hand-made numbers, the scenario it runs, the remote-apply meter's exact
/// counts (and that a run without one, or with one, gives the same report),
/// the targets, and a tiny real run.
struct ScalingBenchmarkTests {
    // MARK: The slope

    @Test func theSlopeOfAPowerLawIsItsExponent() {
        let sizes = [1_000.0, 3_000, 10_000, 30_000]
        #expect(abs(LogLogSlope.fit(sizes.map { ($0, $0 * $0) }) - 2) < 1e-12)
        #expect(abs(LogLogSlope.fit(sizes.map { ($0, 3 * $0) }) - 1) < 1e-12)
        #expect(abs(LogLogSlope.fit(sizes.map { ($0, 0.25) })) < 1e-12, "a flat cost has slope 0")
        #expect(abs(LogLogSlope.fit(sizes.map { ($0, 5 / $0) }) + 1) < 1e-12)
    }

    /// Through (1, 1), (10, 10), (100, 1000): in units of ln 10, x = 0, 1, 2
    /// and y = 0, 1, 3; the covariance is 3 and the variance 2, so 1.5.
    @Test func theSlopeIsTheLeastSquaresFitOfTheLogs() {
        #expect(abs(LogLogSlope.fit([(1, 1), (10, 10), (100, 1_000)]) - 1.5) < 1e-12)
        #expect(abs(LogLogSlope.fit([(2, 8), (4, 64)]) - 3) < 1e-12, "two points: the line through them")
    }

    // MARK: The scenario

    /// At 100 keys the scaling scenario is the built-in one, whose report
    /// it gives byte for byte.
    @Test func atOneHundredKeysItIsTheDefaultScenario() {
        let strategies: [any Strategy] = [CRDTStrategy(), LastWriterWinsStrategy(granularity: .record)]
        let scaling = ScalingScenario.make(keys: 100, replicas: 3, seed: 1)
        let builtIn = DefaultScenario.make(replicas: 3, seed: 1)
        #expect(Self.reportText(scaling, strategies: strategies) == Self.reportText(builtIn, strategies: strategies))
    }

    /// `crdt` refuses nothing: each of R devices imports N users in one
    /// change set and makes N/2 updates, and every other device applies
    /// them all: R·(R−1)·(N + N/2) record applications in R·(R−1)·(1 + N/2)
    /// change sets, one import and N/2 single-record updates per origin.
    @Test(arguments: [(40, 5), (20, 2), (100, 3), (31, 4)])
    func theMeterCountsEveryRecordAppliedInARun(_ keys: Int, _ replicas: Int) {
        let scenario = ScalingScenario.make(keys: keys, replicas: replicas, seed: 1)
        let meter = RemoteApplyMeter()
        _ = meter.measuring { Simulation.run(scenario: scenario, strategy: CRDTStrategy(), seed: 1) }
        let others = replicas * (replicas - 1)
        #expect(meter.reading == RemoteApplyMeter.Reading(changeSets: others * (1 + keys / 2), records: others * (keys + keys / 2)))
    }

    /// `unique:error`'s stores refuse every other device's import (each key
    /// is already there) and hold back the updates behind it: one refusal
    /// of N records per pair, nothing applied.
    @Test func aRefusedChangeSetCountsAsRefused() {
        let scenario = ScalingScenario.make(keys: 30, replicas: 3, seed: 1)
        let meter = RemoteApplyMeter()
        _ = meter.measuring { Simulation.run(scenario: scenario, strategy: StrategyCatalog.strategy(named: "unique:error")!, seed: 1) }
        #expect(meter.reading == RemoteApplyMeter.Reading(refusedChangeSets: 6, refusedRecords: 180))
    }

    /// The store benchmark's workload, 200 users in change sets of 64 (8
    /// change sets) on 3 nodes, on a clock that moves 1,000 ns per reading:
    /// 24 applies, 1,200 records, 24 µs.
    @Test func theMeterTimesEachApplyOnTheClockItIsGiven() {
        let ticks = LockedBox<UInt64>(0)
        let meter = RemoteApplyMeter(clock: { ticks.withLock { $0 += 1_000; return $0 } })
        let workload = RemoteApplyWorkload(records: 200, batch: 64)
        meter.measuring {
            var nodes = MemoryStoreBenchmark.makeNodes(replicas: 3)
            MemoryStoreBenchmark.apply(workload, to: &nodes)
        }
        #expect(meter.reading == RemoteApplyMeter.Reading(changeSets: 24, records: 1_200, nanoseconds: 24_000))
        #expect(ticks.withLock { $0 } == 48_000, "two readings per apply")
    }

    /// Off by default: a node made outside ``RemoteApplyMeter/measuring(_:)``
    /// reports nowhere, even when it applies inside it.
    @Test func aNodeMadeWithoutAMeterReportsNowhere() {
        var nodes = MemoryStoreBenchmark.makeNodes(replicas: 2)
        let meter = RemoteApplyMeter()
        meter.measuring { MemoryStoreBenchmark.apply(RemoteApplyWorkload(records: 10, batch: 5), to: &nodes) }
        #expect(meter.reading == RemoteApplyMeter.Reading())
        #expect(nodes.allSatisfy { $0.counters.appliedChangeSets == 4 })
    }

    /// A meter, timing or not, changes nothing a run computes: the report
    /// is byte-identical with and without one, for strategies that apply,
    /// refuse and dedupe.
    @Test func aMeteredRunReportsTheSameBytes() {
        let scenario = ScalingScenario.make(keys: 40, replicas: 3, seed: 7)
        let strategies = ["unique:error", "lww", "dedupe", "crdt"].map { StrategyCatalog.strategy(named: $0)! }
        let plain = Self.reportText(scenario, strategies: strategies, seed: 7)
        let counting = RemoteApplyMeter()
        let timing = RemoteApplyMeter(clock: ProcessClocks.monotonicNanoseconds)
        #expect(counting.measuring { Self.reportText(scenario, strategies: strategies, seed: 7) } == plain)
        #expect(timing.measuring { Self.reportText(scenario, strategies: strategies, seed: 7) } == plain)
        #expect(timing.reading.records == counting.reading.records && timing.reading.nanoseconds > 0)
    }

    static func reportText(_ scenario: Scenario, strategies: [any Strategy], seed: UInt64 = 1) -> String {
        let results = Comparison.run(scenario: scenario, strategies: strategies, seed: seed)
        return Report(scenario: scenario, seed: seed, results: results, includesTiming: false).json().rendered()
    }

    // MARK: Figures and targets

    static func run(_ strategy: String, keys: Int, cpuSeconds: Double, replicas: Int = 5, applications: Int = 1_000) -> ScalingRun {
        ScalingRun(keys: keys, replicas: replicas, strategy: strategy, cpuSeconds: cpuSeconds, applications: applications, applySeconds: nil)
    }

    /// A result from hand-made runs: CPU = c·N^slope in keys, 2 µs per
    /// application at 10 replicas and 4 at 100.
    static func result(_ strategies: [(name: String, factor: Double, slope: Double)], keyCounts: [Int] = [1_000, 3_000, 10_000, 30_000])
        -> ScalingBenchmark.Result {
        let figures = strategies.map { strategy in
            StrategyScaling(strategy: strategy.name,
                            byKeys: keyCounts.map { run(strategy.name, keys: $0, cpuSeconds: strategy.factor * pow(Double($0), strategy.slope)) },
                            byReplicas: [run(strategy.name, keys: 100, cpuSeconds: 0.002, replicas: 10),
                                         run(strategy.name, keys: 100, cpuSeconds: 0.004, replicas: 100)])
        }
        let fullRun = ScalingRun(keys: keyCounts.last!, replicas: 5, strategy: "crdt", cpuSeconds: 1, applications: 600_000, applySeconds: 0.5)
        let dictionary = DictionaryMeasurement(records: keyCounts.last!, replicas: 5, batch: 100, trials: 3, seconds: Double(keyCounts.last!) * 10 / 2_000_000)
        let settings = ScalingBenchmark.Settings(keyCounts: keyCounts, replicaCounts: [10, 100], strategyNames: strategies.map(\.name))
        return ScalingBenchmark.Result(settings: settings, build: .release, machine: MachineDescription(cpu: "test", cores: 2, memoryBytes: 1, os: "test", swift: "6.3"),
                                       strategies: figures, fullRun: fullRun, dictionary: dictionary,
                                       bytesInUseBefore: 1_000_000, bytesInUseAfter: 1_000_000 + 150 * 5 * keyCounts.last!, memorySource: .allocator,
                                       keyGridPeakRSSBytes: 1_500 * 5 * keyCounts.last!, peakRSSBytes: 2_000 * 5 * keyCounts.last!, wallSeconds: 60)
    }

    @Test func theFiguresAreDerivedAsDocumented() throws {
        let result = Self.result([("crdt", 1e-4, 1.1), ("dedupe", 2.5e-4, 1.1), ("unique:error", 3.5e-4, 1.1), ("lww", 9e-4, 1.3)])
        let dedupe = try #require(result.strategies.first { $0.strategy == "dedupe" })
        #expect(abs(dedupe.keysSlope - 1.1) < 1e-9)
        #expect(abs(dedupe.perApplicationMicros - 4) < 1e-9, "4 ms over 1,000 applications, at 100 replicas")
        #expect(abs(dedupe.replicasSlope - log(2) / log(10)) < 1e-9)
        #expect(abs(try #require(result.vsReference("dedupe", keys: 3_000)) - 2.5) < 1e-9)
        #expect(result.vsReference("dedupe", keys: 5_000) == nil)
        // 600,000 applications in 0.5 s against 2·30,000·5 in 0.15 s.
        #expect(abs(result.fullRunVsDictionary - 0.6) < 1e-9)
        #expect(abs(result.bytesPerRecordPerReplica - 150) < 1e-9)
        #expect(abs(result.peakRSSBytesPerRecordPerReplica - 1_500) < 1e-9)
    }

    @Test func theTargetsAreTheIssuesOwn() {
        let result = Self.result([("crdt", 1e-4, 1.1), ("dedupe", 2.5e-4, 1.1), ("unique:error", 3.5e-4, 1.1), ("lww", 9e-4, 1.3)])
        let targets = result.targets
        #expect(targets.map(\.figure) == [
            "scaling.crdt.keysSlope", "scaling.dedupe.keysSlope", "scaling.unique:error.keysSlope", "scaling.lww.keysSlope",
            "scaling.dedupe.vsCrdt.3000", "scaling.unique:error.vsCrdt.3000", "scaling.dedupe.vsCrdt.10000", "scaling.unique:error.vsCrdt.10000",
            "bytesPerRecordPerReplica", "fullRunVsDictionary",
        ])
        #expect(targets.map(\.isMet) == [true, true, true, false, true, false, true, false, true, true])
        #expect(targets.map(\.bound) == [.atMost(1.2), .atMost(1.2), .atMost(1.2), .atMost(1.2), .atMost(3), .atMost(3), .atMost(3), .atMost(3),
                                         .atMost(200), .atLeast(0.5)])
        #expect(targets[5].label == "unique:error: CPU ÷ crdt's at 3,000 keys")
    }

    /// The ratio targets are judged only at the key counts the grid has.
    @Test func aGridWithoutTheJudgedKeyCountsJudgesNoRatio() {
        let targets = Self.result([("crdt", 1e-4, 1.1), ("dedupe", 2.5e-4, 1.1)], keyCounts: [100, 200]).targets
        #expect(targets.map(\.figure) == ["scaling.crdt.keysSlope", "scaling.dedupe.keysSlope", "bytesPerRecordPerReplica", "fullRunVsDictionary"])
    }

    // MARK: A real run

    @Test func aTinyRunMeasuresEveryStrategyAtEveryCount() throws {
        let settings = ScalingBenchmark.Settings(keyCounts: [20, 40], replicaCounts: [2, 3], strategyNames: ["dedupe", "unique:overwrite", "crdt"],
                                                 dictionaryTrials: 1, replicasKeyCount: 10)
        var steps: [String] = []
        let result = ScalingBenchmark.run(settings) { steps.append($0) }
        #expect(result.strategies.map(\.strategy) == ["dedupe", "unique:overwrite", "crdt"])
        for figures in result.strategies {
            #expect(figures.byKeys.map(\.keys) == [20, 40] && figures.byKeys.allSatisfy { $0.replicas == 5 && $0.cpuSeconds > 0 })
            #expect(figures.byReplicas.map(\.replicas) == [2, 3] && figures.byReplicas.allSatisfy { $0.keys == 10 && $0.applications > 0 })
            #expect(figures.keysSlope.isFinite && figures.replicasSlope.isFinite && figures.perApplicationMicros > 0)
        }
        let crdt = try #require(result.strategies.last)
        #expect(crdt.byReplicas.map(\.applications) == [2 * 15, 6 * 15])
        #expect(result.fullRun.strategy == "crdt" && result.fullRun.keys == 40 && result.fullRun.replicas == 5)
        #expect(result.fullRun.applications == 20 * 60 && (result.fullRun.applySeconds ?? 0) > 0)
        #expect(result.dictionary.records == 40 && result.dictionary.replicas == 5 && result.dictionary.trials == 1)
        #expect(result.fullRunVsDictionary > 0)
        // Not the sign: the allocator's bytes in use are the whole process's,
        // and the suite's other tests allocate and free on other threads
        // meanwhile (a clean clone's CI run measured 0 or less here). The
        // store benchmark's command-line test, a process of its own, checks
        // the sign. Here: the figure is the bytes over records and replicas.
        #expect(result.bytesInUseAfter > 0)
        #expect(result.bytesPerRecordPerReplica == Double(result.bytesInUseAfter - result.bytesInUseBefore) / Double(40 * 5))
        #expect(result.keyGridPeakRSSBytes > 0 && result.peakRSSBytes >= result.keyGridPeakRSSBytes)
        #expect(steps.count == 2 + settings.runCount, "the memory store, a Dictionary trial, then each run: \(steps)")
        #expect(steps.last == "10 keys on 3 replicas, crdt [13/13]")
    }
}
