import Foundation
import SyncReport
import SyncScenarioFile
import SyncSimulation
import Testing

/// The public JSON shape (schema version 2), read back with Foundation's
/// parser as a consumer would.
struct ReportJSONTests {
    @Test func topLevelFields() throws {
        let json = try Fixtures.parse(Fixtures.smallReport(includesTiming: false).json().rendered())
        #expect(json["schemaVersion"] as? Int == 3)
        #expect(json["toolVersion"] as? String == ToolVersion.current)
        #expect(json["scenario"] as? String == "default")
        #expect(json["seed"] as? Int == 3)
        #expect(json["replicas"] as? Int == 2)
        #expect(json["store"] as? String == "memory")
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.map { $0["strategy"] as? String } == ["lww", "crdt"])
    }

    @Test func topLevelKeysComeInTheDocumentedOrder() {
        guard case .object(let members) = Fixtures.smallReport(includesTiming: false).json() else {
            Issue.record("the report is not a JSON object")
            return
        }
        #expect(members.map(\.key) == ["schemaVersion", "toolVersion", "scenario", "seed", "replicas", "store", "concurrency", "reproducible", "parameters", "results"])
    }

    @Test func eachResultHasThePublicFields() throws {
        let json = try Fixtures.parse(Fixtures.smallReport(includesTiming: false).json().rendered())
        let results = try #require(json["results"] as? [[String: Any]])
        try #require(results.count == Fixtures.smallResults.count)
        for (result, run) in zip(results, Fixtures.smallResults) {
            #expect(result["strategy"] as? String == run.strategy)

            let duplicates = try #require(result["duplicates"] as? [String: Any], "\(run.strategy)")
            #expect(duplicates["final"] as? Int == run.duplicates.final)
            #expect(duplicates["peak"] as? Int == run.duplicates.peak)
            let seconds = try #require(duplicates["seconds"] as? Double)
            #expect(seconds == Double(run.duplicates.integralMicros) / 1_000_000)

            #expect(result["diverged"] as? Int == run.diverged)
            let convergence = try #require(result["convergenceSeconds"], "\(run.strategy): convergenceSeconds missing")
            if let micros = run.convergenceMicros {
                #expect(convergence as? Double == Double(micros) / 1_000_000)
            } else {
                #expect(convergence is NSNull)
            }
            #expect(result["rejected"] as? Int == run.rejected.total)
            #expect(result["lostWrites"] as? Int == run.lostWrites.total)
            #expect(result["resurrected"] as? Int == run.resurrected)
            #expect(result["dangling"] as? Int == run.dangling)

            let network = try #require(result["network"] as? [String: Any])
            #expect(Set(network.keys) == ["sent", "dropped", "duplicated", "delivered", "bytes"])
            #expect(network["sent"] as? Int == run.network.sent)
            #expect(network["dropped"] as? Int == run.network.dropped)
            #expect(network["duplicated"] as? Int == run.network.duplicated)
            #expect(network["delivered"] as? Int == run.network.delivered)
            #expect(network["bytes"] as? Int == run.network.bytes)

            let cost = try #require(result["cost"] as? [String: Any])
            #expect(cost["events"] as? Int == run.events)
        }
    }

    /// Events, and the invariant checks when they ran (always, in a debug
    /// build), and nothing that varies from run to run.
    @Test func withoutTimingTheCostHasOnlyEvents() throws {
        let report = Fixtures.smallReport(includesTiming: false)
        let json = try Fixtures.parse(report.json().rendered())
        let results = try #require(json["results"] as? [[String: Any]])
        for (result, run) in zip(results, report.results) {
            let cost = try #require(result["cost"] as? [String: Any])
            #expect(Set(cost.keys) == (run.invariantChecks > 0 ? ["events", "invariantChecks"] : ["events"]))
            #expect(cost["invariantChecks"] as? Int == (run.invariantChecks > 0 ? run.invariantChecks : nil))
        }
    }

    @Test func withTimingTheCostHasWallClockFigures() throws {
        let json = try Fixtures.parse(Fixtures.smallReport(includesTiming: true).json().rendered())
        let results = try #require(json["results"] as? [[String: Any]])
        for result in results {
            let cost = try #require(result["cost"] as? [String: Any])
            #expect(Set(cost.keys).subtracting(["invariantChecks"]) == ["events", "wallSeconds", "eventsPerSecond"])
            let wall = try #require(cost["wallSeconds"] as? Double)
            let rate = try #require(cost["eventsPerSecond"] as? Double)
            #expect(wall >= 0)
            #expect(rate >= 0)
        }
    }

    @Test func timingOnlyAddsTheTwoCostLines() {
        let without = Fixtures.smallReport(includesTiming: false).json().rendered()
        let with = Fixtures.smallReport(includesTiming: true).json().rendered()
        let stripped = with.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"wallSeconds\":") && !$0.contains("\"eventsPerSecond\":") }
            .map { line in line.contains("\"events\":") && line.hasSuffix(",") ? line.dropLast() : line }
            .joined(separator: "\n")
        #expect(stripped == without)
    }

    @Test func lwwKeepsEveryImportedCopyAsADuplicate() throws {
        // Two replicas each import the same 100 users under their own ids;
        // lww never dedupes, so the worst replica ends with 100 duplicates.
        let json = try Fixtures.parse(Fixtures.smallReport(includesTiming: false).json().rendered())
        let results = try #require(json["results"] as? [[String: Any]])
        let lww = try #require(results.first { $0["strategy"] as? String == "lww" })
        let duplicates = try #require(lww["duplicates"] as? [String: Any])
        #expect(duplicates["final"] as? Int == 100)
        let crdt = try #require(results.first { $0["strategy"] as? String == "crdt" })
        #expect((crdt["duplicates"] as? [String: Any])?["final"] as? Int == 0)
    }

    @Test func parametersDescribeTheScenario() throws {
        let json = try Fixtures.parse(Fixtures.smallReport(includesTiming: false).json().rendered())
        let parameters = try #require(json["parameters"] as? [String: Any])
        #expect(parameters["replicaNames"] as? [String] == ["r1", "r2"])
        let network = try #require(parameters["network"] as? [String: Any])
        #expect(network["drop"] as? Double == 0.1)
        #expect(network["duplicate"] as? Double == 0.05)
        #expect(network["reorder"] as? Double == 0)
        #expect(network["delayMinSeconds"] as? Double == 0.005)
        #expect(network["delayMaxSeconds"] as? Double == 0.08)
        let sync = try #require(parameters["sync"] as? [String: Any])
        #expect(sync["everySeconds"] as? Double == 0.1)
        #expect(sync["jitterSeconds"] as? Double == 0.02)
        #expect(sync["fanout"] as? Int == 1)
        #expect(parameters["untilSeconds"] as? Double == 60)
        // The steps the run met: the workload drawn from the seed, 2 imports and 2 × 50 edits.
        #expect(parameters["steps"] as? Int == DefaultScenario.make(replicas: 2, seed: 3).drawingWorkload(seed: 3).steps.count)
        #expect(parameters["steps"] as? Int == 1 + 2 + 100 + 1)
    }

    @Test func aRunThatNeverConvergesHasNullConvergence() throws {
        let report = Fixtures.neverConvergingReport
        try #require(report.results.allSatisfy { $0.convergenceMicros == nil })
        let json = try Fixtures.parse(report.json().rendered())
        let results = try #require(json["results"] as? [[String: Any]])
        for result in results {
            #expect(result["convergenceSeconds"] is NSNull)
        }
    }

    @Test func renderingIsStable() {
        let report = Fixtures.smallReport(includesTiming: false)
        #expect(report.json().rendered() == report.json().rendered())
        let rerun = Comparison.run(
            scenario: DefaultScenario.make(replicas: 2, seed: 3), strategies: Fixtures.strategies(["lww", "crdt"]), seed: 3)
        let again = Report(scenario: DefaultScenario.make(replicas: 2, seed: 3), seed: 3, results: rerun, includesTiming: false)
        #expect(again.json().rendered() == report.json().rendered())
    }
}
