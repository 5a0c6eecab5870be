import SyncSimulation

extension Report {
    /// A self-contained HTML page: the settings, the results table of the
    /// Markdown report, duplicates over virtual time above the fault
    /// timeline, duplicates per replica (when recorded), rejected and lost
    /// writes, the expectations and the replay command. Inline SVG and CSS
    /// only; the same report gives the same bytes.
    public func html() -> String {
        var body = "<h1>\(HTMLPage.escape(headline))</h1>\n"
        body += "<p>\(HTMLPage.escape(scenario.description))</p>\n"
        body += "<p class=\"meta\">\(HTMLPage.escape(settingsLine))</p>\n"
        body += stackLines.map { "<p class=\"meta\">\(HTMLPage.escape($0))</p>\n" }.joined()
        if let file { body += "<p class=\"meta\">scenario file <code>\(HTMLPage.escape(file))</code></p>\n" }

        body += "<h2>Results</h2>\n"
        body += HTMLPage.table(headers: columns.map(\.header), numeric: columns.map { !$0.leftAligned },
                               rows: results.map { result in columns.map { $0.cell(result) } })
        if hasWriters {
            body += HTMLPage.table(headers: raceColumns.map(\.header), numeric: raceColumns.map { !$0.leftAligned },
                                   rows: results.map { result in raceColumns.map { $0.cell(result) } })
        }
        body += warnings.map { "<p class=\"warning\">\(HTMLPage.escape($0))</p>\n" }.joined()
        body += "<ul class=\"legend\">\n" + legend.map { "<li>\(HTMLPage.escape($0))</li>\n" }.joined() + "</ul>\n"

        if !results.isEmpty {
            let timeline = FaultTimeline(results: results, replicaNames: scenario.replicaNames)
            body += "<h2>Duplicates over virtual time</h2>\n"
            body += HTMLPage.figure(duplicatesChart(timeline: timeline), caption: duplicatesCaption(timeline))

            let recorded = results.filter { $0.series.perReplica != nil }
            if !recorded.isEmpty {
                body += "<h2>Duplicates per replica</h2>\n<div class=\"grid\">\n"
                let top = recorded.flatMap { $0.series.perReplica!.flatMap { $0 } }.max() ?? 0
                for result in recorded {
                    body += HTMLPage.figure(perReplicaChart(result, xMaxMicros: timeline.endMicros, maxCount: top),
                                            caption: "\(result.strategy): duplicates on each replica", className: "small")
                }
                body += "</div>\n"
            }

            body += "<h2>Rejected and lost writes</h2>\n"
            body += HTMLPage.figure(rejectedLostChart(),
                                    caption: "Per strategy: rejected (saves and change sets a store refused, and those stuck behind them) and lost writes (acknowledged writes that no replica's record of the key, the one a fetch by key returns, holds, or records gone everywhere).")
        }

        if !expectations.isEmpty {
            body += "<h2>Expectations</h2>\n" + expectationsTable()
        }
        body += "<h2>Replay</h2>\n<p><code>\(HTMLPage.escape(replayCommand))</code></p>\n"
        return HTMLPage.document(title: headline, body: body)
    }

