import Foundation
import SyncExperiments
import SyncScenarioFile
import SyncSimulation
import Testing

/// Sweeps of a preset with variants (``ScenarioVariant``): one column per
/// strategy and variant, in ``Comparison/plan(scenario:strategies:)``
/// order, each with the figures a direct comparison gives; points that run
/// different variants are refused.
///
/// `Scenarios/offline-field-edits.json5` under nspckc: r1 edits the name,
/// r2 the city, of one user while apart. Importing first (field level)
/// keeps both edits; exporting first (record level) lets r2's later export
/// replace r1's name: 1 lost field write. The network drops nothing and
/// the edits are fixed, so every seed gives those figures.
struct SweepVariantTests {
    static let seeds: [UInt64] = [1, 2, 3]

    static func plan(_ parameters: [SweepParameter], strategies: [String]? = nil) throws -> Sweep.Plan {
        let file = Fixtures.scenariosFolder.appendingPathComponent("offline-field-edits.json5").path
        let data = try #require(FileManager.default.contents(atPath: file))
        return Sweep.Plan(file: "offline-field-edits.json5", data: data, parameters: parameters, seeds: seeds, strategies: strategies)
    }

    static let nspckc = SweepParameter(path: "preset", values: ["nspckc"])

    @Test func aPresetWithVariantsGivesOneRowPerStrategyAndVariant() throws {
        let plan = try Self.plan([Self.nspckc])
        let runs = try Sweep.run(plan)
        #expect(runs.strategies == ["lww", "dedupe"])
        #expect(runs.variants == ["importFirst", "exportFirst"])
        let columns = [SweepRun(strategy: "lww", variant: "importFirst"), SweepRun(strategy: "lww", variant: "exportFirst"),
                       SweepRun(strategy: "dedupe", variant: "importFirst"), SweepRun(strategy: "dedupe", variant: "exportFirst")]
        #expect(runs.runs == columns)
        #expect(columns.map(\.label) == ["lww [importFirst]", "lww [exportFirst]", "dedupe [importFirst]", "dedupe [exportFirst]"])

        let summary = Sweep.summarize(plan, runs)
        #expect(summary.runs == columns)
        #expect(summary.strategies == ["lww", "dedupe"] && summary.variants == ["importFirst", "exportFirst"])
        #expect(summary.rows.count == columns.count * Metric.allCases.count)
        #expect(summary.rows.map(\.run) == columns.flatMap { Array(repeating: $0, count: Metric.allCases.count) })
        // Field level keeps both edits; record level loses r1's name, at every seed.
        for (column, lost) in zip(columns, [0.0, 1, 0, 1]) {
            let row = try #require(summary.rows.first { $0.run == column && $0.metric == .lostFieldWrites })
            #expect(row.strategy == column.strategy && row.variant == column.variant)
            #expect(row.summary?.count == 3 && row.summary?.mean == lost && row.summary?.minimum == lost && row.summary?.maximum == lost,
                    "\(column.label)")
        }
    }

    /// Each job's figures are, run by run, those of `Comparison.run` of the
    /// same document and seed.
    @Test(arguments: seeds)
    func variantColumnsHoldTheFiguresOfADirectComparison(seed: UInt64) throws {
        let plan = try Self.plan([Self.nspckc])
        let runs = try Sweep.run(plan)
        let document = try ScenarioFile.parse(plan.data, file: plan.file, seed: seed, overrides: [("preset", "nspckc")])
        let results = Comparison.run(scenario: document.scenario, strategies: document.strategyNames.map { StrategyCatalog.strategy(named: $0)! },
                                     seed: seed)
        #expect(results.map { SweepRun(strategy: $0.strategy, variant: $0.variant) } == runs.runs)
        let job = try #require(Self.seeds.firstIndex(of: seed))
        // What a sweep stores: each figure, and `liveness` as its verdict's code.
        #expect(runs.values[job] == results.map { result in Metric.allCases.map { $0.figure(in: result) } },
                "replay: simulate run Scenarios/offline-field-edits.json5 --preset nspckc --seed \(seed)")
    }

    /// `cloudkit.syncOrder` set by the sweep is the scenario's own setting:
    /// the preset runs no variants, and the readings become a parameter
    /// with plain rows and the variants' figures.
    @Test func settingTheReadingGivesPlainRows() throws {
        let plan = try Self.plan([Self.nspckc, SweepParameter(path: "cloudkit.syncOrder", values: ["importFirst", "exportFirst"])])
        let runs = try Sweep.run(plan)
        #expect(runs.variants.isEmpty)
        #expect(runs.runs == [SweepRun(strategy: "lww"), SweepRun(strategy: "dedupe")])
        let summary = Sweep.summarize(plan, runs)
        #expect(summary.rows.allSatisfy { $0.variant == nil })
        let lost = summary.rows.filter { $0.strategy == "lww" && $0.metric == .lostFieldWrites }
        #expect(lost.map(\.point.values) == [["nspckc", "importFirst"], ["nspckc", "exportFirst"]])
        #expect(lost.map { $0.summary?.mean } == [0, 1])
    }

    @Test(arguments: [
        (["nspckc", "cksyncengine"], ["lww", "dedupe"],
         "offline-field-edits.json5: the points run different variants: importFirst, exportFirst at preset=nspckc; fetchBetween, reuploadFirst at preset=cksyncengine. "
             + "A preset runs each strategy once per reading of a behaviour no source settles, and a sweep compares one list of runs: "
             + "pin the reading at every point with --vary cloudkit.syncOrder=importFirst,exportFirst "
             + "--vary cloudkit.reuploadOrder=fetchBetween,reuploadFirst, given after --vary preset=…, which run the readings as parameters"),
        (["nspckc", "sqlitedata"], ["dedupe"],
         "offline-field-edits.json5: the points run different variants: importFirst, exportFirst at preset=nspckc; localWins+fetchBetween, "
             + "localWins+reuploadFirst, laterEditWins+fetchBetween, laterEditWins+reuploadFirst at preset=sqlitedata. "
             + "A preset runs each strategy once per reading of a behaviour no source settles, and a sweep compares one list of runs: "
             + "pin the reading at every point with --vary cloudkit.syncOrder=importFirst,exportFirst "
             + "--vary cloudkit.pendingColumnRule=localWins,laterEditWins --vary cloudkit.reuploadOrder=fetchBetween,reuploadFirst, "
             + "given after --vary preset=…, which run the readings as parameters"),
        (["ownserver", "nspckc"], ["dedupe"],
         "offline-field-edits.json5: the points run different variants: none at preset=ownserver; importFirst, exportFirst at preset=nspckc. "
             + "A preset runs each strategy once per reading of a behaviour no source settles, and a sweep compares one list of runs: "
             + "pin the reading with --vary cloudkit.syncOrder=importFirst,exportFirst, given after --vary preset=…, in a sweep whose points "
             + "all run the cloudkit engine (preset=ownserver runs peer); that sweep runs the readings as a parameter"),
    ])
    func pointsThatRunDifferentVariantsAreRefused(presets: [String], strategies: [String], message: String) throws {
        let plan = try Self.plan([SweepParameter(path: "preset", values: presets)], strategies: strategies)
        let error = #expect(throws: ScenarioFileError.self) { try Sweep.run(plan) }
        #expect(error?.description == message)
    }

    /// `--strategies` replaces the file's list before a point's preset
    /// refuses anything, as for `run` (issue 41): clock-skew.json5 lists
    /// `crdt`, which nspckc cannot run, so only naming it is refused, and
    /// the refusal names the point.
    @Test func strategiesReplaceTheFilesListBeforeAPointsPresetRefuses() throws {
        let file = Fixtures.scenariosFolder.appendingPathComponent("clock-skew.json5").path
        let data = try #require(FileManager.default.contents(atPath: file))
        func plan(_ strategies: [String]) -> Sweep.Plan {
            Sweep.Plan(file: "clock-skew.json5", data: data, parameters: [Self.nspckc], seeds: [1], strategies: strategies)
        }
        #expect(try Sweep.validate(plan(["lww"])).strategies == ["lww"])
        let error = #expect(throws: ScenarioFileError.self) { try Sweep.validate(plan(["lww", "crdt"])) }
        #expect(error?.description.hasPrefix("clock-skew.json5: at preset=nspckc: --strategies: preset nspckc cannot run crdt: ") == true,
                "\(error?.description ?? "")")
    }

    /// The pinning the refusal names runs: every point plain.
    @Test func thePinningTheRefusalNamesRuns() throws {
        let plan = try Self.plan([SweepParameter(path: "preset", values: ["nspckc", "cksyncengine"]),
                                  SweepParameter(path: "cloudkit.syncOrder", values: ["importFirst", "exportFirst"]),
                                  SweepParameter(path: "cloudkit.reuploadOrder", values: ["fetchBetween", "reuploadFirst"])],
                                 strategies: ["lww", "dedupe"])
        let validated = try Sweep.validate(plan)
        #expect(validated.strategies == ["lww", "dedupe"] && validated.variants.isEmpty)
    }
}
