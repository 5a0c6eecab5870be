import Foundation
import SyncReport
import SyncSimulation
import Testing

/// The duplicates-over-time series, the fault timeline and the
/// `--format json` document, read back as a consumer would.
struct ReportJSONSeriesTests {
    @Test func seriesAndFaultsAreTheRunsOwn() throws {
        let report = Fixtures.smallReport(includesTiming: false)
        let results = try #require(try Fixtures.parse(report.json().rendered())["results"] as? [[String: Any]])
        try #require(results.count == report.results.count)
        for (json, run) in zip(results, report.results) {
            let series = try #require(json["series"] as? [String: Any], "\(run.strategy)")
            #expect(series["resolutionSeconds"] as? Double == Double(run.series.resolutionMicros) / 1_000_000)
            #expect(series["worst"] as? [Int] == run.series.worst)
            #expect(series["perReplica"] is NSNull, "not recorded unless the scenario asks")
            #expect((series["worst"] as? [Int])?.max() == run.duplicates.peak, "\(run.strategy): the buckets keep the peak")

            let faults = try #require(json["faults"] as? [[String: Any]], "\(run.strategy)")
            #expect(faults.map { $0["kind"] as? String } == run.faults.events.map(\.kind.rawValue))
            #expect(faults.map { $0["detail"] as? String } == run.faults.events.map(\.detail))
            #expect(faults.map { $0["atSeconds"] as? Double } == run.faults.events.map { Double($0.atMicros) / 1_000_000 })
        }
        // The default scenario partitions every replica at 0 s and heals at 2 s.
        let kinds = (results[0]["faults"] as? [[String: Any]])?.map { $0["kind"] as? String }
        #expect(kinds == ["partition", "heal"])
    }

    @Test func perReplicaSeriesNameEachDevice() throws {
        let index = try #require(ScenarioReports.runs.firstIndex { $0.perReplica })
        let report = ScenarioReports.all[index]
        let results = try #require(try Fixtures.parse(report.json().rendered())["results"] as? [[String: Any]])
        for (json, run) in zip(results, report.results) {
            let perReplica = try #require((json["series"] as? [String: Any])?["perReplica"] as? [[String: Any]], "\(run.strategy)")
            let recorded = try #require(run.series.perReplica)
            #expect(perReplica.map { $0["replica"] as? String } == Array(report.scenario.replicaNames.prefix(recorded.count)))
            #expect(perReplica.map { $0["counts"] as? [Int] ?? [] } == recorded)
        }
        let kinds = Set(report.results.flatMap(\.faults.events).map(\.kind))
        #expect(kinds.isSuperset(of: [.crash, .restart]), "crash-restart shows crashes on the timeline")
    }

    @Test func formatJSONIsOneShapeForOneReportOrMany() throws {
        let one = Fixtures.smallReport(includesTiming: false)
        let two = Fixtures.neverConvergingReport
        for reports in [[one], [one, two]] {
            let document = Report.document(reports)
            guard case .object(let members) = document else {
                Issue.record("the document is not an object")
                return
            }
            #expect(members.map(\.key) == ["schemaVersion", "tool", "toolVersion", "command", "reports"])
            let json = try Fixtures.parse(document.rendered())
            #expect(json["schemaVersion"] as? Int == Report.schemaVersion)
            #expect(json["tool"] as? String == "SyncSim")
            #expect(json["toolVersion"] as? String == ToolVersion.current)
            #expect(members.last?.value == .array(reports.map { $0.json() }), "each report as report.json holds it")
        }
    }
}