    private func expectationsTable() -> String {
        var lines = ["<div class=\"scroll\"><table>",
                     "<thead><tr><th>result</th><th>strategy</th><th>metric</th><th>expected</th><th class=\"num\">actual</th></tr></thead>",
                     "<tbody>"]
        for outcome in expectations {
            lines.append("<tr><td class=\"\(outcome.passed ? "pass" : "fail")\">\(outcome.passed ? "PASS" : "FAIL")</td>"
                + "<td>\(HTMLPage.escape(outcome.strategy))</td><td>\(HTMLPage.escape(outcome.expectation.metric.rawValue))</td>"
                + "<td>\(HTMLPage.escape(ExpectationText.bound(outcome.expectation.bound)))</td>"
                + "<td class=\"num\">\(HTMLPage.escape(ExpectationText.number(outcome.actual)))</td></tr>")
        }
        lines.append("</tbody></table></div>")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Duplicates over time

    private func duplicatesCaption(_ timeline: FaultTimeline) -> String {
        var caption = "Duplicate records on the worst replica, per \(DecimalText.duration(micros: results[0].series.resolutionMicros)) bucket (the highest count in each)."
        if results.allSatisfy({ $0.series.worst.allSatisfy { $0 == 0 } }) { caption += " No run had a duplicate at any moment." }
        if timeline.spans.isEmpty {
            caption += " No partitions or crashes."
        } else {
            caption += " Under the time axis: partitions (network) and crashed replicas, from the fault to the heal or restart."
            if let source = timeline.differingSource {
                caption += " The runs saw different faults; the timeline is that of \(source)."
            }
        }
        return caption
    }

    private func duplicatesChart(timeline: FaultTimeline) -> String {
        let width = 720.0
        let left = 58.0
        let legendEntries = results.enumerated().map { LegendEntry(label: $1.strategy, mark: .line(SeriesStyle.numbered($0))) }
        var chart = SVGChart(width: width)
        let legendHeight = chart.legend(legendEntries, left: left, top: 6, width: width - left - 10)
        let plot = PlotArea(left: left, top: 6 + legendHeight + 12, width: width - left - 18, height: 250)

        let xMax = Double(timeline.endMicros) / 1_000_000
        let x = LinearScale(lower: 0, upper: xMax, start: plot.left, end: plot.right)
        let top = results.flatMap(\.series.worst).max() ?? 0
        let yDomain = Ticks.rounded(lower: 0, upper: Double(top), integer: true)
        let y = LinearScale(lower: yDomain.lower, upper: yDomain.upper, start: plot.bottom, end: plot.top)

        chart.yAxis(y, ticks: yDomain.ticks, plot: plot, title: "duplicates (worst replica)")
        for span in timeline.spans where span.kind == .partition {
            chart.rect(x: x(span.startSeconds), y: plot.top, width: x(span.endSeconds) - x(span.startSeconds), height: plot.height,
                       fill: "#808080", opacity: 0.12, title: span.title)
        }
        let xTicks = Ticks.inside(lower: 0, upper: xMax, target: 8).map { (value: $0, label: SVGNumber.tick($0)) }
        let axisEnd = chart.xAxis(x, ticks: xTicks, plot: plot, title: "virtual time (s)", grid: true)
        for (index, result) in results.enumerated() {
            let points = Report.stepPoints(result.series.worst, resolutionMicros: result.series.resolutionMicros, endMicros: timeline.endMicros)
                .map { SVGPoint(x: x($0.seconds), y: y(Double($0.count))) }
            chart.polyline([points], style: SeriesStyle.numbered(index),
                           title: "\(result.strategy): final \(result.duplicates.final), peak \(result.duplicates.peak)")
        }
        chart.height = timeline.draw(on: &chart, scale: x, plot: plot, top: axisEnd + 4) + 6
        return chart.rendered(label: "Duplicates on the worst replica over virtual time, one line per strategy")
    }

    /// A step line: each bucket's count from its start to the next
    /// bucket's, the last held to `endMicros`. Only changes make points.
    static func stepPoints(_ counts: [Int], resolutionMicros: Int64, endMicros: Int64) -> [(seconds: Double, count: Int)] {
        guard let last = counts.last else { return [] }
        var points = [(seconds: 0.0, count: counts[0])]
        for index in counts.indices.dropFirst() where counts[index] != counts[index - 1] {
            let seconds = Double(Int64(index) * resolutionMicros) / 1_000_000
            points.append((seconds, counts[index - 1]))
            points.append((seconds, counts[index]))
        }
        points.append((Double(endMicros) / 1_000_000, last))
        return points
    }

    private func perReplicaChart(_ result: RunResult, xMaxMicros: Int64, maxCount: Int) -> String {
        let width = 400.0
        let left = 50.0
        let series = result.series.perReplica ?? []
        let entries = series.indices.map { index in
            LegendEntry(label: scenario.replicaNames.indices.contains(index) ? scenario.replicaNames[index] : "replica \(index + 1)",
                        mark: .line(SeriesStyle.numbered(index)))
        }
        var chart = SVGChart(width: width)
        let legendHeight = chart.legend(entries, left: left, top: 4, width: width - left - 8)
        let plot = PlotArea(left: left, top: 4 + legendHeight + 10, width: width - left - 14, height: 150)
        let xMax = Double(xMaxMicros) / 1_000_000
        let x = LinearScale(lower: 0, upper: xMax, start: plot.left, end: plot.right)
        let yDomain = Ticks.rounded(lower: 0, upper: Double(maxCount), target: 4, integer: true)
        let y = LinearScale(lower: yDomain.lower, upper: yDomain.upper, start: plot.bottom, end: plot.top)
        chart.yAxis(y, ticks: yDomain.ticks, plot: plot, title: "duplicates")
        let xTicks = Ticks.inside(lower: 0, upper: xMax, target: 5).map { (value: $0, label: SVGNumber.tick($0)) }
        chart.height = chart.xAxis(x, ticks: xTicks, plot: plot, title: "virtual time (s)", grid: true) + 4
        for (index, counts) in series.enumerated() {
            let points = Report.stepPoints(counts, resolutionMicros: result.series.resolutionMicros, endMicros: xMaxMicros)
                .map { SVGPoint(x: x($0.seconds), y: y(Double($0.count))) }
            chart.polyline([points], style: SeriesStyle.numbered(index), width: 1.6, title: entries[index].label)
        }
        return chart.rendered(label: "\(result.strategy): duplicates on each replica over virtual time")
    }

    // MARK: Rejected and lost

    private func rejectedLostChart() -> String {
        let width = 720.0
        let longest = results.map(\.strategy.count).max() ?? 0
        let left = min(220, max(70, Double(longest) * 6.8 + 16))
        let kinds = [(label: "rejected", fill: "#1F5F99", value: { (result: RunResult) in result.rejected.total }),
                     (label: "lost", fill: "#F0A030", value: { (result: RunResult) in result.lostWrites.total })]
        var chart = SVGChart(width: width)
        let legendHeight = chart.legend(kinds.map { LegendEntry(label: $0.label, mark: .swatch(fill: $0.fill, opacity: 1)) },
                                        left: left, top: 4, width: width - left - 10)
        let groupHeight = 34.0
        let plot = PlotArea(left: left, top: 4 + legendHeight + 8, width: width - left - 48, height: groupHeight * Double(results.count))
        let top = results.flatMap { result in kinds.map { $0.value(result) } }.max() ?? 0
        let domain = Ticks.rounded(lower: 0, upper: Double(top), target: 6, integer: true)
        let x = LinearScale(lower: domain.lower, upper: domain.upper, start: plot.left, end: plot.right)
        chart.height = chart.xAxis(x, ticks: domain.ticks.map { (value: $0, label: SVGNumber.tick($0)) }, plot: plot,
                                   title: "count per run (saves and change sets rejected; writes and records lost)", grid: true) + 4
        chart.line(from: SVGPoint(x: plot.left, y: plot.top), to: SVGPoint(x: plot.left, y: plot.bottom), stroke: SVGChart.axisColour)
        for (row, result) in results.enumerated() {
            let groupTop = plot.top + Double(row) * groupHeight
            chart.text(result.strategy, x: plot.left - 8, y: groupTop + groupHeight / 2 + 4, anchor: .end)
            for (index, kind) in kinds.enumerated() {
                let value = kind.value(result)
                let barTop = groupTop + 4 + Double(index) * 13
                chart.rect(x: plot.left, y: barTop, width: x(Double(value)) - plot.left, height: 12, fill: kind.fill,
                           className: "bar", title: "\(result.strategy) \(kind.label): \(value)")
                chart.text(String(value), x: x(Double(value)) + 4, y: barTop + 10, size: 11)
            }
        }
        return chart.rendered(label: "Rejected and lost writes per strategy")
    }
}

/// The faults of a run as spans: partitions from the partition to the
/// next heal (or the end), crashed replicas from the crash or wipe to the
/// restart (or the end).
struct FaultTimeline {
    struct Span {
        let kind: FaultEvent.Kind
        /// `network` for partitions, else the replica.
        let lane: String
        let startMicros: Int64
        let endMicros: Int64
        let detail: String
        let untilEnd: Bool

