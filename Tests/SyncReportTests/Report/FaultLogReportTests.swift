import Foundation
@testable import SyncReport
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// A run whose fault log was capped (``FaultLog``) says so in every
/// format, and its JSON carries the exact total and counts per kind
/// (issue 29).
struct FaultLogReportTests {
    /// lww on two replicas under a nemesis every 1 ms for 3 s that always
    /// partitions or heals and always crashes a replica: 9,000 faults, of
    /// which the log keeps the first 1,000 (FaultLogTests derives both).
    static func stormReport() throws -> Report {
        let scenario = try ScenarioFile.parse(Data("""
            { name: "fault-storm", replicas: 2, steps: [
              { at: "0s", nemesis: { every: "1ms", until: "3s", partition: 1, crash: 1 } },
            ] }
            """.utf8), file: "fault-storm.json5").scenario
        let results = Comparison.run(scenario: scenario, strategies: Fixtures.strategies(["lww"]), seed: 1)
        return Report(scenario: scenario, seed: 1, results: results, includesTiming: false)
    }

    static let line = "lww: first 1,000 of 9,000 faults shown in the JSON and HTML reports "
        + "(in all: 1,500 partitions, 1,500 heals, 3,000 crashes and 3,000 restarts)"

    @Test func theTableMarkdownAndPageSayTheFirstThousandOfNineThousandFaultsAreShown() throws {
        let report = try Self.stormReport()
        #expect(report.table().split(separator: "\n").contains(Substring(Self.line)))
        #expect(report.markdown().split(separator: "\n").contains(Substring("> " + Self.line)))
        let html = report.html()
        #expect(html.contains("<p class=\"meta\">\(Self.line)</p>"))
        #expect(html.contains("Faults: first 1,000 of 9,000 faults shown; the fault log stops at 0.333 s."))
    }

    @Test func theJSONCarriesTheFirstThousandFaultsAndTheExactCountsPerKind() throws {
        let report = try Self.stormReport()
        let results = try #require(try Fixtures.parse(report.json().rendered())["results"] as? [[String: Any]])
        #expect((results[0]["faults"] as? [Any])?.count == 1_000)
        let counts = try #require(results[0]["faultCounts"] as? [String: Any])
        #expect(counts["total"] as? Int == 9_000)
        #expect(counts["firstNotShownSeconds"] as? Double == 0.333)
        #expect(FaultEvent.Kind.allCases.map { counts[$0.rawValue] as? Int } == [1_500, 0, 1_500, 3_000, 0, 3_000])
        let schema = try SchemaWalker.load()
        let problems = schema.problems(report.json(), against: schema.definition("report"))
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    /// A log that kept every fault adds nothing: every committed report
    /// reads as before.
    @Test func aCompleteLogAddsNoCountsAndNoLine() throws {
        let report = Fixtures.smallReport(includesTiming: false)
        #expect(report.results.allSatisfy { !$0.faults.isCapped })
        #expect(!report.json().rendered().contains("faultCounts"))
        #expect(report.faultLogLines.isEmpty)
    }

    /// A span still open where a capped log stops ends there, and says so:
    /// the log does not know whether it lasted to the end.
    @Test func aSpanOpenWhereTheLogStopsEndsThereAndSaysSo() {
        // A crash, then partitions and heals by turns: the last kept (the
        // 999th after the crash, at 999 µs) is a partition.
        let events = [FaultEvent(atMicros: 0, .crash("r1"))]
            + (1 ... FaultLog.cap + 1).map { FaultEvent(atMicros: Int64($0), $0 % 2 == 1 ? .partition([["r1"], ["r2"]]) : .heal(byNemesis: false)) }
        let log = FaultLog(events)
        #expect(log.firstDroppedMicros == 1_000)
        let spans = FaultTimeline.spans(log, endMicros: 5_000_000)
        let open = spans.filter(\.untilLogStops)
        #expect(open.map(\.lane) == ["r1", "network"])
        #expect(open.allSatisfy { $0.endMicros == 1_000 && !$0.untilEnd })
        #expect(open.last?.title == "partition r1 | r2 from 0.000999 s, still at 0.001 s where the fault log stops")
        #expect(spans.allSatisfy { !$0.untilEnd })
    }
}
