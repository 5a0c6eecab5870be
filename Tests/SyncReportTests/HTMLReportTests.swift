import Foundation
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

    static let scenariosDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios", isDirectory: true)

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

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Every `http` in the page is the SVG namespace.
    static func onlySVGNamespaceURLs(_ page: String) -> Bool {
        count("http", in: page) == count("\"http://www.w3.org/2000/svg\"", in: page)
    }

    /// The text of every `<text>` element in the page.
    static func svgTexts(_ page: String) -> [String] {
        page.components(separatedBy: "<text ").dropFirst().compactMap { part in
            guard let open = part.firstIndex(of: ">"), let close = part.range(of: "</text>") else { return nil }
            return String(part[part.index(after: open) ..< close.lowerBound])
        }
    }

    // MARK: Report

    @Test func reportPageIsSelfContainedAndDeterministic() {
        let page = Self.defaultReport.html()
        #expect(page == Self.defaultReport.html())
        #expect(page.hasPrefix("<!DOCTYPE html>\n"))
        #expect(page.hasSuffix("</html>\n"))
        #expect(!page.lowercased().contains("<script"))
        #expect(!page.contains("<link") && !page.contains("<img") && !page.contains("url("))
        #expect(Self.onlySVGNamespaceURLs(page))
        // Duplicates over time (with the fault timeline) and rejected/lost.
        #expect(Self.count("<svg", in: page) == 2)
        #expect(Self.count("</svg>", in: page) == 2)
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
        #expect(!page.contains("<h2>Expectations</h2>"))
    }

    @Test func chartsHaveLabelledAxesAndALegendOfEveryStrategy() {
        let report = Self.defaultReport
        let texts = Self.svgTexts(report.html())
        for label in ["virtual time (s)", "duplicates (worst replica)", "rejected", "lost"] {
            #expect(texts.contains(label), "axis or legend label \(label)")
        }
        #expect(texts.contains { $0.hasPrefix("count per run") })
        for result in report.results {
            // Once in the line chart's legend, once beside the bars.
            #expect(texts.filter { $0 == result.strategy }.count == 2, "\(result.strategy)")
        }
        // The x axis starts at 0 s; strategies differ in colour and dash.
        #expect(texts.contains("0"))
        let page = report.html()
        #expect(page.contains("stroke=\"#0072B2\"") && page.contains("stroke=\"#D55E00\" stroke-dasharray=\"8 3\""))
    }

    @Test func partitionsAreDrawnUnderTheTimeAxis() {
        let page = Self.defaultReport.html()
        // One partition from 0 s until the heal at 2 s, in the network lane.
        #expect(Self.count("class=\"fault-partition\"", in: page) == 1)
        #expect(page.contains("<title>partition r1 | r2 | r3 from 0 s to 2 s</title>"))
        #expect(Self.svgTexts(page).contains("network"))
        #expect(Self.svgTexts(page).contains("partition (replicas split)"))
        #expect(!page.contains("class=\"fault-crash\""))
    }

    @Test func crashesAreDrawnPerReplicaAndExpectationsListed() throws {
        let report = Self.crashRestartReport
        let page = report.html()
        #expect(page == report.html())
        #expect(Self.count("<svg", in: page) == 2)
        #expect(Self.count("class=\"fault-crash\"", in: page) == 1)
        #expect(page.contains("<title>r3 crashed from 1 s to 1.5 s</title>"))
        #expect(Self.svgTexts(page).contains("r3"))
        #expect(Self.svgTexts(page).contains("crash (store kept)"))
        #expect(!page.contains("class=\"fault-partition\""))
        #expect(page.contains("<h2>Expectations</h2>"))
        #expect(Self.count("<td class=\"pass\">PASS</td>", in: page) + Self.count("<td class=\"fail\">FAIL</td>", in: page)
            == report.expectations.count)
        #expect(page.contains("<td>intentsWhileDown</td><td>≥ 1</td>"))
        #expect(page.contains("<code>simulate run Scenarios/crash-restart.json5 --seed \(report.seed)"))
        #expect(Self.onlySVGNamespaceURLs(page))
    }

    @Test func perReplicaSeriesAddOneSmallChartPerStrategy() throws {
        let report = try Self.fileReport("crash-restart.json5", perReplica: true)
        let page = report.html()
        #expect(Self.count("<svg", in: page) == 2 + report.results.count)
        #expect(page.contains("<h2>Duplicates per replica</h2>"))
        for result in report.results {
            #expect(page.contains("<figcaption>\(result.strategy): duplicates on each replica</figcaption>"))
        }
        let texts = Self.svgTexts(page)
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
            return copy
        }
        let names = StrategyCatalog.allNames
        #expect(names.count == 12)
        var results = names.map { result($0, counts: [0], end: 0) }
        let allZero = Report(scenario: Self.defaultReport.scenario, seed: 1, results: results, includesTiming: false).html()
        #expect(Self.count("<svg", in: allZero) == 2)
        #expect(!allZero.contains("NaN") && !allZero.contains("∞"))
        #expect(allZero.contains("No run had a duplicate at any moment."))
        #expect(allZero.contains("No partitions or crashes."))
        #expect(!allZero.contains("class=\"fault-"))
        let texts = Self.svgTexts(allZero)
        #expect(texts.contains("0") && texts.contains("1"), "y axis 0 … 1")
        for name in names { #expect(texts.filter { $0 == name }.count == 2, "\(name)") }
        // A distinct colour and dash pair per strategy; the first ten differ in both.
        let styles = names.indices.map { SeriesStyle.numbered($0) }
        #expect(Set(styles.map { $0.colour + "|" + $0.dash }).count == names.count)
        #expect(Set(styles.prefix(10).map(\.colour)).count == 10 && Set(styles.prefix(10).map(\.dash)).count == 10)

        // A short run holds its last value to the end of the longest one.
        results[0] = result(names[0], counts: [0, 2, 5], end: 200_000)
        results[1] = result(names[1], counts: [0, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3], end: 1_000_000)
        let mixed = Report(scenario: Self.defaultReport.scenario, seed: 1, results: results, includesTiming: false).html()
        #expect(Self.count("class=\"series\" d=\"M58 ", in: mixed) == names.count, "lines start at x = 0")
        let plotRight = "702"
        #expect(Self.count(" L\(plotRight) ", in: mixed) >= names.count, "every line reaches the end at 1 s")
        #expect(Self.svgTexts(mixed).contains("1"))
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
            FaultEvent(atMicros: 0, kind: .partition, detail: "r1 | r2"),
            FaultEvent(atMicros: 100, kind: .crash, detail: "r2"),
            FaultEvent(atMicros: 200, kind: .heal, detail: ""),
            FaultEvent(atMicros: 300, kind: .partition, detail: "r1,r2 | r3"),
            FaultEvent(atMicros: 400, kind: .restart, detail: "r2"),
            FaultEvent(atMicros: 500, kind: .wipe, detail: "r1"),
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

    // MARK: Sweep

    static func summary(_ values: [Double]) -> MetricSummary? { MetricSummary(values) }

    /// `points` × strategies × headline metrics; `missing` (point, strategy,
    /// metric) has no summary.
    static func sweep(parameters: [SweepParameter], points: [[String]], strategies: [String],
                      missing: (point: Int, strategy: String, metric: Metric)? = nil) -> SweepResult {
        let sweepPoints = points.enumerated().map { SweepPoint(index: $0, values: $1) }
        var rows: [SweepRow] = []
        for point in sweepPoints {
            for (column, strategy) in strategies.enumerated() {
                for metric in Metric.allCases {
                    let isMissing = missing.map { $0.point == point.index && $0.strategy == strategy && $0.metric == metric } ?? false
                    let base = Double(point.index * 3 + column * 2 + 1)
                    rows.append(SweepRow(point: point, strategy: strategy, metric: metric,
                                         summary: isMissing ? nil : summary([base, base + 1, base + 3])))
                }
            }
        }
        return SweepResult(scenario: "default", file: "Scenarios/default.json5", parameters: parameters, seeds: [1, 2, 3],
                           strategies: strategies, points: sweepPoints, rows: rows)
    }

    static let twoByTwo = sweep(parameters: [SweepParameter(path: "network.drop", values: ["0.1", "0.3"])],
                                points: [["0.1"], ["0.3"]], strategies: ["lww", "crdt"],
                                missing: (1, "crdt", .convergenceSeconds))

    @Test func sweepPageHasBandsLinesAndTables() {
        let page = Self.twoByTwo.html()
        #expect(page == Self.twoByTwo.html())
        #expect(page.hasPrefix("<!DOCTYPE html>\n"))
        #expect(!page.lowercased().contains("<script"))
        #expect(Self.onlySVGNamespaceURLs(page))
        #expect(page.contains("<h1>SyncSim sweep · scenario default</h1>"))
        #expect(page.contains("3 seeds per point"))
        #expect(page.contains("<code>network.drop</code> = 0.1, 0.3"))
        let metrics = SweepResult.headlineMetrics
        #expect(Self.count("<svg", in: page) == metrics.count)
        for metric in metrics { #expect(page.contains("<h2>\(metric.rawValue)</h2>")) }
        // A band per strategy and metric, less the one with a gap.
        #expect(Self.count("fill=\"#0072B2\" fill-opacity=\"0.18\"", in: page) == metrics.count)
        #expect(Self.count("fill=\"#D55E00\" fill-opacity=\"0.18\"", in: page) == metrics.count - 1)
        #expect(Self.count("<path class=\"band\"", in: page) == 2 * metrics.count - 1)
        let texts = Self.svgTexts(page)
        #expect(texts.filter { $0 == "lww" }.count == metrics.count)
        #expect(texts.filter { $0 == "crdt" }.count == metrics.count)
        #expect(texts.contains("network.drop"))
        #expect(texts.contains("duplicates.final (count)") && texts.contains("convergenceSeconds (s)"))
        // Values tables: mean [low, high], and a dash for the gap.
        #expect(Self.count("<table>", in: page) == metrics.count)
        let mean = Self.summary([1, 2, 4])!
        #expect(page.contains("<td class=\"num\">\(SVGNumber.compact(mean.mean)) [\(SVGNumber.compact(mean.ciLow)), \(SVGNumber.compact(mean.ciHigh))]</td>"))
        #expect(Self.count("<td class=\"num\">—</td>", in: page) == 1)
    }

    @Test func sweepWithTwoParametersDrawsAChartPerCombination() {
        let sweep = Self.sweep(parameters: [SweepParameter(path: "network.delay", values: ["5ms", "50ms", "500ms"]),
                                            SweepParameter(path: "replicas", values: ["2", "4"])],
                               points: [["5ms", "2"], ["5ms", "4"], ["50ms", "2"], ["50ms", "4"], ["500ms", "2"], ["500ms", "4"]],
                               strategies: ["lww", "dedupe", "crdt"])
        let page = sweep.html()
        #expect(Self.count("<svg", in: page) == 2 * SweepResult.headlineMetrics.count)
        #expect(page.contains("<figcaption>duplicates.final against network.delay (in the order given), where replicas = 2</figcaption>"))
        #expect(page.contains("<figcaption>duplicates.final against network.delay (in the order given), where replicas = 4</figcaption>"))
        let texts = Self.svgTexts(page)
        for category in ["5ms", "50ms", "500ms"] { #expect(texts.filter { $0 == category }.count == 2 * SweepResult.headlineMetrics.count) }
        #expect(Self.count("<path class=\"band\"", in: page) == 3 * 2 * SweepResult.headlineMetrics.count)
    }

    // MARK: Pages to look at

    /// Writes a report (faults and per-replica lines) and a sweep page to
    /// /tmp for a person to open.
    @Test func writesPagesToLookAt() throws {
        let report = try Self.fileReport("nemesis-soak.json5", perReplica: true)
        let page = report.html()
        #expect(Self.count("class=\"fault-partition\"", in: page) > 0)
        #expect(Self.count("class=\"fault-crash\"", in: page) > 0)
        try Data(page.utf8).write(to: URL(fileURLWithPath: "/tmp/syncsim-report.html"))
        let sweep = Self.sweep(parameters: [SweepParameter(path: "network.drop", values: ["0", "0.1", "0.2", "0.4"]),
                                            SweepParameter(path: "network.delay", values: ["5ms", "80ms"])],
                               points: [["0", "5ms"], ["0", "80ms"], ["0.1", "5ms"], ["0.1", "80ms"],
                                        ["0.2", "5ms"], ["0.2", "80ms"], ["0.4", "5ms"], ["0.4", "80ms"]],
                               strategies: ["lww", "dedupe", "crdt", "unique:objectTrump"], missing: (4, "crdt", .convergenceSeconds))
        try Data(sweep.html().utf8).write(to: URL(fileURLWithPath: "/tmp/syncsim-sweep.html"))
    }
}
