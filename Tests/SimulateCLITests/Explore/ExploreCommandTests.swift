import Foundation
import Testing
import TestSupport

/// End-to-end: `simulate explore` with the built executable: the failing
/// seeds and their replays, the shrunk files and what `check` says of
/// them, and the exit statuses.
struct ExploreCommandTests {
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    static func failLine(_ path: String, seed: UInt64) -> String {
        "FAIL  seed \(seed)  dedupe  duplicates.peak = 0, actual 1  replay: simulate explore \(path) --seeds \(seed)..\(seed)"
    }

    @Test func failingSeedsAreReplayedAndShrunkIntoFilesThatCheckFails() async throws {
        let folder = try ScenarioCommandTests.folder(["late-create.json5": ExploreFixtures.lateCreate])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("late-create.json5").path
        let out = folder.appendingPathComponent("shrunk").path

        let output = try await SimulateProcess.run(["explore", path, "--seeds", "1..6", "--shrink", "--out", out, "--check-invariants", "--quiet"])
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr == "")
        let all = Self.lines(output.stdout)
        try #require(all.count == 8, "\(output.stdout)")
        #expect(all[0] == "explore late-create: seeds 1..6, nemesis every=300ms,until=1s,partition=0.5,crash=0.2, checking expectations, liveness and invariants")
        let lines = Array(all.dropFirst())
        #expect(Array(lines[0 ..< 3]) == [3, 4, 5].map { Self.failLine(path, seed: $0) })
        for (line, seed) in zip(lines[3 ..< 6], [3, 4, 5]) {
            let shape = #/SHRUNK  seed (\d+)  dedupe  (\d+) runs: steps 5 → (\d+), replicas 3 → (\d+), imported records 20 → 0, random operations 15 → 0, bytes (\d+) → (\d+)  replay: simulate check (.+)/#
            let match = try #require(line.wholeMatch(of: shape), "\(line)")
            #expect(match.1 == "\(seed)")
            #expect(Int(match.2)! > 1)
            #expect(Int(match.3)! < 5 || Int(match.4)! < 3)
            #expect(Int(match.6)! < Int(match.5)!)
            #expect(match.7 == "\(out)/late-create-seed-\(seed).json5")
        }
        #expect(lines[6] == "3 passed, 3 failed")

        // The replay runs exactly that seed's schedule again.
        let replay = try await SimulateProcess.run(["explore", path, "--seeds", "4..4"])
        #expect(replay.status == 1)
        #expect(Array(Self.lines(replay.stdout).dropFirst()) == [Self.failLine(path, seed: 4), "0 passed, 1 failed"])

        // The shrunk file is a plain scenario: check fails it, run reports it.
        let shrunk = "\(out)/late-create-seed-3.json5"
        let text = try String(contentsOfFile: shrunk, encoding: .utf8)
        #expect(text.hasPrefix("// Shrunk by `simulate explore --shrink` from \(path), seed 3.\n"))
        #expect(text.contains("// Replay: simulate check \(shrunk)\n"))
        #expect(!text.contains("nemesis:"))
        let check = try await SimulateProcess.run(["check", shrunk])
        #expect(check.status == 1)
        #expect(Self.lines(check.stdout) == [
            "FAIL  late-create-seed-3  dedupe  duplicates.peak  = 0  1",
            "      replay: simulate run \(shrunk) --seed 3 --strategies dedupe",
            "0 passed, 1 failed",
        ])
        let run = try await SimulateProcess.run(["run", shrunk, "--no-timing"])
        #expect(run.status == 1, "run exits 1 on a failed expectation, as check does")
        #expect(run.stdout.contains("FAIL  late-create-seed-3  dedupe  duplicates.peak  = 0  1\n"))
    }

    @Test func theOutputIsTheSameEveryRunAndExitsZeroWhenNothingFails() async throws {
        let folder = try ScenarioCommandTests.folder(["late-create.json5": ExploreFixtures.lateCreate])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("late-create.json5").path

        let passing = try await SimulateProcess.run(["explore", path, "--seeds", "1,2,6", "--check-invariants", "--quiet"])
        #expect(passing.status == 0)
        #expect(Self.lines(passing.stdout) == [
            "explore late-create: seeds 1,2,6, nemesis every=300ms,until=1s,partition=0.5,crash=0.2, checking expectations, liveness and invariants",
            "3 passed, 0 failed",
        ])
        #expect(passing.stderr == "")

        let arguments = ["explore", path, "--seeds", "1..12", "--nemesis", "every=300ms,partition=0.5,crash=0.2"]
        let first = try await SimulateProcess.run(arguments)
        let second = try await SimulateProcess.run(arguments)
        #expect(first.status == 1)
        #expect(first.stdoutData == second.stdoutData)
        #expect(Self.lines(first.stdout).last == "8 passed, 4 failed")
        // Given settings are spelt out in full in the replay.
        #expect(first.stdout.contains("--seeds 10..10 --nemesis every=300ms,until=1s,partition=0.5,crash=0.2\n"))
    }

    @Test(arguments: [
        (["--seeds", "5..1"], "--seeds expects a range A..B or a comma-separated list of seeds, at most 100000, each a whole number from 0 to 18446744073709551615, got '5..1'"),
        (["--shrink"], "--shrink writes a scenario file per failing seed: give --out DIR"),
        (["--out", "x"], "explore writes files only with --shrink: give --shrink, or leave out --out"),
        (["--nemesis", "drop=0.1"], "--nemesis expects KEY=VALUE,… with keys every and until"),
        (["--nemesis", "until=9s"], "late-create.json5: until: the nemesis's until (9s) is after the end of the run (2s); give --nemesis until=… no later"),
        (["--vary", "x=1"], "simulate explore does not take --vary"),
        (["second.json5"], "simulate explore needs exactly one scenario file"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async throws {
        let folder = try ScenarioCommandTests.folder(["late-create.json5": ExploreFixtures.lateCreate])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("late-create.json5").path
        let output = try await SimulateProcess.run(["explore", path] + arguments)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix("simulate: "))
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func aMissingFileOrNoFileIsAUsageError() async throws {
        let missing = try await SimulateProcess.run(["explore", "/nonexistent/x.json5"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "simulate: /nonexistent/x.json5: no such file\n")
        let none = try await SimulateProcess.run(["explore"])
        #expect(none.status == 2)
        #expect(none.stderr == "simulate: simulate explore needs exactly one scenario file, such as Scenarios/crash-restart.json5\n")
    }

    @Test func helpDescribesExplore() async throws {
        let output = try await SimulateProcess.run(["explore", "--help"])
        #expect(output.status == 0)
        for text in ["simulate explore FILE [--seeds A..B]", "--shrink", "--nemesis SETTINGS", "every=300ms,until=<half the file's until>"] {
            #expect(output.stdout.contains(text), "help lacks \(text)")
        }
    }
}
