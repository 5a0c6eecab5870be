import Foundation
import SyncScenarioFile
import TestSupport
@testable import SyncReport
@testable import SyncSimulation
import Testing

struct HTMLReportTests {
    // MARK: Fixtures

    /// The default scenario, 3 replicas, seed 1: a partition that heals at 2 s.
    static var defaultReport: Report { defaultReportOnce.value }
    private static let defaultReportOnce = ComputedOnce<Report> {
        let scenario = DefaultScenario.make(replicas: 3, seed: 1)
        let results = Comparison.run(scenario: scenario, strategies: Fixtures.strategies(["lww", "dedupe", "crdt"]), seed: 1)
        return Report(scenario: scenario, seed: 1, results: results, includesTiming: false)
    }

    static let scenariosDirectory = PackageRoot.url.appendingPathComponent("Scenarios", isDirectory: true)

    /// A scenario file's report with its expectations, as `simulate run` makes it.
    static func fileReport(_ name: String, perReplica: Bool = false) throws -> Report {
        let document = try ScenarioFile.load(scenariosDirectory.appendingPathComponent(name).path)
        var scenario = document.scenario
        scenario.seriesPerReplica = perReplica
        let results = Comparison.run(scenario: scenario, strategies: Fixtures.strategies(document.strategyNames), seed: document.seed)
        return Report(scenario: scenario, seed: document.seed, results: results, includesTiming: false, file: "Scenarios/\(name)",
                      expectations: ExpectationOutcome.check(document.expectations, against: results))
    }

    static var crashRestartReport: Report { crashRestartReportOnce.value }
    private static let crashRestartReportOnce = ComputedOnce<Report> {
        do { return try fileReport("crash-restart.json5") } catch { fatalError("crash-restart.json5: \(error)") }
    }

    /// Charts a report page draws: a duplicates panel per strategy that
    /// had any, rejected and lost (each unless 0 everywhere), a per-replica
    /// chart per recorded series, and a timeline per strategy.
    static func chartCount(_ report: Report) -> Int {
        report.results.count { $0.duplicates.peak > 0 } + barPanels(report.results)
            + report.results.count { $0.series.perReplica != nil } + report.results.count
    }

    /// The rejected and lost panels drawn: those not 0 for every result.
    static func barPanels(_ results: [RunResult]) -> Int {
        (results.contains { $0.rejected.total > 0 } ? 1 : 0) + (results.contains { $0.lostWrites.total > 0 } ? 1 : 0)
    }

    // MARK: Report

    @Test func reportPageIsSelfContainedAndDeterministic() {
        let page = Self.defaultReport.html()
        #expect(page == Self.defaultReport.html())
        #expect(page.hasPrefix("<!DOCTYPE html>\n"))
        #expect(page.hasSuffix("</html>\n"))
        #expect(!page.lowercased().contains("<script"))
        #expect(!page.contains("<link") && !page.contains("<img") && !page.contains("url("))
        #expect(HTMLText.onlySVGNamespaceURLs(page))
        #expect(HTMLText.count("<svg", in: page) == Self.chartCount(Self.defaultReport))
        #expect(HTMLText.count("</svg>", in: page) == Self.chartCount(Self.defaultReport))
        // Anchors of the contents line, each to a section of the page.
        for id in ["results", "duplicates", "rejected-lost", "timeline", "replay"] {
            #expect(page.contains("<a href=\"#\(id)\">") && page.contains("<h2 id=\"\(id)\">"), "section \(id)")
        }
    }

    /// The default scenario's page, every default strategy, stays small:
    /// the timelines are drawn from at most ``TimelineDiagram/drawnCap``
    /// events each, messages and saves as one path per kind.
    @Test func theDefaultPageStaysSmall() {
        let page = Fixtures.goldenReport.html()
        #expect(page.utf8.count < 200_000, "\(page.utf8.count) bytes")
    }

