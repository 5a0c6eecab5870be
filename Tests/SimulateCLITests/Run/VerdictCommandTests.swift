import Foundation
import Testing
import TestSupport

/// Issue 28, through the built binary: a run `--max-events` stopped is
/// partial, not a liveness failure, and exits 0; a device whose sync stays
/// off, or whose offline saves are never uploaded, breaks no promise; CSV
/// names every verdict.
struct VerdictCommandTests {
    static let clockSkew = "Scenarios/clock-skew.json5"

    /// The package root, where `Scenarios/` is.
    static var packageRoot: URL { PackageRoot.url }

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verdicts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// r3 has sync off and saves categories r1 also imports; with
    /// `neverUploaded` it turns sync on at 3 s and uploads none of them.
    static func scopeFile(in folder: URL, neverUploaded: Bool) throws -> String {
        let file = folder.appendingPathComponent(neverUploaded ? "never-uploaded.json5" : "stays-off.json5")
        try Data("""
        { name: "\(neverUploaded ? "never-uploaded" : "stays-off")", replicas: 3, until: "30s", syncOff: ["r3"],
          syncOffSaves: "\(neverUploaded ? "neverUploaded" : "uploaded")",
          schema: { entities: [ { name: "Category", fields: ["name", "colour"], unique: [["name"]] } ] },
          steps: [
            { at: "10ms", on: "r1", import: { entity: "Category", count: 5, values: { name: "category{n}", colour: ["grey"] } } },
            { at: "20ms", on: "r3", import: { entity: "Category", count: 7, values: { name: "category{n}", colour: ["red", "blue"] } } },
            \(neverUploaded ? #"{ at: "3s", on: "r3", enableSync: true },"# : "")
          ],
          strategies: ["lww", "lww:field", "dedupe", "crdt", "keyid", "unique:error"],
          expect: [ { strategy: "*", metric: "liveness", equals: 1 } ],
        }
        """.utf8).write(to: file)
        return file.path
    }

    @Test func maxEventsMakesARunPartialNotFailed() async throws {
        let path = Self.packageRoot.appendingPathComponent(Self.clockSkew).path
        let output = try await SimulateProcess.run(["run", path, "--max-events", "50", "--no-timing"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "partial (every run stopped at --max-events 50) · SyncSim · scenario clock-skew · seed 1 · 2 replicas · memory store")
        #expect(!output.stdout.contains("LIVENESS FAILURE"))
        #expect(!output.stdout.contains("µs"))
        #expect(lines.contains("warning: lww stopped at --max-events 50 at 0.890969 s of virtual time, before sync finished: "
            + "its figures are partial; its liveness and expectations are not judged"))
        let checks = lines.filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") || $0.hasPrefix("SKIP") }
        #expect(checks.count == 8 && checks.allSatisfy { $0.hasPrefix("SKIP") && $0.contains("not judged") })

        let json = try await SimulateProcess.run(["run", path, "--max-events", "50", "--no-timing", "--format", "json"])
        #expect(json.status == 0)
        let document = try SimulateProcess.parseObject(json.stdout)
        let reports = try #require(document["reports"] as? [[String: Any]])
        let results = try #require(reports.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["liveness"] as? String } == Array(repeating: "not judged", count: 4))
        let expectations = try #require(reports.first?["expectations"] as? [[String: Any]])
        #expect(expectations.allSatisfy { $0["judged"] as? Bool == false && $0["passed"] as? Bool == false })
    }

    @Test func partialReportsWrittenWithOut() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = Self.packageRoot.appendingPathComponent(Self.clockSkew).path
        let output = try await SimulateProcess.run(["run", path, "--max-events", "50", "--no-timing", "--out", folder.path])
        #expect(output.status == 0, "\(output.stderr)")
        let report = folder.appendingPathComponent("clock-skew")
        let html = try String(contentsOf: report.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<h1>partial (every run stopped at --max-events 50) · SyncSim · scenario clock-skew"))
        #expect(html.contains("<p>Partial: every run stopped at --max-events (by 0.890969 s of virtual time)"))
        #expect(!html.contains("Every strategy converged") && !html.contains("broke their promise") && !html.contains("µs"))
        let markdown = try String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("## partial (every run stopped at --max-events 50) · SyncSim"))
        let csv = try String(contentsOf: report.appendingPathComponent("report.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let liveness = try #require(rows.first?.firstIndex(of: "liveness"))
        let preset = try #require(rows.first?.firstIndex(of: "preset"))
        #expect(rows.dropFirst().map { $0[liveness] } == Array(repeating: "not judged", count: 4))
        #expect(rows.dropFirst().allSatisfy { $0[preset] == "none" })
    }

    /// r3 never turns sync on: every strategy that promises convergence
    /// holds it over r1 and r2, the file's `liveness` expectation passes,
    /// and the output says r3 was left out.
    @Test func aDeviceWhoseSyncStaysOffBreaksNoPromise() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.scopeFile(in: folder, neverUploaded: false)
        let table = try await SimulateProcess.run(["run", file, "--no-timing"])
        #expect(table.status == 0, "\(table.stdout)")
        #expect(table.stdout.contains("\nliveness judged over r1 and r2; r3 never synced\n"))
        #expect(!table.stdout.contains("LIVENESS FAILURE") && !table.stdout.contains("FAIL  "))
        let json = try await SimulateProcess.run(["run", file, "--no-timing", "--format", "json"])
        let document = try SimulateProcess.parseObject(json.stdout)
        let results = try #require((document["reports"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["liveness"] as? String } == ["held", "held", "held", "held", "held", "not promised"])
        let scope = try #require(results.first?["livenessScope"] as? [String: Any])
        #expect(scope["judged"] as? [String] == ["r1", "r2"] && scope["neverSynced"] as? [String] == ["r3"])

        let check = try await SimulateProcess.run(["check", file])
        #expect(check.status == 0)
        #expect(check.stdout.hasSuffix("6 passed, 0 failed\n"))
        let explore = try await SimulateProcess.run(["explore", file, "--seeds", "1..2"])
        #expect(explore.status == 0, "\(explore.stdout)")
        #expect(explore.stdout.hasSuffix("2 passed, 0 failed\n"))
    }

    @Test func savesNeverUploadedBreakNoPromise() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.scopeFile(in: folder, neverUploaded: true)
        let table = try await SimulateProcess.run(["run", file, "--no-timing"])
        #expect(table.status == 0, "\(table.stdout)")
        #expect(table.stdout.contains("\nliveness judged over r1, r2 and r3, without the 7 records r3 saved with sync off and never uploaded\n"))
        #expect(!table.stdout.contains("LIVENESS FAILURE"))
        let folderOut = folder.appendingPathComponent("out")
        _ = try await SimulateProcess.run(["run", file, "--no-timing", "--out", folderOut.path])
        let csv = try String(contentsOf: folderOut.appendingPathComponent("never-uploaded/report.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let liveness = try #require(rows.first?.firstIndex(of: "liveness"))
        #expect(rows.dropFirst().map { $0[liveness] } == ["held", "held", "held", "held", "held", "not promised"])
    }
}
