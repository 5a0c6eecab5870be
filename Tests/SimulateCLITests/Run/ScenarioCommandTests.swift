import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// End-to-end: `simulate run` and `simulate check` on scenario files, with
/// the built executable.
struct ScenarioCommandTests {
    /// The package root (``PackageRoot``).
    static var packageRoot: URL { PackageRoot.url }

    static var scenarios: String { packageRoot.appendingPathComponent("Scenarios").path }

    static func scenario(_ name: String) -> String { "\(scenarios)/\(name)" }

    /// A fresh folder holding `files` (name → text).
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("scenario-command-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    static let duration = #"expected a duration with a unit such as "250us", "80ms", "2s", "5m", "2h" or "7d""#

    // MARK: check

    @Test func checkOfTheScenarioLibraryPasses() async throws {
        // --quiet: the library takes long enough for a progress line off a terminal.
        let output = try await SimulateProcess.run(["check", Self.scenarios, "--quiet"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr == "")
        let lines = Self.lines(output.stdout)
        let last = try #require(lines.last)
        #expect(last.wholeMatch(of: /\d+ passed, 0 failed/) != nil, "last line: \(last)")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("PASS  ") }, "\(output.stdout)")

        // One line per expectation and strategy it applies to, among the
        // strategies `check` runs (those the expectations name).
        var expected = 0
        for path in try ScenarioFile.expand([Self.scenarios]) {
            let document = try ScenarioFile.load(path)
            let all = document.allExpectations
            let needed = all.contains { $0.strategy == "*" }
                ? document.strategyNames
                : document.strategyNames.filter { name in all.contains { $0.strategy == name } }
            // Every strategy runs once per variant of the preset, and an
            // expectation naming a variant is checked on that one only.
            let variants = max(1, document.scenario.variants.count)
            expected += document.expectations.reduce(0) { $0 + ($1.strategy == "*" ? needed.count : 1) * ($1.variant == nil ? variants : 1) }
            // A value expectation is checked once per replica it names.
            expected += document.valueExpectations.reduce(0) {
                $0 + ($1.strategy == "*" ? needed.count : 1) * $1.replicas.count * ($1.variant == nil ? variants : 1)
            }
            #expect(lines.contains { $0.hasPrefix("PASS  \(document.scenario.name)  ") }, "no line for \(path)")
        }
        #expect(last == "\(expected) passed, 0 failed")
        #expect(lines.count == expected + 1)
    }

    @Test func checkOfAWrongExpectationFailsAndPrintsAReplay() async throws {
        let folder = try Self.folder([
            "wrong.json5": """
            // Importing three users twice under lww gives three duplicates, not 99.
            {
              name: "wrong",
              description: "an expectation that does not hold",
              replicas: 1,
              steps: [
                { at: "0s", on: "all", import: { entity: "User", count: 3 } },
                { at: "1s", on: "all", import: { entity: "User", count: 3 } },
              ],
              strategies: ["lww", "crdt"],
              expect: [
                { strategy: "lww", metric: "duplicates.final", equals: 3 },
                { strategy: "lww", metric: "duplicates.final", equals: 99 },
              ],
            }
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("wrong.json5").path

        let output = try await SimulateProcess.run(["check", folder.path, "--quiet"])
        #expect(output.status == 1)
        #expect(output.stderr == "")
        #expect(Self.lines(output.stdout) == [
            "PASS  wrong  lww  duplicates.final  = 3   3",
            "FAIL  wrong  lww  duplicates.final  = 99  3",
            "      replay: simulate run \(path) --seed 1 --strategies lww",
            "1 passed, 1 failed",
        ])

        // The seed given is the seed replayed; the file can also be named directly.
        let seeded = try await SimulateProcess.run(["check", path, "--seed", "8"])
        #expect(seeded.status == 1)
        #expect(seeded.stdout.contains("FAIL  wrong  lww  duplicates.final  = 99  3\n"))
        #expect(seeded.stdout.contains("      replay: simulate run \(path) --seed 8 --strategies lww\n"))
        #expect(seeded.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func aMalformedScenarioFileIsAUsageErrorAndCheckRunsTheOthers() async throws {
        let folder = try Self.folder([
            "a-good.json5": #"{ name: "good", replicas: 1, expect: [{ strategy: "lww", metric: "diverged", equals: 0 }] }"#,
            "bad.json5": #"{ name: "bad", steps: [{ at: "0s", heal: true }, { at: "10", heal: true }] }"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json5").path
        let message = #"simulate: \#(bad): steps[1].at: \#(Self.duration), found "10""# + "\n"

        for arguments in [["run", bad], ["run", bad, "--format", "json"], ["run", folder.appendingPathComponent("a-good.json5").path, bad]] {
            let output = try await SimulateProcess.run(arguments)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stdout == "", "nothing runs when a file is bad: \(arguments)")
            #expect(output.stderr == message, "\(arguments)")
        }

        // check reports the bad file as an error, runs the others, and exits 2 at the end.
        let check = try await SimulateProcess.run(["check", folder.path, "--quiet"])
        #expect(check.status == 2)
        #expect(check.stderr == "")
        #expect(Self.lines(check.stdout) == [
            "PASS  good  lww  diverged  = 0  0",
            "ERROR  " + message.dropFirst("simulate: ".count).dropLast(),
            "1 passed, 0 failed, 1 error",
        ])
    }

    @Test func checkOfAMissingPathOrAnEmptyFolderIsAUsageError() async throws {
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = try await SimulateProcess.run(["check", folder.path, "--quiet"])
        #expect(empty.status == 2)
        #expect(empty.stdout == "")
        #expect(empty.stderr == "simulate: \(folder.path): no .json5 files in this folder\n")

        let missing = folder.appendingPathComponent("nope.json5").path
        let output = try await SimulateProcess.run(["run", missing])
        #expect(output.status == 2)
        #expect(output.stderr == "simulate: \(missing): no such file or folder\n")
    }

    // MARK: run

    @Test func runPrintsOneJSONObjectWithTheExpectations() async throws {
        let path = Self.scenario("default.json5")
        let output = try await SimulateProcess.run(["run", path, "--format", "json", "--no-timing"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        let object = try SimulateProcess.parseReport(output.stdout)
        #expect(object["file"] as? String == path)
        #expect(object["scenario"] as? String == "default")
        #expect((object["seed"] as? NSNumber)?.intValue == 1)
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.map { $0["strategy"] as? String } == StrategyCatalog.defaultNames)
        let expectations = try #require(object["expectations"] as? [[String: Any]])
        let document = try ScenarioFile.load(path)
        #expect(expectations.count == document.expectations.count)
        for (json, expectation) in zip(expectations, document.expectations) {
            #expect(json["strategy"] as? String == expectation.strategy)
            #expect(json["metric"] as? String == expectation.metric.rawValue)
            #expect(json["actual"] is NSNumber)
            #expect(json["passed"] as? Bool == true)
        }
        let first = try #require(expectations.first)
        #expect(first["strategy"] as? String == "lww")
        #expect(first["metric"] as? String == "duplicates.final")
        #expect((first["equals"] as? NSNumber)?.intValue == 400)
        #expect((first["actual"] as? NSNumber)?.intValue == 400)
        #expect(Set(first.keys) == ["strategy", "metric", "equals", "actual", "passed"])
        let peak = try #require(expectations.first { $0["metric"] as? String == "duplicates.peak" && $0["strategy"] as? String == "dedupe" })
        #expect((peak["min"] as? NSNumber)?.intValue == 100)
        #expect(Set(peak.keys) == ["strategy", "metric", "min", "actual", "passed"])
        #expect(!output.stdout.contains("wall"), "--no-timing leaves out wall-clock figures")
    }

    @Test func runOfTwoFilesPrintsTheSameShapeWithTwoReports() async throws {
        let paths = [Self.scenario("import-twice.json5"), Self.scenario("lww-granularity.json5")]
        let output = try await SimulateProcess.run(["run"] + paths + ["--format", "json", "--no-timing"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        let array = try #require(try SimulateProcess.parseObject(output.stdout)["reports"] as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array.map { $0["file"] as? String } == paths)
        #expect(array.map { $0["scenario"] as? String } == ["import-twice", "lww-granularity"])
        for report in array {
            let expectations = try #require(report["expectations"] as? [[String: Any]])
            #expect(!expectations.isEmpty)
            #expect(expectations.allSatisfy { $0["passed"] as? Bool == true })
        }
        // lww-granularity names its strategies; run reports exactly those.
        let results = try #require(array[1]["results"] as? [[String: Any]])
        #expect(results.map { $0["strategy"] as? String } == ["lww", "lww:field", "crdt"])
    }

    @Test func runOfAFileWithTheStrategiesOptionReportsThose() async throws {
        let path = Self.scenario("import-twice.json5")
        let output = try await SimulateProcess.run(["run", path, "--strategies", "crdt,lww", "--format", "json", "--no-timing", "--seed", "5"])
        #expect(output.status == 0)
        let object = try SimulateProcess.parseReport(output.stdout)
        #expect((object["seed"] as? NSNumber)?.intValue == 5)
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.map { $0["strategy"] as? String } == ["crdt", "lww"])
        // Expectations are checked against the strategies that ran.
        let expectations = try #require(object["expectations"] as? [[String: Any]])
        #expect(expectations.map { $0["strategy"] as? String } == ["lww", "crdt"])
    }

    // MARK: Usage errors

    @Test func runWithoutAFileIsAUsageError() async throws {
        let output = try await SimulateProcess.run(["run"])
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "simulate: simulate run needs at least one scenario file, such as Scenarios/default.json5\n")

        let check = try await SimulateProcess.run(["check"])
        #expect(check.status == 2)
        #expect(check.stderr == "simulate: simulate check needs at least one scenario file or folder, such as Scenarios\n")
    }

    @Test func checkDoesNotTakeReplicasOrTableOptions() async throws {
        let output = try await SimulateProcess.run(["check", "--replicas", "3"])
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "simulate: simulate check does not take --replicas; it takes --seed, --engine, --preset, --set, --store, --format, --junit, --no-timing, --out, --filter, --fail-fast, --quiet, --check-invariants, --max-events, --max-memory, --allow-large, --help\n")

        let concurrency = try await SimulateProcess.run(["check", Self.scenarios, "--concurrency", "dispatch"])
        #expect(concurrency.status == 2)
        #expect(concurrency.stderr == "simulate: simulate check does not take --concurrency; it takes --seed, --engine, --preset, --set, --store, --format, --junit, --no-timing, --out, --filter, --fail-fast, --quiet, --check-invariants, --max-events, --max-memory, --allow-large, --help\n")

        let replicas = try await SimulateProcess.run(["run", Self.scenario("default.json5"), "--replicas", "3"])
        #expect(replicas.status == 2)
        #expect(replicas.stderr == "simulate: simulate run does not take --replicas; it takes --seed, --engine, --preset, --set, --strategies, --format, --no-timing, --store, --concurrency, --out, --quiet, --check-invariants, --max-events, --max-memory, --allow-large, --help\n")
    }
}
