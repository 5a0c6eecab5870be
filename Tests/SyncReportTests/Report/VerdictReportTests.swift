import Foundation
@testable import SyncReport
@testable import SyncSimulation
import SyncScenarioFile
import Testing
import TestSupport

/// How reports state the verdicts of issue 28: a run `--max-events`
/// stopped is partial, not failed; the liveness verdict names the devices
/// it was judged over; CSV tells every verdict apart.
struct VerdictReportTests {
    /// `simulate run Scenarios/clock-skew.json5 --max-events 50`: every run
    /// stops at 50 events, before the first step at 1 s has synced.
    static var partialReport: Report { partialReportOnce.value }
    private static let partialReportOnce = ComputedOnce<Report> {
        do {
            let path = ScenarioReports.scenariosDirectory.appendingPathComponent("clock-skew.json5").path
            let document = try ScenarioFile.load(path)
            var scenario = document.scenario
            scenario.maxEvents = 50
            let results = try Comparison.run(scenario: scenario, strategies: Fixtures.strategies(document.strategyNames), seed: document.seed,
                                             store: .memory, checksInvariants: false)
            return Report(scenario: scenario, seed: document.seed, results: results, includesTiming: false,
                          file: "Scenarios/clock-skew.json5", expectations: ExpectationOutcome.check(document.expectations, against: results))
        } catch {
            fatalError("\(error)")
        }
    }

    /// Three devices; r3's sync stays off, or (`neverUploaded`) comes on at
    /// 3 s without uploading what it saved meanwhile.
    static func scopeReport(neverUploaded: Bool) -> Report {
        let text = """
        { name: "scope", replicas: 3, until: "30s", syncOff: ["r3"], syncOffSaves: "\(neverUploaded ? "neverUploaded" : "uploaded")",
          schema: { entities: [ { name: "Category", fields: ["name", "colour"], unique: [["name"]] } ] },
          steps: [
            { at: "10ms", on: "r1", import: { entity: "Category", count: 5, values: { name: "category{n}", colour: ["grey"] } } },
            { at: "20ms", on: "r3", import: { entity: "Category", count: 7, values: { name: "category{n}", colour: ["red", "blue"] } } },
            \(neverUploaded ? #"{ at: "3s", on: "r3", enableSync: true },"# : "")
          ] }
        """
        do {
            let document = try ScenarioFile.parse(Data(text.utf8), file: "scope.json5")
            let results = try Comparison.run(scenario: document.scenario, strategies: Fixtures.strategies(["lww", "dedupe", "crdt", "unique:error"]),
                                             seed: 1, store: .memory, checksInvariants: false)
            return Report(scenario: document.scenario, seed: 1, results: results, includesTiming: false, file: "scope.json5")
        } catch {
            fatalError("\(error)")
        }
    }

    // MARK: --max-events

