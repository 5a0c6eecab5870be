import Foundation
@testable import simulate
import SyncSimulation
import Testing

/// Long runs explain themselves: `--max-events` stops each run cleanly and
/// marks it partial, bad files get an error instead of a trap, and the
/// progress line says how far a run has gone (issue 15).
struct LimitsCommandTests {
    @Test func maxEventsMarksEveryRunPartialInTextAndJSON() async throws {
        let table = try await SimulateProcess.run(["--replicas", "3", "--strategies", "lww,crdt", "--max-events", "100", "--no-timing"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("limit 60 s or 100 events (--max-events)"))
        let warnings = table.stdout.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy {
            $0.contains("stopped at --max-events 100 at ") && $0.hasSuffix("its figures are partial; its liveness and expectations are not judged")
        })

        let json = try await SimulateProcess.run(["--replicas", "3", "--strategies", "lww,crdt", "--max-events", "100", "--no-timing",
                                                  "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let reports = try #require(document["reports"] as? [[String: Any]])
        let results = try #require(reports.first?["results"] as? [[String: Any]])
        #expect(results.count == 2)
        for result in results {
            #expect(result["stoppedAt"] as? String == "events")
            #expect(result["quiesced"] as? Bool == false)
            #expect((result["cost"] as? [String: Any])?["events"] as? Int == 100)
        }
        // Without the option the key is absent, so other reports read as before.
        let full = try await SimulateProcess.run(["--replicas", "3", "--strategies", "lww", "--no-timing", "--format", "json"])
        #expect(!full.stdout.contains("stoppedAt"))
    }

    @Test func maxEventsIsCheckedLikeEveryOption() async throws {
        let zero = try await SimulateProcess.run(["--max-events", "0"])
        #expect(zero.status == 2)
        #expect(zero.stderr == "simulate: --max-events expects a whole number from 1 to 1000000000000, got '0'\n")
        let sweep = try await SimulateProcess.run(["lint", "x", "--max-events", "5"])
        #expect(sweep.status == 2)
        #expect(sweep.stderr.hasPrefix("simulate: simulate lint does not take --max-events"))
    }

    /// The reported traps, each now an error naming the file and the place.
    @Test func inputsThatTrappedNowExitTwoWithAnError() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let utf8 = folder.appendingPathComponent("x.json5")
        try Data(Array("{ na".utf8) + [0xFF] + Array("me: \"x\" }".utf8)).write(to: utf8)
        let bound = folder.appendingPathComponent("e.json5")
        try Data(#"{ name: "e", steps: [{ at: "0s", on: "r1", create: { entity: "User", fields: { email: "a" } } }], expect: [{ strategy: "lww", metric: "duplicates.final", max: NaN }] }"#.utf8).write(to: bound)

        let first = try await SimulateProcess.run(["run", utf8.path])
        #expect(first.status == 2)
        #expect(first.stderr == "simulate: \(utf8.path): not valid UTF-8 at line 1, column 5 (byte 4, 0xFF)\n")
        let second = try await SimulateProcess.run(["check", bound.path])
        #expect(second.status == 2)
        #expect(second.stdout.contains("\(bound.path): expect[0].max: expected a finite number from -1000000000000000 to 1000000000000000, found nan"))
    }

    @Test func theProgressLineSaysHowFarARunHasGone() {
        var snapshot = RunProgress.Snapshot()
        snapshot.events = 1_234_567
        snapshot.nowMicros = 12_500_000
        snapshot.untilMicros = 60_000_000
        #expect(RunTicker.line(label: "default [2/8] lww", snapshot: snapshot, wallSeconds: 5)
            == "default [2/8] lww: 1,234,567 events · 12.5 s of 60 s virtual · 5 s · ≤ 19 s more to reach 60 s")
        snapshot.nowMicros = 0
        #expect(RunTicker.line(label: "x [1/1] crdt", snapshot: snapshot, wallSeconds: 3)
            == "x [1/1] crdt: 1,234,567 events · 0 s of 60 s virtual · 3 s")
    }

    /// The figure never grows (issue 41: a run whose virtual time stalled
    /// at 3.2 s of 60 s went from "≤ 245 s more" to "≤ 5,187 s more"): it
    /// counts down from the first, and says so once the run outlasts it.
    @Test func theEstimateNeverGrowsPastTheFirstFigure() {
        var estimate = RunEstimate()
        var stalled = RunProgress.Snapshot(events: 10_000, nowMicros: 3_200_000, untilMicros: 60_000_000, runs: 1)
        // 14 s × 56.8 / 3.2 = 248.5 s.
        #expect(estimate.remaining(stalled, eventLimit: nil, wallSeconds: 14) == .atMost(seconds: 248.5, bound: .until))
        stalled.events = 90_000
        // At its pace: 100 × 56.8 / 3.2 = 1,775 s; shown: what was left of 248.5 s.
        #expect(estimate.remaining(stalled, eventLimit: nil, wallSeconds: 100) == .atMost(seconds: 162.5, bound: .until))
        #expect(estimate.remaining(stalled, eventLimit: nil, wallSeconds: 292) == .pastEstimate)
        var line = estimate
        #expect(RunTicker.line(label: "s [1/1] lww", snapshot: stalled, wallSeconds: 292,
                               remaining: line.remaining(stalled, eventLimit: nil, wallSeconds: 292))
            == "s [1/1] lww: 90,000 events · 3.2 s of 60 s virtual · 292 s · slower than its pace so far: no estimate")

        // The event limit is a bound too: the nearer one is the figure.
        var limited = RunEstimate()
        let snapshot = RunProgress.Snapshot(events: 50_000, nowMicros: 1_000_000, untilMicros: 60_000_000, runs: 1)
        // By time: 10 × 59 = 590 s; by events: 10 × 50,000 / 50,000 = 10 s.
        #expect(limited.remaining(snapshot, eventLimit: 100_000, wallSeconds: 10) == .atMost(seconds: 10, bound: .events(100_000)))
        #expect(RunTicker.line(label: "x", snapshot: snapshot, wallSeconds: 10, remaining: .atMost(seconds: 10, bound: .events(100_000)))
            == "x: 50,000 events · 1 s of 60 s virtual · 10 s · ≤ 10 s more to reach 100,000 events")
    }
}
