import Foundation
import SyncExperiments
import SyncReport
import SyncSimulation
import Testing
import TestSupport

/// How sweeps state the verdicts of issue 28 (the reports' are
/// SyncReportTests' `VerdictReportTests`): every verdict reads apart.
struct SweepVerdictTests {
    /// A sweep stores each verdict's code; `sweep-runs.csv` names it, and
    /// `sweep.csv`'s liveness row still averages 1 for a promise kept (or
    /// not made) and 0 for one broken. A part written and read back keeps it.
    @Test func sweepsTellEveryVerdictApart() throws {
        let path = Fixtures.scenariosFolder.appendingPathComponent("default.json5").path
        let data = try #require(FileManager.default.contents(atPath: path))
        let plan = Sweep.Plan(file: "Scenarios/default.json5", data: data, parameters: [SweepParameter(path: "network.drop", values: ["0"])],
                              seeds: [1], strategies: ["lww", "unique:error"])
        let runs = try Sweep.run(plan, checksInvariants: false)
        let file = try CSVReader(runs.csv(plan: plan))
        let liveness = try #require(file.header.firstIndex(of: "liveness"))
        #expect(file.rows.map { $0[liveness] } == ["held", "not promised"])
        let summary = Sweep.summarize(plan, runs)
        #expect(summary.rows.filter { $0.metric == .liveness }.map { $0.summary?.mean } == [1, 1])

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verdict-part-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = folder.appendingPathComponent(SweepParts.fileName(shard: 1, of: 1))
        try Data(SweepParts.json(plan: plan, runs: runs, shard: 1, of: 1).rendered().utf8).write(to: part)
        let read = try SweepParts.read(part.path)
        #expect(try CSVReader(read.runs.csv(plan: plan)).rows.map { $0[liveness] } == ["held", "not promised"])
    }
}