    @Test func reportPageHasTheHeadlineTableAndReplay() {
        let report = Self.defaultReport
        let page = report.html()
        #expect(page.contains("<title>SyncSim · scenario default · seed 1 · 3 replicas · memory store</title>"))
        #expect(page.contains("<h1>SyncSim · scenario default · seed 1 · 3 replicas · memory store</h1>"))
        #expect(page.contains(DefaultScenario.description))
        #expect(page.contains("network: drop 0.1"))
        for header in ["strategy", "dups", "peak", "dup·s", "converged s", "rejected", "lost", "msgs", "KiB", "events"] {
            #expect(page.contains("<th") && page.contains(">\(header)</th>"), "header \(header)")
        }
        #expect(!page.contains(">wall ms</th>"))
        for result in report.results {
            #expect(page.contains("<tr><td>\(result.strategy)</td><td class=\"num\">\(result.duplicates.final)</td>"))
        }
        #expect(page.contains("<li>dups: duplicate records on the worst replica at the end"))
        #expect(page.contains("<code>simulate --replicas 3 --seed 1 --strategies lww,dedupe,crdt</code>"))
        #expect(!page.contains("Expectations</h2>"))
    }

    @Test func chartsHaveLabelledAxesAndALegendOfEveryStrategy() {
        let report = Self.defaultReport
        let texts = HTMLText.svgTexts(report.html())
        for label in ["virtual time (s)", "duplicates", "lost (count per run)"] {
            #expect(texts.contains(label), "axis or legend label \(label)")
        }
        #expect(Self.barPanels(report.results) >= 1)
        // A figure that is 0 everywhere is a sentence, not bars on zero.
        let nobodyRefused = !report.results.contains { $0.rejected.total > 0 }
        #expect(report.html().contains("<p>No store refused a write.</p>") == nobodyRefused)
        #expect(texts.contains("rejected (count per run)") == !nobodyRefused)
        let page = report.html()
        for result in report.results {
            // Beside its bars; a duplicates panel's caption names it.
            #expect(texts.filter { $0 == result.strategy }.count == Self.barPanels(report.results), "\(result.strategy)")
            if result.duplicates.peak > 0 {
                #expect(page.contains("<figcaption>\(result.strategy): \(result.duplicates.final) at the end, peak \(result.duplicates.peak)</figcaption>"))
            }
        }
        // The x axis starts at 0 s; a strategy keeps its style in every chart.
        #expect(texts.contains("0"))
        #expect(page.contains("stroke=\"#0072B2\"") && page.contains("stroke=\"#D55E00\" stroke-dasharray=\"8 3\""))
    }

    /// Most strategies never hold a duplicate: they get a sentence, not a
    /// panel of a line on zero.
    @Test func duplicatesArePanelsOfTheStrategiesThatHadAny() {
        let report = Fixtures.goldenReport
        let page = report.html()
        let had = report.results.filter { $0.duplicates.peak > 0 }
        let never = report.results.filter { $0.duplicates.peak == 0 }.map(\.strategy)
        #expect(!had.isEmpty && !never.isEmpty)
        #expect(HTMLText.count("<figure class=\"small\">", in: page) == had.count)
        #expect(page.contains("<p>No duplicate at any moment: \(Prose.list(never)).</p>"))
    }

    @Test func partitionsAreShadedInEveryChartOverTime() {
        let report = Self.defaultReport
        let page = report.html()
        // One partition from 0 s until the heal at 2 s: in each duplicates
        // panel and each timeline.
        let charts = report.results.count { $0.duplicates.peak > 0 } + report.results.count
        #expect(HTMLText.count("class=\"fault-partition\"", in: page) == charts)
        #expect(HTMLText.count("<title>partition r1 | r2 | r3 from 0 s to 2 s</title>", in: page) == charts)
        #expect(HTMLText.svgTexts(page).contains("partition (replicas split)"))
        #expect(!page.contains("class=\"fault-crash\""))
    }