        var startSeconds: Double { Double(startMicros) / 1_000_000 }
        var endSeconds: Double { Double(endMicros) / 1_000_000 }
        var title: String {
            let what: String
            switch kind {
            case .partition: what = "partition " + detail
            case .cut: what = "one-way cut " + detail
            case .wipe: what = "\(lane) wiped"
            default: what = "\(lane) crashed"
            }
            return what + " from \(DecimalText.seconds(micros: startMicros)) s to "
                + (untilEnd ? "the end" : "\(DecimalText.seconds(micros: endMicros)) s")
        }
    }

    static let networkLane = "network"
    static let fills: [(kind: FaultEvent.Kind, fill: String, label: String)] = [
        (.partition, "#8A8A8A", "partition (replicas split)"),
        (.cut, "#B8B8B8", "cut (one way)"),
        (.crash, "#E8877C", "crash (store kept)"),
        (.wipe, "#7A1414", "wipe (store lost)"),
    ]

    /// The x axis end: the longest run, at least one bucket.
    let endMicros: Int64
    let spans: [Span]
    let lanes: [String]
    /// Set when the runs saw different faults: the strategy whose faults
    /// are shown.
    let differingSource: String?

    init(results: [RunResult], replicaNames: [String]) {
        let end = results.map { result in
            max(result.endMicros, Int64(max(result.series.worst.count - 1, 0)) * result.series.resolutionMicros)
        }.max() ?? 0
        endMicros = end > 0 ? end : max(results.map(\.series.resolutionMicros).max() ?? 1_000_000, 1)
        // The run with the most faults; the first of those on a tie.
        var source = results.first
        for result in results where result.faults.count > source?.faults.count ?? 0 { source = result }
        let faults = source?.faults ?? []
        differingSource = results.allSatisfy { Array(faults.prefix($0.faults.count)) == $0.faults } ? nil : source?.strategy
        spans = FaultTimeline.spans(faults, endMicros: endMicros)
        let used = spans.map(\.lane)
        var lanes = used.contains(FaultTimeline.networkLane) ? [FaultTimeline.networkLane] : []
        lanes += replicaNames.filter { used.contains($0) }
        for lane in used where !lanes.contains(lane) { lanes.append(lane) }
        self.lanes = lanes
    }

