import Foundation
import SyncExperiments
import SyncScenarioFile
import SyncSimulation
import Testing

/// The sweep engine: the grid, and that a sweep split into shards gives
/// the same figures as one run. (Overrides by path are the scenario file's:
/// ScenarioFileOverrideTests.)
struct SweepTests {
    static func plan(seeds: [UInt64] = [1, 2, 3]) throws -> Sweep.Plan {
        let file = Fixtures.scenariosFolder.appendingPathComponent("lww-granularity.json5").path
        let data = try #require(FileManager.default.contents(atPath: file))
        return Sweep.Plan(file: "lww-granularity.json5", data: data,
                          parameters: [SweepParameter(path: "network.drop", values: ["0", "0.3"]),
                                       SweepParameter(path: "sync.fanout", values: ["1", "2"])],
                          seeds: seeds, strategies: ["lww", "crdt"])
    }

    @Test func pointsAreTheGridWithTheFirstParameterSlowest() throws {
        let points = try Self.plan().points
        #expect(points.map(\.values) == [["0", "1"], ["0", "2"], ["0.3", "1"], ["0.3", "2"]])
        #expect(try Self.plan().jobCount == 12)
    }

    /// Shards 1…3 of 3, merged, hold exactly the figures of the whole sweep.
    @Test func shardsTogetherAreTheWholeSweep() throws {
        let plan = try Self.plan()
        let whole = try Sweep.run(plan)
        var merged: [Int: [[Double?]]] = [:]
        for shard in 1 ... 3 {
            let part = try Sweep.run(plan, shard: shard, of: 3)
            #expect(part.values.keys.allSatisfy { $0 % 3 == shard - 1 })
            merged.merge(part.values) { first, _ in first }
        }
        #expect(merged == whole.values)
        let summary = Sweep.summarize(plan, whole)
        #expect(summary.rows.count == 4 * 2 * Metric.allCases.count)
        // lww per record loses the 3 concurrent edits whatever the drop rate.
        let lost = summary.rows.filter { $0.strategy == "lww" && $0.metric == .lostWrites }
        #expect(lost.allSatisfy { $0.summary?.mean == 3 && $0.summary?.count == 3 })
    }
}
