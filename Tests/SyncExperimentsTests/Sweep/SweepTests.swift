import Foundation
import SyncExperiments
import SyncScenarioFile
import SyncSimulation
import Testing

/// The sweep engine: the grid, overrides by path, and that a sweep split
/// into shards gives the same figures as one run.
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

    @Test func overridesSetTheValueAtThePath() throws {
        let plan = try Self.plan()
        let document = try ScenarioFile.parse(plan.data, file: "f.json5", seed: 1,
                                              overrides: [("network.drop", "0.3"), ("sync.fanout", "2"), ("steps[1].at", "600ms")])
        #expect(document.scenario.network.dropProbability == Probability(0.3))
        #expect(document.scenario.sync.fanout == 2)
        let bad = #expect(throws: ScenarioFileError.self) {
            try ScenarioFile.parse(plan.data, file: "f.json5", seed: 1, overrides: [("steps[99].at", "1s")])
        }
        #expect(bad?.description == "--vary steps[99].at: the document has no such place to set")
        let typo = #expect(throws: ScenarioFileError.self) {
            try ScenarioFile.parse(plan.data, file: "f.json5", seed: 1, overrides: [("network.dorp", "0.1")])
        }
        #expect(typo?.description == "--vary network.dorp: unknown key 'dorp'; allowed: drop, duplicate, reorder, delay, links; did you mean 'drop'?")
    }

    /// A fault in what `--vary` wrote is the command line's: a key the file
    /// does not have and may not (a typo), or the value. A fault the file
    /// had anyway still names the file.
    @Test func anOverridesFaultBlamesTheCommandLine() throws {
        let data = Data(#"{ name: "x", replicas: 2 }"#.utf8)
        func failure(_ overrides: [(path: String, value: String)], _ data: Data = data) -> ScenarioFileError? {
            #expect(throws: ScenarioFileError.self) { try ScenarioFile.parse(data, file: "f.json5", seed: 1, overrides: overrides) }
        }
        // The file has no `network`: `netwrk` is refused with the top level's keys.
        let top = failure([("netwrk.drop", "0.1")])
        #expect(top?.argument == "--vary netwrk.drop")
        #expect(top?.file == "f.json5")
        #expect(top?.path == "netwrk")
        #expect(top?.description.hasPrefix("--vary netwrk.drop: unknown key 'netwrk'; allowed: name, description, replicas,") == true)
        #expect(top?.description.hasSuffix("; did you mean 'network'?") == true)
        // `network` may be added; `drp` in it may not.
        #expect(failure([("network.drp", "0.1")])?.description
            == "--vary network.drp: unknown key 'drp'; allowed: drop, duplicate, reorder, delay, links; did you mean 'drop'?")
        #expect(failure([("network.drop", "2")])?.description == "--vary network.drop: expected a probability from 0 to 1, found 2")
        #expect(failure([("replicas", "0")])?.description == "--vary replicas: expected a whole number from 1 to 500, found 0")
        #expect(failure([("network..drop", "0")])?.description == "--vary network..drop: not a path such as network.drop or steps[1].import.count")
        #expect(failure([("engine", "peeer")])?.description == "--vary engine: cannot run under engine 'peeer'; engines: peer, cloudkit; did you mean peer?")
        // The second override is at fault, not the first.
        #expect(failure([("network.drop", "0.1"), ("sync.evry", "1s")])?.argument == "--vary sync.evry")
        // The file's own fault, elsewhere: the file is named.
        let broken = Data(#"{ name: "x", sync: { evry: "1s" } }"#.utf8)
        let own = failure([("network.drop", "0.1")], broken)
        #expect(own?.argument == nil)
        #expect(own?.description == "f.json5: sync.evry: unknown key 'evry'; allowed: every, jitter, fanout; did you mean 'every'?")
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
