import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// Issue 28, item 2, through the built executable: a shrunk file keeps
/// what made the original fail (it fails on explore's faults and passes
/// without them), and the original is written when nothing smaller does.
struct ExploreShrinkCommandTests {
    static func lines(_ text: String) -> [String] { ExploreCommandTests.lines(text) }

    /// `file` without the steps at `indices`, written next to it as `name`.
    static func withoutSteps(_ indices: [Int], of file: String, as name: String) throws -> String {
        let document = try JSON5Value.parse(try String(contentsOfFile: file, encoding: .utf8))
        let steps = (document["steps"]?.arrayItems ?? []).enumerated().filter { !indices.contains($0.offset) }.map(\.element)
        let path = (file as NSString).deletingLastPathComponent + "/" + name
        try Data(document.setting("steps", to: .array(steps)).rendered().utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Before the fix this printed `steps 4 → 0, replicas 3 → 1, imported
    /// records 30 → 0` for both seeds, and the files failed with 0
    /// duplicates and no fault at all.
    @Test func aFailureThatNeedsItsFaultsIsShrunkToAFileThatStillNeedsThem() async throws {
        let folder = try ScenarioCommandTests.folder(["offline-import.json5": ExploreFixtures.offlineImport])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("offline-import.json5").path
        let out = folder.appendingPathComponent("found").path

        let output = try await SimulateProcess.run(["explore", path, "--seeds", "4..5", "--shrink", "--out", out, "--quiet"])
        #expect(output.status == 1)
        #expect(output.stderr == "")
        // The file's description names the explored file: 529 bytes when it is "offline-import.json5".
        let sizes = "steps 4 → 3, replicas 3 → 3, imported records 30 → 30, random operations 0 → 0, bytes 594 → \(529 + path.utf8.count - 20)"
        #expect(Self.lines(output.stdout) == [
            "explore offline-import: seeds 4..5, nemesis every=300ms,until=2s,partition=0.5,crash=0.2, checking expectations, liveness and invariants",
            "FAIL  seed 4  lww  duplicates.final = 20, actual 10  replay: simulate explore \(path) --seeds 4..4",
            "FAIL  seed 5  lww  duplicates.final = 20, actual 10  replay: simulate explore \(path) --seeds 5..5",
            "SHRUNK  seed 4  lww  103 runs: \(sizes)  replay: simulate check \(out)/offline-import-seed-4.json5",
            "SHRUNK  seed 5  lww  107 runs: \(sizes)  replay: simulate check \(out)/offline-import-seed-5.json5",
            "0 passed, 2 failed",
        ])
        let shrunk = "\(out)/offline-import-seed-4.json5"
        let text = try String(contentsOfFile: shrunk, encoding: .utf8)
        #expect(text.contains("""
          steps: [{ at: "0s", crash: "r2" }, { at: "100ms", on: "all", import: { entity: "User", count: 10 } }, { at: "300ms", restart: "r2" }],
        """))
        #expect(text.contains("// Explore's faults: steps[0], steps[2]. Without them this file passes, as \(path) does with seed 4.\n"))

        let check = try await SimulateProcess.run(["check", shrunk])
        #expect(check.status == 1)
        #expect(Self.lines(check.stdout) == [
            "FAIL  offline-import-seed-4  lww  duplicates.final  = 20  10",
            "      replay: simulate run \(shrunk) --seed 4 --strategies lww",
            "0 passed, 1 failed",
        ])
        let calm = try await SimulateProcess.run(["check", try Self.withoutSteps([0, 2], of: shrunk, as: "calm.json5")])
        #expect(calm.status == 0)
        #expect(Self.lines(calm.stdout) == ["PASS  offline-import-seed-4  lww  duplicates.final  = 20  20", "1 passed, 0 failed"])
    }

    /// The property the issue asks for: on every failing seed of 1…20, the
    /// shrunk file fails with explore's faults and passes without them
    /// (`exploreFaultSteps` in the JSON says where they stand).
    @Test func noShrunkFileFailsWithoutTheFaults() async throws {
        let folder = try ScenarioCommandTests.folder(["offline-import.json5": ExploreFixtures.offlineImport])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("offline-import.json5").path
        let out = folder.appendingPathComponent("found").path

        let output = try await SimulateProcess.run(["explore", path, "--seeds", "1..20", "--shrink", "--out", out, "--format", "json", "--quiet"])
        #expect(output.status == 1)
        let seeds = try #require(try SimulateProcess.parseObject(output.stdout)["seeds"] as? [[String: Any]])
        let shrunk = seeds.compactMap { $0["shrunk"] as? [String: Any] }
        #expect(seeds.filter { $0["verdict"] as? String == "failed" }.map { $0["seed"] as? Int } == [4, 5, 11, 13, 14, 17, 20])
        try #require(shrunk.count == 7)
        for (index, file) in shrunk.enumerated() {
            let shrunkPath = try #require(file["file"] as? String)
            let faults = try #require(file["exploreFaultSteps"] as? [Int])
            #expect(file["failureNeedsFaults"] as? Bool == true && file["smaller"] as? Bool == true)
            #expect(!faults.isEmpty)
            let withFaults = try await SimulateProcess.run(["check", shrunkPath])
            #expect(withFaults.status == 1, "\(shrunkPath) passes with explore's faults")
            let without = try await SimulateProcess.run(["check", try Self.withoutSteps(faults, of: shrunkPath, as: "calm-\(index).json5")])
            #expect(without.status == 0, "\(shrunkPath) fails without explore's faults:\n\(without.stdout)")
        }
    }

    /// Nothing smaller keeps pair-import's failure and passes without the
    /// crash: it says so and writes the scenario as explored.
    @Test func whenNoSmallerFileKeepsTheFailureItSaysSoAndWritesTheOriginal() async throws {
        let folder = try ScenarioCommandTests.folder(["pair-import.json5": ExploreFixtures.pairImport])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pair-import.json5").path
        let out = folder.appendingPathComponent("found").path

        let output = try await SimulateProcess.run(["explore", path, "--seeds", "1", "--nemesis", ExploreFixtures.pairImportNemesis,
                                                    "--shrink", "--out", out])
        #expect(output.status == 1)
        let nemesis = "every=1s,until=1s,partition=0.0,crash=1.0"
        #expect(Self.lines(output.stdout) == [
            "explore pair-import: seeds 1, nemesis \(nemesis), checking expectations, liveness and invariants",
            "FAIL  seed 1  lww  duplicates.final = 1, actual 0  replay: simulate explore \(path) --seeds 1..1 --nemesis \(nemesis)",
            "SHRUNK  seed 1  lww  16 runs: no smaller file keeps this failure; wrote the scenario as explored  replay: simulate check \(out)/pair-import-seed-1.json5",
            "0 passed, 1 failed",
        ])
        let shrunk = "\(out)/pair-import-seed-1.json5"
        let text = try String(contentsOfFile: shrunk, encoding: .utf8)
        #expect(Array(Self.lines(text)[3 ... 5]) == [
            "// No smaller file keeps this failure: this is the scenario as explored, cut to the failing strategy and expectation.",
            "// The fault schedule is still the nemesis step, drawn from this file's seed.",
            "// Explore's faults: steps[1]. Without them this file passes, as \(path) does with seed 1.",
        ])
        #expect(text.contains(#"    { at: "0s", nemesis: { every: "1s", until: "1s", partition: 0.0, crash: 1.0 } },"#))
        let check = try await SimulateProcess.run(["check", shrunk])
        #expect(check.status == 1)
        #expect(Self.lines(check.stdout).first == "FAIL  pair-import-seed-1  lww  duplicates.final  = 1  0")
        let calm = try await SimulateProcess.run(["check", try Self.withoutSteps([1], of: shrunk, as: "calm.json5")])
        #expect(calm.status == 0)
    }
}
