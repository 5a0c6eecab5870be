import Foundation
@testable import SyncExperiments
import SyncReport
import SyncSimulation
import Testing
import TestSupport

/// The sweep page: what it opens with, its summary table and contents,
/// and small multiples of the strategies that are not 0 everywhere.
struct HTMLSweepTests {
    static func summary(_ values: [Double]) -> MetricSummary? { MetricSummary(values) }

    /// `points` × strategies (each once per variant in `variants`) × every
    /// metric; `missing` (point, column label, metric) has no summary;
    /// columns whose label is in `zero` are 0 at every point.
    static func sweep(parameters: [SweepParameter], points: [[String]], strategies: [String], variants: [String] = [],
                      missing: (point: Int, strategy: String, metric: Metric)? = nil, zero: [String] = []) -> SweepResult {
        let sweepPoints = points.enumerated().map { SweepPoint(index: $0, values: $1) }
        let runs = SweepRun.plan(strategies: strategies, variants: variants)
        var rows: [SweepRow] = []
        for point in sweepPoints {
            for (column, run) in runs.enumerated() {
                for metric in Metric.allCases {
                    let isMissing = missing.map { $0.point == point.index && $0.strategy == run.label && $0.metric == metric } ?? false
                    let base = Double(point.index * 3 + column * 2 + 1)
                    let values = zero.contains(run.label) ? [0.0, 0, 0] : metric == .converged ? [1.0, 1, 1] : [base, base + 1, base + 3]
                    rows.append(SweepRow(point: point, strategy: run.strategy, variant: run.variant, metric: metric,
                                         summary: isMissing ? nil : summary(values)))
                }
            }
        }
        return SweepResult(scenario: "default", file: "Scenarios/default.json5", parameters: parameters, seeds: [1, 2, 3],
                           runs: runs, points: sweepPoints, rows: rows)
    }

    static let twoByTwo = sweep(parameters: [SweepParameter(path: "network.drop", values: ["0.1", "0.3"])],
                                points: [["0.1"], ["0.3"]], strategies: ["lww", "crdt"],
                                missing: (1, "crdt", .convergenceSeconds))

