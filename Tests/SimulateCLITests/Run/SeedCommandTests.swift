import Foundation
import SyncScenarioFile
import Testing
import TestSupport

/// Issue 28, item 14, through the built executable: one seed range, every
/// UInt64, in `--seed`, `--seeds` and a file's `seed`, for every command;
/// a seed out of range is blamed on the command line.
struct SeedCommandTests {
    static func lines(_ text: String) -> [String] { ExploreCommandTests.lines(text) }

    /// Seeds at and above 2^63 run, replay and shrink as any other; before,
    /// explore refused them with "seed: … found -1", blamed on the file.
    @Test func seedsAboveTwoToTheSixtyThirdRunReplayAndShrink() async throws {
        let folder = try ScenarioCommandTests.folder(["late-create.json5": ExploreFixtures.lateCreate])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("late-create.json5").path
        let out = folder.appendingPathComponent("found").path

        // --quiet: past 10 s on a busy machine explore prints a progress line,
        // which is not what the empty stderr below is about.
        let range = try await SimulateProcess.run(["explore", path, "--seeds", "18446744073709551613..18446744073709551615", "--quiet"])
        #expect(range.status == 1)
        #expect(range.stderr == "")
        #expect(Self.lines(range.stdout) == [
            "explore late-create: seeds 18446744073709551613..18446744073709551615, nemesis every=300ms,until=1s,partition=0.5,crash=0.2, checking expectations, liveness and invariants",
            ExploreCommandTests.failLine(path, seed: 18446744073709551613),
            ExploreCommandTests.failLine(path, seed: 18446744073709551614),
            "1 passed, 2 failed",
        ])
        let list = try await SimulateProcess.run(["explore", path, "--seeds", "9223372036854775808,18446744073709551615,3"])
        #expect(list.status == 1)
        #expect(Self.lines(list.stdout).last == "1 passed, 2 failed")
        #expect(list.stdout.contains("--seeds 9223372036854775808..9223372036854775808\n"))

        let shrink = try await SimulateProcess.run(["explore", path, "--seeds", "18446744073709551613", "--shrink", "--out", out])
        #expect(shrink.status == 1)
        let shrunk = "\(out)/late-create-seed-18446744073709551613.json5"
        #expect(try String(contentsOfFile: shrunk, encoding: .utf8).contains("\n  seed: 18446744073709551613,\n"))
        let check = try await SimulateProcess.run(["check", shrunk])
        #expect(check.status == 1)
        #expect(Self.lines(check.stdout) == [
            "FAIL  late-create-seed-18446744073709551613  dedupe  duplicates.peak  = 0  1",
            "      replay: simulate run \(shrunk) --seed 18446744073709551613 --strategies dedupe",
            "0 passed, 1 failed",
        ])
    }

    /// One range and one message for `--seed` and `--seeds`, in every
    /// command that takes them; the command line is blamed, never the file.
    @Test(arguments: [
        (["explore", "FILE", "--seeds", "18446744073709551616"], "--seeds", "18446744073709551616"),
        (["explore", "FILE", "--seeds", "0..18446744073709551615"], "--seeds", "0..18446744073709551615"),
        (["explore", "FILE", "--seeds", "-1"], "--seeds", "-1"),
        (["sweep", "FILE", "--vary", "replicas=2", "--seeds", "1,18446744073709551616"], "--seeds", "1,18446744073709551616"),
        (["run", "FILE", "--seed", "18446744073709551616"], "--seed", "18446744073709551616"),
        (["check", "FILE", "--seed", "+1"], "--seed", "+1"),
    ])
    func aSeedOutOfRangeIsBlamedOnTheCommandLine(arguments: [String], option: String, value: String) async throws {
        let folder = try ScenarioCommandTests.folder(["late-create.json5": ExploreFixtures.lateCreate])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("late-create.json5").path
        let output = try await SimulateProcess.run(arguments.map { $0 == "FILE" ? path : $0 })
        #expect(output.status == 2)
        #expect(output.stdout == "")
        let allowed = option == "--seed"
            ? "a whole number from 0 to 18446744073709551615"
            : "a range A..B or a comma-separated list of seeds, at most 100000, each a whole number from 0 to 18446744073709551615"
        #expect(output.stderr == "simulate: \(option) expects \(allowed), got '\(value)'\n")
    }

    /// `run`, `sweep` and a file's own `seed` take the same largest seed.
    @Test func everyCommandTakesTheLargestSeed() async throws {
        let text = ExploreFixtures.lateCreate.replacingOccurrences(of: "  replicas: 3,", with: "  replicas: 3,\n  seed: 18446744073709551615,")
        let folder = try ScenarioCommandTests.folder(["late-create.json5": ExploreFixtures.lateCreate, "seeded.json5": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("late-create.json5").path
        let seeded = folder.appendingPathComponent("seeded.json5").path

        let run = try await SimulateProcess.run(["run", path, "--seed", "18446744073709551615", "--format", "json", "--no-timing"])
        #expect(run.status == 0)
        let fromFile = try await SimulateProcess.run(["run", seeded, "--format", "json", "--no-timing"])
        #expect(fromFile.status == 0)
        let report = try SimulateProcess.parseReport(run.stdout)
        let fileReport = try SimulateProcess.parseReport(fromFile.stdout)
        #expect(run.stdout.contains(#""seed": 18446744073709551615,"#))
        #expect(fromFile.stdout.contains(#""seed": 18446744073709551615,"#))
        #expect((report["results"] as? [[String: Any]])?.map { $0["endSeconds"] as? Double }
            == (fileReport["results"] as? [[String: Any]])?.map { $0["endSeconds"] as? Double })
        let sweep = try await SimulateProcess.run(["sweep", path, "--vary", "replicas=3", "--seeds", "18446744073709551614..18446744073709551615", "--quiet"])
        #expect(sweep.status == 0)
        #expect(sweep.stdout.hasPrefix("## Sweep · scenario late-create · 2 seeds per point\n"))
    }
}