    @Test func crashesAreDrawnPerReplicaAndExpectationsListed() throws {
        let report = Self.crashRestartReport
        let page = report.html()
        #expect(page == report.html())
        #expect(HTMLText.count("<svg", in: page) == Self.chartCount(report))
        let charts = report.results.count { $0.duplicates.peak > 0 } + report.results.count
        #expect(HTMLText.count("class=\"fault-crash\"", in: page) == charts)
        #expect(HTMLText.count("<title>r3 crashed from 1 s to 1.5 s</title>", in: page) == charts)
        #expect(HTMLText.svgTexts(page).contains("r3"))
        #expect(HTMLText.svgTexts(page).contains("crash (store kept)"))
        #expect(!page.contains("class=\"fault-partition\""))
        #expect(page.contains("<h2 id=\"expectations\">Expectations</h2>"))
        #expect(HTMLText.count("<td class=\"pass\">PASS</td>", in: page) + HTMLText.count("<td class=\"fail\">FAIL</td>", in: page)
            == report.expectations.count)
        #expect(page.contains("<td>intentsWhileDown</td><td>≥ 1</td>"))
        #expect(page.contains("<code>simulate run Scenarios/crash-restart.json5 --seed \(report.seed)"))
        #expect(HTMLText.onlySVGNamespaceURLs(page))
    }

    @Test func perReplicaSeriesAddOneSmallChartPerStrategy() throws {
        let report = try Self.fileReport("crash-restart.json5", perReplica: true)
        let page = report.html()
        #expect(HTMLText.count("<svg", in: page) == Self.chartCount(report))
        #expect(HTMLText.count("<svg", in: page) > Self.chartCount(Self.crashRestartReport))
        #expect(page.contains("<h2 id=\"per-replica\">Duplicates per replica</h2>"))
        for result in report.results {
            #expect(page.contains("<figcaption>\(result.strategy): duplicates on each replica</figcaption>"))
        }
        let texts = HTMLText.svgTexts(page)
        for name in report.scenario.replicaNames {
            #expect(texts.filter { $0 == name }.count >= report.results.count, "legend of replica \(name)")
        }
    }

    @Test func scenarioTextIsEscaped() {
        var scenario = DefaultScenario.make(replicas: 3, seed: 1)
        scenario.description = "a <b>bold</b> claim & \"quotes\" > none"
        scenario.name = "x<y&z"
        let report = Report(scenario: scenario, seed: 1, results: Self.defaultReport.results, includesTiming: false)
        let page = report.html()
        #expect(page.contains("<p>a &lt;b&gt;bold&lt;/b&gt; claim &amp; &quot;quotes&quot; &gt; none</p>"))
        #expect(page.contains("scenario x&lt;y&amp;z"))
        #expect(!page.contains("<b>"))
        #expect(!page.contains("x<y"))
    }

    /// A single bucket, all zeros, runs of different lengths, no faults,
    /// nine strategies.
    @Test func edgeCasesRenderSensibly() throws {
        let base = try #require(Self.defaultReport.results.first)
        func result(_ name: String, counts: [Int], resolution: Int64 = 100_000, end: Int64) -> RunResult {
            var series = DuplicateSeries(resolutionMicros: resolution, replicaCount: 3, perReplica: false)
            for (index, count) in counts.enumerated() {
                series.record(worst: count, replicaCounts: [], atMicros: Int64(index) * resolution)
            }
            var copy = base
            copy.strategy = name
            copy.series = series
            copy.faults = []
            copy.endMicros = end
            copy.duplicates.final = counts.last ?? 0
            copy.duplicates.peak = counts.max() ?? 0
            return copy
        }
        let names = StrategyCatalog.builtInNames
        #expect(names.count == 13)
        var results = names.map { result($0, counts: [0], end: 0) }
        let allZero = Report(scenario: Self.defaultReport.scenario, seed: 1, results: results, includesTiming: false).html()
        // Rejected and lost, and a timeline per strategy; no duplicates chart.
        let bars = Self.barPanels(results)
        #expect(HTMLText.count("<svg", in: allZero) == bars + names.count)
        #expect(!allZero.contains("NaN") && !allZero.contains("∞"))
        #expect(allZero.contains("No run had a duplicate at any moment"))
        #expect(allZero.contains("No strategy held a duplicate record at any moment."))
        #expect(!allZero.contains("class=\"fault-"))
        let texts = HTMLText.svgTexts(allZero)
        #expect(texts.contains("0") && texts.contains("1"), "x axis 0 … 1")
        for name in names { #expect(texts.filter { $0 == name }.count == bars, "\(name)") }
        // A distinct colour and dash pair per strategy; the first ten differ in both.
        let styles = names.indices.map { SeriesStyle.numbered($0) }
        #expect(Set(styles.map { $0.colour + "|" + $0.dash }).count == names.count)
        #expect(Set(styles.prefix(10).map(\.colour)).count == 10 && Set(styles.prefix(10).map(\.dash)).count == 10)

        // A short run holds its last value to the end of the longest one.
        results[0] = result(names[0], counts: [0, 2, 5], end: 200_000)
        results[1] = result(names[1], counts: [0, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3], end: 1_000_000)
        let mixed = Report(scenario: Self.defaultReport.scenario, seed: 1, results: results, includesTiming: false).html()
        #expect(HTMLText.count("<figure class=\"small\">", in: mixed) == 2)
        #expect(HTMLText.count("class=\"series\" d=\"M50 ", in: mixed) == 2, "lines start at x = 0")
        let plotRight = "328"
        #expect(HTMLText.count(" L\(plotRight) ", in: mixed) >= 2, "every line reaches the end at 1 s")
        #expect(HTMLText.svgTexts(mixed).contains("1"))
        #expect(mixed == Report(scenario: Self.defaultReport.scenario, seed: 1, results: results, includesTiming: false).html())
    }

    @Test func stepPointsHoldEachBucketAndTheLastValue() {
        let points = Report.stepPoints([0, 0, 2, 2, 1], resolutionMicros: 500_000, endMicros: 3_000_000)
        #expect(points.map(\.seconds) == [0, 1, 1, 2, 2, 3])
        #expect(points.map(\.count) == [0, 0, 2, 2, 1, 1])
        #expect(Report.stepPoints([], resolutionMicros: 1, endMicros: 1).isEmpty)
        let single = Report.stepPoints([4], resolutionMicros: 100_000, endMicros: 0)
        #expect(single.map(\.count) == [4, 4])
    }

    @Test func faultSpansEndAtTheHealRestartOrTheEnd() {
        let spans = FaultTimeline.spans([
            FaultEvent(atMicros: 0, .partition([["r1"], ["r2"]])),
            FaultEvent(atMicros: 100, .crash("r2")),
            FaultEvent(atMicros: 200, .heal(byNemesis: false)),
            FaultEvent(atMicros: 300, .partition([["r1", "r2"], ["r3"]])),
            FaultEvent(atMicros: 400, .restart("r2")),
            FaultEvent(atMicros: 500, .wipe("r1")),
        ], endMicros: 1_000)
        let summary = spans.map { "\($0.kind.rawValue) \($0.lane) \($0.startMicros)-\($0.endMicros)\($0.untilEnd ? " open" : "")" }
        #expect(summary == ["partition network 0-200", "crash r2 100-400", "partition network 300-1000 open", "wipe r1 500-1000 open"])
    }

    // MARK: Numbers

    @Test func numbersAreWrittenFromIntegers() {
        #expect(SVGNumber.coordinate(12.34) == "12.3")
        #expect(SVGNumber.coordinate(12.36) == "12.4")
        #expect(SVGNumber.coordinate(40) == "40")
        #expect(SVGNumber.coordinate(-0.04) == "0")
        #expect(SVGNumber.coordinate(-2.25) == "-2.3")
        #expect(SVGNumber.tick(0.30000000000000004) == "0.3")
        #expect(SVGNumber.compact(133.333) == "133.3")
        #expect(SVGNumber.compact(400) == "400")
        #expect(SVGNumber.compact(-1.23456) == "-1.23")
        #expect(SVGNumber.compact(0.0004) == "0")
        #expect(SVGNumber.compact(.nan) == "NaN")
    }

    @Test func ticksAreRoundSteps() {
        let empty = Ticks.rounded(lower: 0, upper: 0, integer: true)
        #expect(empty.lower == 0 && empty.upper == 1 && empty.ticks == [0, 1])
        #expect(Ticks.rounded(lower: 0, upper: 37, integer: true).ticks == [0, 10, 20, 30, 40])
        #expect(Ticks.rounded(lower: 0, upper: 3, integer: true).ticks == [0, 1, 2, 3])
        #expect(Ticks.inside(lower: 0, upper: 4.05, target: 8).map(SVGNumber.tick) == ["0", "0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4"])
        #expect(Ticks.rounded(lower: -2.5, upper: 7).ticks.map(SVGNumber.tick) == ["-4", "-2", "0", "2", "4", "6", "8"])
    }

    // MARK: Pages to look at

    /// Writes a report (faults and per-replica lines) to /tmp for a person
    /// to open (a sweep page: `HTMLSweepTests`).
    @Test func writesPagesToLookAt() throws {
        let report = try Self.fileReport("nemesis-soak.json5", perReplica: true)
        let page = report.html()
        #expect(HTMLText.count("class=\"fault-partition\"", in: page) > 0)
        #expect(HTMLText.count("class=\"fault-crash\"", in: page) > 0)
        try Data(page.utf8).write(to: URL(fileURLWithPath: "/tmp/syncsim-report.html"))
    }
}