    @Test func sweepPageHasPanelsBandsAndTables() {
        let page = Self.twoByTwo.html()
        #expect(page == Self.twoByTwo.html())
        #expect(page.hasPrefix("<!DOCTYPE html>\n"))
        #expect(!page.lowercased().contains("<script"))
        #expect(HTMLText.onlySVGNamespaceURLs(page))
        #expect(page.contains("<h1>SyncSim sweep · scenario default</h1>"))
        #expect(page.contains("3 seeds per point"))
        #expect(page.contains("<code>network.drop</code> = 0.1, 0.3"))
        let metrics = SweepResult.headlineMetrics
        // A panel per strategy and metric.
        #expect(HTMLText.count("<svg", in: page) == 2 * metrics.count)
        for metric in metrics { #expect(page.contains("<h2 id=\"\(SweepResult.anchor(metric))\">\(metric.rawValue)</h2>")) }
        // A band per strategy and metric, less the one with a gap.
        #expect(HTMLText.count("fill=\"#0072B2\" fill-opacity=\"0.18\"", in: page) == metrics.count)
        #expect(HTMLText.count("fill=\"#D55E00\" fill-opacity=\"0.18\"", in: page) == metrics.count - 1)
        #expect(HTMLText.count("<path class=\"band\"", in: page) == 2 * metrics.count - 1)
        let texts = HTMLText.svgTexts(page)
        #expect(texts.contains("network.drop"))
        #expect(texts.contains("duplicates.final (count)") && texts.contains("convergenceSeconds (s)"))
        #expect(HTMLText.count("<figcaption>lww</figcaption>", in: page) == metrics.count)
        #expect(page.contains("<p class=\"meta\">Each panel: one strategy's rejected against network.drop.</p>"))
        #expect(page.contains("aria-label=\"crdt: rejected against network.drop\""))
        // Values tables (and the summary): mean, then [low, high] under it, and a dash for the gap.
        #expect(HTMLText.count("<table>", in: page) == metrics.count + 1)
        let mean = Self.summary([1, 2, 4])!
        #expect(page.contains("<td class=\"num\">\(SVGNumber.compact(mean.mean))<br><span class=\"ci\">[\(SVGNumber.compact(mean.ciLow)), \(SVGNumber.compact(mean.ciHigh))]</span></td>"))
        #expect(HTMLText.count("<td class=\"num\">—</td>", in: page) == 1)
    }

    @Test func thePageStartsWithSentencesASummaryTableAndContents() throws {
        let page = Self.twoByTwo.html()
        let finding = try #require(page.range(of: "<section class=\"finding\""))
        let contents = try #require(page.range(of: "<nav class=\"toc\""))
        let summary = try #require(page.range(of: "<h2 id=\"summary\">Summary</h2>"))
        let firstChart = try #require(page.range(of: "<svg"))
        #expect(finding.lowerBound < contents.lowerBound && contents.lowerBound < summary.lowerBound && summary.lowerBound < firstChart.lowerBound)
        #expect(page.contains("<a href=\"#summary\">Summary</a>"))
        for metric in SweepResult.headlineMetrics {
            #expect(page.contains("<a href=\"#\(SweepResult.anchor(metric))\">\(metric.rawValue)</a>"))
        }
        // lww: means 2.333 at point 0 and 5.333 at point 1 (base 1 and 4, values base, base + 1, base + 3).
        #expect(page.contains("<tr><td>lww</td><td class=\"num\">2.33 – 5.33</td>"))
        // crdt's convergenceSeconds: one point of two has a value.
        #expect(page.contains("<td class=\"num\">4.33 <span class=\"ci\">(1 of 2 points)</span></td>"))
        #expect(page.contains("<th class=\"num\">duplicates.<wbr>final</th>"))
    }

    @Test func sentencesNameWhoIsAbove0AndWhoIsNot() {
        let sweep = Self.sweep(parameters: [SweepParameter(path: "network.drop", values: ["0", "0.2"])], points: [["0"], ["0.2"]],
                               strategies: ["lww", "dedupe", "crdt", "unique:error"], zero: ["crdt", "unique:error"])
        let lines = SweepFindings(sweep).sentences
        // lww: base 1 then 4 → means 2.33, 5.33; dedupe: base 3 then 6 → 4.33, 7.33.
        #expect(lines == [
            "Duplicates at the end (worst replica), mean over the seeds: lww 2.33 to 5.33 and dedupe 4.33 to 7.33; 0 at every point under crdt and unique:error.",
            "Lost writes, mean over the seeds: lww 2.33 to 5.33 and dedupe 4.33 to 7.33; 0 at every point under crdt and unique:error.",
            "Diverged replicas, mean over the seeds: lww 2.33 to 5.33 and dedupe 4.33 to 7.33; 0 at every point under crdt and unique:error.",
            // Zero strategies' `converged` is 0 too: no seed converged there.
            "No run of crdt and unique:error converged, at any point.",
            "Every run of lww and dedupe converged.",
        ])
        let page = sweep.html()
        #expect(page.contains("<p>0 at every point (every seed): crdt and unique:error.</p>"))
        // Panels only for lww and dedupe.
        #expect(HTMLText.count("<svg", in: page) == 2 * SweepResult.headlineMetrics.count)
        let flat = Self.sweep(parameters: [], points: [[]], strategies: ["a", "b"], zero: ["a", "b"])
        #expect(SweepFindings(flat).sentences.first == "Duplicates at the end (worst replica): 0 at every point under every strategy.")
    }

    /// Eight strategy columns fit a 1280 px window; ten make two tables.
    @Test func manyStrategiesSplitTheValuesTables() {
        let names = (1 ... 10).map { "strategy\($0)" }
        let sweep = Self.sweep(parameters: [SweepParameter(path: "network.drop", values: ["0", "0.2"])], points: [["0"], ["0.2"]],
                               strategies: names)
        let page = sweep.html()
        let metrics = SweepResult.headlineMetrics.count
        #expect(HTMLText.count("<table>", in: page) == 1 + 2 * metrics)
        #expect(page.contains("<caption>lostWrites: mean [95% confidence interval] per point and strategy (strategies 1–8 of 10)</caption>"))
        #expect(page.contains("<caption>lostWrites: mean [95% confidence interval] per point and strategy (strategies 9–10 of 10)</caption>"))
        #expect(HTMLText.count("<th class=\"num\">strategy9</th>", in: page) == metrics)
        #expect(!Self.twoByTwo.html().contains("(strategies 1–"))
    }

    @Test func runsThatSometimesConvergeAreNamedWithTheirShare() {
        let base = Self.sweep(parameters: [SweepParameter(path: "network.drop", values: ["0", "0.2"])], points: [["0"], ["0.2"]],
                              strategies: ["lww", "crdt"])
        // lww: 2 of 3 seeds converged at the first point, all at the second.
        let rows = base.rows.map { row in
            row.strategy == "lww" && row.metric == .converged && row.point.index == 0
                ? SweepRow(point: row.point, strategy: row.strategy, metric: row.metric, summary: Self.summary([1, 0, 1])) : row
        }
        let sweep = SweepResult(scenario: base.scenario, file: base.file, parameters: base.parameters, seeds: base.seeds,
                                runs: base.runs, points: base.points, rows: rows)
        #expect(SweepFindings(sweep).convergence == [
            "Some runs did not converge under lww (0.667 to 1), as the share of seeds that converged.",
            "Every run of crdt converged.",
        ])
    }

    @Test func sweepWithTwoParametersDrawsALinePerCombination() {
        let sweep = Self.sweep(parameters: [SweepParameter(path: "network.delay", values: ["5ms", "50ms", "500ms"]),
                                            SweepParameter(path: "replicas", values: ["2", "4"])],
                               points: [["5ms", "2"], ["5ms", "4"], ["50ms", "2"], ["50ms", "4"], ["500ms", "2"], ["500ms", "4"]],
                               strategies: ["lww", "dedupe", "crdt"])
        let page = sweep.html()
        let metrics = SweepResult.headlineMetrics.count
        #expect(HTMLText.count("<svg", in: page) == 3 * metrics)
        #expect(page.contains("Each panel: one strategy's duplicates.final against network.delay (in the order given), one line per replicas."))
        let texts = HTMLText.svgTexts(page)
        for category in ["5ms", "50ms", "500ms"] { #expect(texts.filter { $0 == category }.count == 3 * metrics) }
        // The legend of every panel tells the lines apart.
        #expect(texts.filter { $0 == "replicas = 2" }.count == 3 * metrics)
        #expect(HTMLText.count("<path class=\"band\"", in: page) == 3 * 2 * metrics)
    }

    /// A preset with variants: each strategy once per variant, every
    /// column, panel and sentence named `strategy [variant]`.
    @Test func variantsNameEveryColumnStrategyAndVariant() {
        let sweep = Self.sweep(parameters: [SweepParameter(path: "network.drop", values: ["0", "0.2"])], points: [["0"], ["0.2"]],
                               strategies: ["lww", "dedupe"], variants: ["importFirst", "exportFirst"], zero: ["dedupe [importFirst]"])
        let labels = ["lww [importFirst]", "lww [exportFirst]", "dedupe [importFirst]", "dedupe [exportFirst]"]
        #expect(sweep.runs.map(\.label) == labels)
        let page = sweep.html()
        #expect(page.contains("strategies lww, dedupe, each once per variant: importFirst, exportFirst (the preset has a behaviour no source settles)</p>"))
        let metrics = SweepResult.headlineMetrics.count
        // A panel per column but dedupe [importFirst], 0 everywhere.
        #expect(HTMLText.count("<svg", in: page) == 3 * metrics)
        for label in ["lww [importFirst]", "lww [exportFirst]", "dedupe [exportFirst]"] {
            #expect(HTMLText.count("<figcaption>\(label)</figcaption>", in: page) == metrics, "\(label)")
            #expect(HTMLText.count("<th class=\"num\">\(label)</th>", in: page) == metrics, "\(label)")
        }
        #expect(page.contains("<p>0 at every point (every seed): dedupe [importFirst].</p>"))
        // The summary table: lww [importFirst] is column 0 (base 1 then 4), lww [exportFirst] column 1 (base 3 then 6).
        #expect(page.contains("<tr><td>lww [importFirst]</td><td class=\"num\">2.33 – 5.33</td>"))
        #expect(page.contains("<tr><td>lww [exportFirst]</td><td class=\"num\">4.33 – 7.33</td>"))
        #expect(SweepFindings(sweep).sentences.first
            == "Duplicates at the end (worst replica), mean over the seeds: lww [importFirst] 2.33 to 5.33, lww [exportFirst] 4.33 to 7.33 "
            + "and dedupe [exportFirst] 8.33 to 11.33; 0 at every point under dedupe [importFirst].")
    }

    /// Without variants the page says nothing of them.
    @Test func aSweepWithoutVariantsDoesNotMentionThem() {
        let page = Self.twoByTwo.html()
        #expect(!page.contains("per variant") && page.contains("<figcaption>lww</figcaption>"))
        #expect(page.contains("· strategies lww, crdt</p>"))
        #expect(Self.twoByTwo.variants.isEmpty && Self.twoByTwo.strategies == ["lww", "crdt"])
    }

    // MARK: A page to look at

    /// Writes a sweep page (two parameters, a gap) to /tmp for a person to
    /// open, as `HTMLReportTests` writes a report page.
    @Test func writesAPageToLookAt() throws {
        let sweep = Self.sweep(parameters: [SweepParameter(path: "network.drop", values: ["0", "0.1", "0.2", "0.4"]),
                                            SweepParameter(path: "network.delay", values: ["5ms", "80ms"])],
                               points: [["0", "5ms"], ["0", "80ms"], ["0.1", "5ms"], ["0.1", "80ms"],
                                        ["0.2", "5ms"], ["0.2", "80ms"], ["0.4", "5ms"], ["0.4", "80ms"]],
                               strategies: ["lww", "dedupe", "crdt", "unique:objectTrump"], missing: (4, "crdt", .convergenceSeconds))
        try Data(sweep.html().utf8).write(to: URL(fileURLWithPath: "/tmp/syncsim-sweep.html"))
    }
}