    static func spans(_ faults: [FaultEvent], endMicros: Int64) -> [Span] {
        var spans: [Span] = []
        var open: [(lane: String, kind: FaultEvent.Kind, start: Int64, detail: String)] = []
        func close(_ lane: String, at time: Int64, untilEnd: Bool = false) {
            guard let index = open.firstIndex(where: { $0.lane == lane }) else { return }
            let item = open.remove(at: index)
            spans.append(Span(kind: item.kind, lane: lane, startMicros: item.start, endMicros: max(time, item.start),
                              detail: item.detail, untilEnd: untilEnd))
        }
        for fault in faults {
            switch fault.kind {
            case .partition, .cut:
                // A cut adds to what is already cut: the span shows the latest.
                close(networkLane, at: fault.atMicros)
                open.append((networkLane, fault.kind, fault.atMicros, fault.detail))
            case .heal:
                close(networkLane, at: fault.atMicros)
            case .crash, .wipe:
                close(fault.detail, at: fault.atMicros)
                open.append((fault.detail, fault.kind, fault.atMicros, fault.detail))
            case .restart:
                close(fault.detail, at: fault.atMicros)
            }
        }
        while let item = open.first { close(item.lane, at: endMicros, untilEnd: true) }
        return spans
    }

    /// Lanes under the time axis from `top`, then a key of the kinds
    /// drawn; returns the y below them (`top` when there are no faults).
    func draw(on chart: inout SVGChart, scale x: LinearScale, plot: PlotArea, top: Double) -> Double {
        guard !spans.isEmpty else { return top }
        let laneHeight = 14.0
        let laneStep = 18.0
        for (row, lane) in lanes.enumerated() {
            let laneTop = top + Double(row) * laneStep
            chart.rect(x: plot.left, y: laneTop, width: plot.width, height: laneHeight, fill: "#F3F3F3")
            chart.text(lane, x: plot.left - 7, y: laneTop + laneHeight - 3, anchor: .end, size: 11)
            for span in spans where span.lane == lane {
                let fill = FaultTimeline.fills.first { $0.kind == span.kind }?.fill ?? "#999"
                let start = x(span.startSeconds)
                chart.rect(x: start, y: laneTop, width: max(x(span.endSeconds) - start, 2), height: laneHeight, fill: fill,
                           className: "fault-\(span.kind.rawValue)", title: span.title)
            }
        }
        let kinds = FaultTimeline.fills.filter { kind in spans.contains { $0.kind == kind.kind } }
        let keyTop = top + Double(lanes.count) * laneStep + 2
        let used = chart.legend(kinds.map { LegendEntry(label: $0.label, mark: .swatch(fill: $0.fill, opacity: 1)) },
                                left: plot.left, top: keyTop, width: plot.width)
        return keyTop + used
    }
}
