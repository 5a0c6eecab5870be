import Foundation
import Testing
import TestSupport

/// `simulate explore` for CI (issue 28, item 4b): one JSON document with
/// the shared envelope, JUnit XML with a timed case per seed, and GitHub
/// annotations on the failing expectation's line.
struct ExploreOutputCommandTests {
    static func lines(_ text: String) -> [String] { ExploreCommandTests.lines(text) }

    static func lateCreate() throws -> (folder: URL, path: String) {
        let folder = try ScenarioCommandTests.folder(["late-create.json5": ExploreFixtures.lateCreate])
        return (folder, folder.appendingPathComponent("late-create.json5").path)
    }

    /// `dedupe duplicates.peak = 0` stands on line 17 of late-create.json5.
    static let expectationLine = 17

    @Test func jsonIsOneDocumentWithEverySeedsVerdictFailuresReplayAndShrunkFile() async throws {
        let (folder, path) = try Self.lateCreate()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("found").path
        let arguments = ["explore", path, "--seeds", "2..4", "--shrink", "--out", out, "--format", "json", "--quiet"]
        let output = try await SimulateProcess.run(arguments)
        #expect(output.status == 1)
        #expect(output.stderr == "")
        let object = try SimulateProcess.parseObject(output.stdout)
        #expect(object["schemaVersion"] as? Int == 3)
        #expect(object["tool"] as? String == "SyncSim")
        #expect(object["toolVersion"] as? String == "0.4.0")
        #expect(object["command"] as? String == "explore")
        #expect(object["file"] as? String == path)
        #expect(object["scenario"] as? String == "late-create")
        #expect(object["nemesis"] as? String == "every=300ms,until=1s,partition=0.5,crash=0.2")
        #expect(object["checksInvariants"] as? Bool == true)
        #expect(object["totals"] as? [String: Int] == ["seeds": 3, "passed": 1, "failed": 2])
        #expect(object["exitStatus"] as? Int == 1)
        #expect(output.stdout.hasPrefix("{\n  \"schemaVersion\": 3,\n  \"tool\": \"SyncSim\",\n  \"toolVersion\": \"0.4.0\",\n  \"command\": \"explore\",\n"))

        let seeds = try #require(object["seeds"] as? [[String: Any]])
        #expect(seeds.map { $0["seed"] as? Int } == [2, 3, 4])
        #expect(seeds.map { $0["verdict"] as? String } == ["passed", "failed", "failed"])
        #expect(seeds.map { $0["replay"] as? String } == (2 ... 4).map { "simulate explore \(path) --seeds \($0)..\($0)" })
        #expect((seeds[0]["failures"] as? [Any])?.isEmpty == true)
        #expect(seeds[0]["shrunk"] == nil)
        let failures = try #require(seeds[1]["failures"] as? [[String: Any]])
        #expect(failures.count == 1)
        #expect(failures[0]["kind"] as? String == "expectation")
        #expect(failures[0]["strategy"] as? String == "dedupe")
        #expect(failures[0]["summary"] as? String == "duplicates.peak = 0, actual 1")
        #expect(failures[0]["metric"] as? String == "duplicates.peak")
        #expect(failures[0]["bound"] as? String == "= 0")
        #expect(failures[0]["equals"] as? Int == 0)
        #expect(failures[0]["actual"] as? Int == 1)
        #expect(failures[0]["line"] as? Int == Self.expectationLine)
        let shrunk = try #require(seeds[1]["shrunk"] as? [String: Any])
        #expect(shrunk["file"] as? String == "\(out)/late-create-seed-3.json5")
        #expect(shrunk["replay"] as? String == "simulate check \(out)/late-create-seed-3.json5")
        #expect(shrunk["smaller"] as? Bool == true)
        #expect(shrunk["runs"] as? Int == 45)
        #expect(shrunk["budgetSpent"] as? Bool == false)
        #expect(shrunk["failure"] as? String == "duplicates.peak = 0, actual 1")
        #expect(shrunk["faultsWrittenOut"] as? Bool == true)
        #expect(shrunk["failureNeedsFaults"] as? Bool == true)
        #expect((shrunk["exploreFaultSteps"] as? [Int])?.isEmpty == false)
        #expect(shrunk["before"] as? [String: Int] == ["steps": 5, "replicas": 3, "importedRecords": 20, "randomOperations": 15, "bytes": 899])
        #expect(shrunk["after"] as? [String: Int] == ["steps": 4, "replicas": 2, "importedRecords": 0, "randomOperations": 0,
                                                      "bytes": 711 + path.utf8.count - "late-create.json5".utf8.count])
        #expect(FileManager.default.fileExists(atPath: "\(out)/late-create-seed-3.json5"))

        // No wall-clock figure: the same explore prints the same bytes.
        let again = try await SimulateProcess.run(arguments)
        #expect(again.stdoutData == output.stdoutData)
    }

    @Test func underGitHubActionsEachFailingSeedIsAnAnnotationOnItsExpectationsLine() async throws {
        let (folder, path) = try Self.lateCreate()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try await SimulateProcess.run(["explore", path, "--seeds", "2..4"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(text.status == 1)
        let annotations = (3 ... 4).map { seed in
            "::error file=\(path),line=\(Self.expectationLine)::late-create seed \(seed): dedupe duplicates.peak = 0, actual 1; "
                + "replay: simulate explore \(path) --seeds \(seed)..\(seed)"
        }
        // After the FAIL lines, before the summary.
        #expect(Array(Self.lines(text.stdout).suffix(3)) == annotations + ["1 passed, 2 failed"])

        // With JSON on stdout, the annotations go to stderr.
        let json = try await SimulateProcess.run(["explore", path, "--seeds", "2..4", "--format", "json", "--quiet"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(json.status == 1)
        #expect(Self.lines(json.stderr) == annotations)
        #expect(!json.stdout.contains("::error"))

        // Without GitHub Actions, none.
        let plain = try await SimulateProcess.run(["explore", path, "--seeds", "2..4"], environment: ["GITHUB_ACTIONS": "false"])
        #expect(!plain.stdout.contains("::error"))

        // A liveness failure has no expectation line: the annotation is on line 1.
        let lossyFolder = try ScenarioCommandTests.folder(["lossy-create.json5": ExploreFixtures.lossyCreate])
        defer { try? FileManager.default.removeItem(at: lossyFolder) }
        let lossy = lossyFolder.appendingPathComponent("lossy-create.json5").path
        let late = try await SimulateProcess.run(["explore", lossy, "--seeds", "1"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(late.status == 1)
        let replay = "simulate explore \(lossy) --seeds 1..1"
        #expect(Self.lines(late.stdout).contains(
            "::error file=\(lossy),line=1::lossy-create seed 1: dedupe liveness failed after the faults: did not quiesce, 1 replica diverged (and 1 more); replay: \(replay)"))
    }

    @Test func junitHasATimedCasePerSeed() async throws {
        let (folder, path) = try Self.lateCreate()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("explore.xml")
        let out = folder.appendingPathComponent("found").path
        let output = try await SimulateProcess.run(["explore", path, "--seeds", "2..4", "--shrink", "--out", out, "--junit", junit.path])
        #expect(output.status == 1)
        let document = try JUnitDocument(try Data(contentsOf: junit))
        #expect(document.root == ["name": "simulate explore", "tests": "3", "failures": "2", "errors": "0"])
        #expect(document.suites.map(\.attributes["name"]) == [path])
        let cases = try #require(document.suites.first?.cases)
        #expect(cases.map(\.attributes["classname"]) == ["late-create", "late-create", "late-create"])
        #expect(cases.map(\.attributes["name"]) == ["seed 2", "seed 3", "seed 4"])
        #expect(cases.map(\.attributes["file"]) == [path, path, path])
        #expect(cases.map(\.attributes["line"]) == [nil, "17", "17"])
        #expect(cases.map { $0.failure == nil } == [true, false, false])
        let times = cases.map { $0.attributes["time"] ?? "none" }
        #expect(times.allSatisfy { $0.wholeMatch(of: #/0|\d+\.\d{3}/#) != nil }, "\(times)")
        let failure = try #require(cases[1].failure)
        let replay = "simulate explore \(path) --seeds 3..3"
        #expect(failure.attributes["message"] == "dedupe duplicates.peak = 0, actual 1; replay: \(replay)")
        #expect(failure.text == "dedupe duplicates.peak = 0, actual 1\nreplay: \(replay)\n"
            + "shrunk: \(out)/late-create-seed-3.json5 (replay: simulate check \(out)/late-create-seed-3.json5)")

        // With --no-timing every time is 0 and the file the same, byte for byte.
        let untimed = try await SimulateProcess.run(["explore", path, "--seeds", "2..4", "--junit", junit.path, "--no-timing"])
        #expect(untimed.status == 1)
        let first = try Data(contentsOf: junit)
        #expect(try JUnitDocument(first).suites.flatMap(\.cases).map { $0.attributes["time"] } == ["0", "0", "0"])
        _ = try await SimulateProcess.run(["explore", path, "--seeds", "2..4", "--junit", junit.path, "--no-timing"])
        #expect(try Data(contentsOf: junit) == first)
        #expect(String(decoding: first, as: UTF8.self).contains(
            #"    <testcase classname="late-create" name="seed 2" file="\#(path)" time="0"/>"#))

        let unwritable = try await SimulateProcess.run(["explore", path, "--seeds", "2", "--junit", folder.appendingPathComponent("no/x.xml").path,
                                                        "--quiet"])
        #expect(unwritable.status == 4)
        #expect(unwritable.stderr == "simulate: cannot write \(folder.appendingPathComponent("no/x.xml").path): No such file or directory\n")
    }

    @Test func exploreRefusesMarkdown() async throws {
        let output = try await SimulateProcess.run(["explore", "x.json5", "--format", "markdown"])
        #expect(output.status == 2)
        #expect(output.stderr == "simulate: --format expects one of table, json, got 'markdown'\n")
    }
}