    @Test func aStoppedRunIsNotJudgedAndItsHeadlineLeadsWithPartial() throws {
        let report = Self.partialReport
        #expect(report.results.allSatisfy { $0.stoppedEarly && $0.liveness == .notJudged })
        let headline = "partial (every run stopped at --max-events 50) · SyncSim · scenario clock-skew · seed 1 · 2 replicas · memory store"
        let table = report.table()
        #expect(table.hasPrefix(headline + "\n"))
        #expect(report.markdown().hasPrefix("## " + headline + "\n"))
        #expect(report.html().contains("<h1>\(HTMLPage.escape(headline))</h1>"))
        #expect(!table.contains("LIVENESS FAILURE"))
        #expect(table.contains("warning: lww stopped at --max-events 50 at 0.890969 s of virtual time, before sync finished: "
            + "its figures are partial; its liveness and expectations are not judged\n"))
        #expect(table.contains("replay: simulate run Scenarios/clock-skew.json5 --seed 1 --strategies lww,lww:field,dedupe,crdt --max-events 50\n"))
    }

    /// Every expectation about a stopped run is said to be not judged, none
    /// passes or fails, and `run` exits 0.
    @Test func expectationsOfAStoppedRunAreNotJudged() throws {
        let report = Self.partialReport
        #expect(report.expectations.count == 8)
        #expect(report.expectations.allSatisfy { !$0.isJudged && !$0.passed && !$0.failed })
        #expect(ExitStatus.of([report]) == .passed)
        let lines = report.table().split(separator: "\n").filter { $0.hasPrefix("SKIP") || $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
        #expect(lines.count == 8 && lines.allSatisfy { $0.hasPrefix("SKIP  clock-skew  ") })
        #expect(lines.first == "SKIP  clock-skew  lww        lostWrites  ≥ 1  not judged (0 when stopped)")
        #expect(report.markdown().contains("| SKIP | lww | lostWrites | ≥ 1 | not judged (0 when stopped) |\n"))
        #expect(report.html().contains(#"<td class="skip">SKIP</td>"#))
    }

    /// The page opens with what the user did, and never says the runs
    /// converged or broke a promise.
    @Test func theHTMLFindingsSayPartialFirst() {
        let sentences = ReportFindings(Self.partialReport).sentences
        #expect(sentences.first == "Partial: every run stopped at --max-events (by 0.890969 s of virtual time), before sync finished, "
            + "so their figures are not final and their liveness and expectations are not judged.")
        #expect(!sentences.contains { $0.contains("converged") || $0.contains("promise") || $0.contains("did not quiesce") })
        #expect(sentences.last == "The 8 expectations of the scenario file are not judged: their runs stopped at --max-events.")
    }

    /// Times read in seconds (or whole milliseconds), never microseconds.
    @Test func noOutputShowsMicroseconds() {
        let report = Self.partialReport
        for (name, text) in [("table", report.table()), ("markdown", report.markdown()), ("html", report.html()),
                             ("json", report.json().rendered()), ("csv", report.csv())] {
            #expect(!text.contains("µs"), "\(name)")
        }
    }

    @Test func aPartialReportMatchesTheSchema() throws {
        let schema = try SchemaWalker.load()
        let json = Self.partialReport.json()
        #expect(schema.problems(json, against: schema.definition("report")).isEmpty)
        let text = json.rendered()
        #expect(text.contains(#""liveness": "not judged""#))
        #expect(text.components(separatedBy: #""judged": false"#).count - 1 == 8)
    }

    /// A stopped run and a finished one side by side: the finished run's
    /// failure still fails, the stopped run's expectation is not judged.
    @Test func aJudgedFailureBesideAStoppedRunStillFails() {
        var stopped = Fixtures.smallResults[1]
        stopped.stoppedAt = .events
        stopped.liveness = .notJudged
        let results = [Fixtures.smallResults[0], stopped]
        let impossible = Expectation(strategy: "*", metric: .networkSent, bound: .equals(-1))
        let liveness = Expectation(strategy: "*", metric: .liveness, bound: .equals(1))
        let outcomes = ExpectationOutcome.check([impossible, liveness], against: results)
        #expect(outcomes.map(\.passed) == [false, false, true, false])
        #expect(outcomes.map(\.failed) == [true, false, false, false])
        #expect(outcomes.map(\.isJudged) == [true, false, true, false])
        #expect(ExpectationText.actual(.metric(outcomes[3])) == "not judged")
        let report = Report(scenario: DefaultScenario.make(replicas: 2, seed: 3), seed: 3, results: results, includesTiming: false,
                            file: "x.json5", expectations: outcomes)
        #expect(ExitStatus.of([report]) == .expectationFailed)
        #expect(report.headline.hasPrefix("partial (crdt stopped at --max-events "))
        let check = CheckResult(files: [CheckFile.checked(report, expectations: [impossible, liveness], lines: [3, 4])])
        #expect(check.summaryLine == "1 passed, 1 failed, 2 not judged")
        #expect(check.exitStatus == .expectationFailed)
        let junit = JUnitReport(check: check, includesTiming: false).xml()
        #expect(junit.contains(#"skipped="2""#))
        #expect(junit.contains(#"<skipped message="crdt liveness = 1: not judged: the run stopped at --max-events"/>"#))
        let sentences = ReportFindings(report).sentences
        #expect(sentences.first == "Partial: crdt stopped at --max-events (by \(DecimalText.duration(micros: stopped.endMicros)) of virtual time), "
            + "before sync finished, so its figures are not final and its liveness and expectations are not judged.")
        #expect(Array(sentences.suffix(2)) == ["2 of 4 expectations are not judged: their runs stopped at --max-events.",
                                               "1 of 4 expectations fails: lww network.sent (expected = -1, got \(Fixtures.smallResults[0].network.sent))."])
    }

    // MARK: Liveness scope

    @Test func aDeviceThatNeverSyncedIsNamedOnce() throws {
        let report = Self.scopeReport(neverUploaded: false)
        #expect(report.results.map(\.liveness) == [.held, .held, .held, .notPromised])
        let table = report.table()
        #expect(table.components(separatedBy: "liveness judged over").count == 2)
        #expect(table.contains("\nliveness judged over r1 and r2; r3 never synced\n"))
        #expect(report.markdown().contains("\n> liveness judged over r1 and r2; r3 never synced\n"))
        #expect(report.html().contains(#"<p class="meta">liveness judged over r1 and r2; r3 never synced</p>"#))
        let schema = try SchemaWalker.load()
        #expect(schema.problems(report.json(), against: schema.definition("report")).isEmpty)
        #expect(report.json().rendered().components(separatedBy: #""livenessScope""#).count - 1 == 3, "on the three judged runs")
    }

    @Test func recordsNeverUploadedAreNamed() throws {
        let report = Self.scopeReport(neverUploaded: true)
        #expect(report.results.map(\.liveness) == [.held, .held, .held, .notPromised])
        #expect(report.livenessScopeLines == ["liveness judged over r1, r2 and r3, without the 7 records r3 saved with sync off and never uploaded"])
        let schema = try SchemaWalker.load()
        #expect(schema.problems(report.json(), against: schema.definition("report")).isEmpty)
    }

    @Test func aWholeScopePrintsNothing() {
        #expect(Fixtures.smallReport(includesTiming: false).livenessScopeLines.isEmpty)
        #expect(!Fixtures.smallReport(includesTiming: false).json().rendered().contains("livenessScope"))
    }

    // MARK: CSV

    /// `liveness` reads as the verdict's words, each its own; `preset` is
    /// `none` without a preset.
    @Test func everyVerdictReadsApartInReportCSV() throws {
        let results = Liveness.allCases.map { verdict -> RunResult in
            var result = Fixtures.smallResults[0]
            result.liveness = verdict
            return result
        }
        let report = Report(scenario: DefaultScenario.make(replicas: 2, seed: 3), seed: 3, results: results, includesTiming: false)
        let file = try CSVReader(report.csv())
        let liveness = try #require(file.header.firstIndex(of: "liveness"))
        let preset = try #require(file.header.firstIndex(of: "preset"))
        #expect(file.rows.map { $0[liveness] } == ["held", "failed", "not promised", "faults remain", "not judged"])
        #expect(file.rows.allSatisfy { $0[preset] == "none" })
        #expect(file.kinds()["liveness"] == [.string] && file.kinds()["preset"] == [.string])
    }
}
