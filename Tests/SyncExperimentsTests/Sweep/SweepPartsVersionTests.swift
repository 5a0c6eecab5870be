import Foundation
@testable import SyncExperiments
import SyncReport
import SyncSimulation
import Testing

/// Sweep parts record the tool's version, and parts of different versions
/// never merge: their figures could come from different code.
struct SweepPartsVersionTests {
    static func part(shard: Int, toolVersion: String) -> SweepParts.Part {
        SweepParts.Part(file: "s.json5", fileDigest: "d", toolVersion: toolVersion,
                        parameters: [SweepParameter(path: "network.drop", values: ["0"])], seeds: [1, 2], shard: shard, shards: 2,
                        runs: Sweep.Runs(scenario: "s", strategies: ["lww"],
                                         values: [shard - 1: [Array(repeating: 0, count: Metric.allCases.count)]]))
    }

    @Test func aPartRecordsTheToolVersion() {
        let plan = Sweep.Plan(file: "s.json5", data: Data(), parameters: [SweepParameter(path: "network.drop", values: ["0"])],
                              seeds: [1], strategies: ["lww"])
        let json = SweepParts.json(plan: plan, runs: Sweep.Runs(scenario: "s", strategies: ["lww"], values: [:]), shard: 1, of: 1)
        guard case .object(let members) = json else {
            Issue.record("a part is not an object")
            return
        }
        #expect(members.first { $0.key == "toolVersion" }?.value == .string(ToolVersion.current))
    }

    @Test func partsOfOneVersionMerge() throws {
        let merged = try SweepParts.merge([Self.part(shard: 1, toolVersion: "0.3.0"), Self.part(shard: 2, toolVersion: "0.3.0")],
                                          paths: ["a", "b"])
        #expect(merged.runs.values.count == 2)
    }

    @Test func partsOfDifferentVersionsDoNotMerge() {
        #expect(throws: SweepParts.ReadError.self) {
            try SweepParts.merge([Self.part(shard: 1, toolVersion: "0.3.0"), Self.part(shard: 2, toolVersion: "0.4.0")], paths: ["a", "b"])
        }
        do {
            _ = try SweepParts.merge([Self.part(shard: 1, toolVersion: "0.3.0"), Self.part(shard: 2, toolVersion: "")], paths: ["a", "b"])
        } catch {
            #expect(error.description == "b: was written by an unversioned simulate, a by simulate 0.3.0; run every shard with one version")
        }
    }
}
