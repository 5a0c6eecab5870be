import Foundation
import SyncExperiments
import SyncReport
import SyncSimulation
import Testing
import TestSupport

/// `sweep.csv` and `sweep-runs.csv` read as one table each, as every CSV
/// kind does (``CSVReader/checkKind(_:files:header:)``): the same header in
/// every file of the kind, one type per column.
struct SweepCSVColumnTests {
    /// Three small sweeps with different settings: a numeric one whose
    /// values have different numbers of decimals, an engine × duration one,
    /// and one of a preset whose strategies run once per variant.
    static let sweepPlans: [Sweep.Plan] = {
        func contents(_ name: String) -> Data {
            let path = Fixtures.scenariosFolder.appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path) else { fatalError("no \(path)") }
            return data
        }
        let data = contents("default.json5")
        return [
            Sweep.Plan(file: "Scenarios/default.json5", data: data,
                       parameters: [SweepParameter(path: "network.drop", values: ["0", "0.05", "0.1"])],
                       seeds: [1, 2], strategies: ["lww", "crdt"]),
            Sweep.Plan(file: "Scenarios/default.json5", data: data,
                       parameters: [SweepParameter(path: "engine", values: ["peer", "cloudkit"]),
                                    SweepParameter(path: "dedupeDelay", values: ["10ms", "1s"])],
                       seeds: [3, 4], strategies: ["dedupe", "crdt"]),
            Sweep.Plan(file: "Scenarios/offline-field-edits.json5", data: contents("offline-field-edits.json5"),
                       parameters: [SweepParameter(path: "preset", values: ["nspckc"]),
                                    SweepParameter(path: "network.drop", values: ["0", "0.1"])],
                       seeds: [1, 2], strategies: nil),
        ]
    }()

    static var sweeps: [(plan: Sweep.Plan, runs: Sweep.Runs)] { sweepsOnce.value }
    private static let sweepsOnce = ComputedOnce<[(plan: Sweep.Plan, runs: Sweep.Runs)]> {
        sweepPlans.map { plan in
            do { return (plan, try Sweep.run(plan, checksInvariants: false)) } catch { fatalError("\(error)") }
        }
    }

    @Test func sweepCSVHasTheSweepsSettingsAndOneTypePerColumn() throws {
        let files = Self.sweeps.map { Sweep.summarize($0.plan, $0.runs).csv() }
        try CSVReader.checkKind("sweep.csv", files: files) { index in
            ["scenario", "point"] + Self.sweeps[index].plan.parameters.map(\.path)
                + ["strategy", "variant", "metric", "n", "mean", "sd", "min", "max", "ci95_low", "ci95_high"]
        }
        let drop = try CSVReader(files[0])
        let column = try #require(drop.header.firstIndex(of: "network.drop"))
        #expect(Set(drop.rows.map { $0[column] }) == ["0.00", "0.05", "0.10"], "the same decimals for every value of a setting")
    }

    @Test func sweepRunsCSVHasOneRowPerPointSeedAndStrategy() throws {
        let files = Self.sweeps.map { $0.runs.csv(plan: $0.plan) }
        try CSVReader.checkKind("sweep-runs.csv", files: files) { index in
            Sweep.Runs.csvHeader(parameters: Self.sweeps[index].plan.parameters)
        }
        for ((plan, runs), text) in zip(Self.sweeps, files) {
            let file = try CSVReader(text)
            #expect(file.rows.count == plan.points.count * plan.seeds.count * runs.runs.count)
            #expect(file.header.filter { Metric(rawValue: $0) != nil } == Metric.allCases.map(\.rawValue))
            // Each row's figures are the run's own: the sweep's means are
            // their averages.
            let summary = Sweep.summarize(plan, runs)
            let seedColumn = try #require(file.header.firstIndex(of: "seed"))
            let strategyColumn = try #require(file.header.firstIndex(of: "strategy"))
            let variantColumn = try #require(file.header.firstIndex(of: "variant"))
            let finalColumn = try #require(file.header.firstIndex(of: Metric.duplicatesFinal.rawValue))
            #expect(Set(file.rows.map { UInt64($0[seedColumn]) }) == Set(plan.seeds.map { Optional($0) }))
            for row in summary.rows where row.metric == .duplicatesFinal && row.point.index == 0 {
                let values = file.rows.filter { $0[1] == "0" && $0[strategyColumn] == row.strategy && $0[variantColumn] == row.variant ?? Report.noVariant }
                    .compactMap { Double($0[finalColumn]) }
                #expect(values.count == plan.seeds.count)
                #expect(values.reduce(0, +) / Double(values.count) == row.summary?.mean, "\(row.run.label)")
            }
        }
    }

    /// Both sweep CSVs carry `variant` right after `strategy`: `none`
    /// without variants, else each row's variant, in the comparison's
    /// order (each strategy once per variant).
    @Test func sweepCSVsNameTheVariantAfterTheStrategy() throws {
        for (plan, runs) in Self.sweeps {
            let summary = try CSVReader(Sweep.summarize(plan, runs).csv())
            let perRun = try CSVReader(runs.csv(plan: plan))
            for file in [summary, perRun] {
                let strategy = try #require(file.header.firstIndex(of: "strategy"))
                #expect(file.header[strategy + 1] == "variant")
            }
            let strategy = try #require(summary.header.firstIndex(of: "strategy"))
            let columns = summary.rows.filter { $0[strategy + 2] == Metric.lostFieldWrites.rawValue && $0[1] == "0" }
                .map { [$0[strategy], $0[strategy + 1]] }
            #expect(columns == runs.runs.map { [$0.strategy, $0.variant ?? Report.noVariant] })
            let seedColumn = try #require(perRun.header.firstIndex(of: "seed"))
            let firstJob = perRun.rows.filter { $0[1] == "0" && $0[seedColumn] == String(plan.seeds[0]) }
            #expect(firstJob.map { [$0[seedColumn + 1], $0[seedColumn + 2]] } == runs.runs.map { [$0.strategy, $0.variant ?? Report.noVariant] })
        }
        let variants = Self.sweeps[2].runs.runs.map(\.label)
        #expect(variants == ["lww [importFirst]", "lww [exportFirst]", "dedupe [importFirst]", "dedupe [exportFirst]"])
    }
}
