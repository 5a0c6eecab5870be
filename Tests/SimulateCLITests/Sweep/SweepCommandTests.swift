import Foundation
import Testing

/// `simulate sweep` and `simulate merge`, end to end: shards merged give the
/// unsharded sweep's files byte for byte.
struct SweepCommandTests {
    static let arguments = ["sweep", "Scenarios/lww-granularity.json5", "--vary", "network.drop=0,0.3", "--vary", "sync.fanout=1,2",
                            "--seeds", "1..4", "--strategies", "lww,crdt", "--quiet"]

    @Test func mergedShardsEqualTheUnshardedSweepByteForByte() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("syncsim-sweep-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let whole = root.appendingPathComponent("whole").path
        let parts = root.appendingPathComponent("parts").path
        let merged = root.appendingPathComponent("merged").path

        let unsharded = try await SimulateProcess.run(Self.arguments + ["--out", whole])
        #expect(unsharded.status == 0, "\(unsharded.stderr)")
        for shard in 1 ... 3 {
            let part = try await SimulateProcess.run(Self.arguments + ["--shard", "\(shard)/3", "--out", parts])
            #expect(part.status == 0, "\(part.stderr)")
        }
        let partFiles = (1 ... 3).map { "\(parts)/sweep-part-\($0)-of-3.json" }
        let merge = try await SimulateProcess.run(["merge"] + partFiles + ["--out", merged])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout == unsharded.stdout)
        for name in ["sweep.csv", "sweep-runs.csv", "sweep.json", "sweep.md", "sweep.html"] {
            let a = FileManager.default.contents(atPath: "\(whole)/\(name)")
            let b = FileManager.default.contents(atPath: "\(merged)/\(name)")
            #expect(a != nil && a == b, "\(name) differs")
        }

        let missing = try await SimulateProcess.run(["merge", partFiles[0], partFiles[2], "--out", merged])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("each shard must be given once"))
    }

    @Test(arguments: [
        (["sweep", "Scenarios/default.json5"], "simulate sweep needs at least one --vary PATH=V1,V2,…"),
        (["sweep", "Scenarios/default.json5", "--vary", "network.drop"], "--vary expects PATH=V1,V2,… such as network.drop=0,0.1,0.2, got 'network.drop'"),
        (["sweep", "Scenarios/default.json5", "--vary", "x=1", "--seeds", "5..2"], "--seeds expects a range A..B or a comma-separated list of seeds, at most 100000, each a whole number from 0 to 18446744073709551615, got '5..2'"),
        (["sweep", "Scenarios/default.json5", "--vary", "x=1", "--shard", "4/3"], "--shard expects K/N with 1 ≤ K ≤ N, such as 2/8, got '4/3'"),
        (["sweep", "Scenarios/default.json5", "--vary", "x=1", "--shard", "1/3"], "--shard writes a part file: give --out DIR"),
        // A typo in a --vary path is the command line's, not the file's.
        (["sweep", "Scenarios/default.json5", "--vary", "network.dorp=1", "--seeds", "1"],
         "--vary network.dorp: unknown key 'dorp'; allowed: drop, duplicate, reorder, delay, links; did you mean 'drop'?"),
        (["sweep", "Scenarios/default.json5", "--vary", "network.drop=0,2", "--seeds", "1"], "--vary network.drop: expected a probability from 0 to 1, found 2"),
        (["merge", "nope.json", "--out", "/tmp/x"], "nope.json: no such file"),
    ])
    func badSweepArguments(_ arguments: [String], _ message: String) async throws {
        let output = try await SimulateProcess.run(arguments)
        #expect(output.status == 2)
        #expect(output.stderr == "simulate: \(message)\n")
    }
}
