import Foundation
import SyncExperiments
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// Sweeps on `--store sqlite:DIR`: each point's runs in a folder of their
/// own (``StoreKind/forSweepPoint(_:)``), each run in files of its own,
/// giving the figures of the memory sweep.
struct SweepFileStoreTests {
    static func sweepPlan(seeds: [UInt64]) throws -> Sweep.Plan {
        let file = Fixtures.scenariosFolder.appendingPathComponent("import-twice.json5").path
        let data = try #require(FileManager.default.contents(atPath: file))
        return Sweep.Plan(file: "import-twice.json5", data: data, parameters: [SweepParameter(path: "network.drop", values: ["0", "0.1"])],
                          seeds: seeds, strategies: nil)
    }

    /// Parallel jobs, two points, several seeds: the memory sweep's figures,
    /// each run in files of its own; and shards over one folder likewise.
    @Test func aSweepOnFilesIsTheMemorySweep() throws {
        let plan = try Self.sweepPlan(seeds: [1, 2, 3])
        let memory = try Sweep.run(plan)
        try TestFolder.with("sweep-files") { folder in
            let store = StoreKind.sqliteFiles(directory: folder.path)
            let files = try Sweep.run(plan, store: store)
            #expect(files.values == memory.values)
            let strategies = files.strategies.count
            #expect(try TestFolder.files(under: folder).count == 2 * 3 * strategies, "one file per point, seed and strategy (one replica)")
            #expect(try TestFolder.files(under: folder).contains("network.drop=0.1/import-twice/seed-2/unique%3Aerror/r1.sqlite"))

            var merged: [Int: [[Double?]]] = [:]
            for shard in 1 ... 2 {
                merged.merge(try Sweep.run(plan, shard: shard, of: 2, store: store).values) { first, _ in first }
            }
            #expect(merged == memory.values)
        }
    }

    @Test func aSweepRefusesAValueGivenTwice() throws {
        let base = try Self.sweepPlan(seeds: [1])
        let plan = Sweep.Plan(file: base.file, data: base.data, parameters: [SweepParameter(path: "network.drop", values: ["0", "0.1", "0"])],
                              seeds: [1], strategies: nil)
        let error = #expect(throws: ScenarioFileError.self) { try Sweep.run(plan) }
        #expect(error?.description == "import-twice.json5: --vary network.drop lists '0' twice; give each value once")
    }
}
