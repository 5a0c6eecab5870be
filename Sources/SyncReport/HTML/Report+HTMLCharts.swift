import SyncSimulation

extension Report {
    /// The right end of the duplicate charts' time axis: the longest run,
    /// at least one bucket.
    var seriesEndMicros: Int64 {
        let end = results.map { result in
            max(result.endMicros, Int64(max(result.series.worst.count - 1, 0)) * result.series.resolutionMicros)
        }.max() ?? 0
        return end > 0 ? end : max(results.map(\.series.resolutionMicros).max() ?? 1_000_000, 1)
    }

    // MARK: Duplicates over time

    /// Small multiples: most strategies of a comparison never hold a
    /// duplicate, and one chart with all of them is lines on zero hiding
    /// each other. One panel per strategy that had any, on one scale, and
    /// the others named in a sentence.
    func duplicatesSection() -> String {
        let drawn = results.indices.filter { results[$0].duplicates.peak > 0 }
        let never = results.filter { $0.duplicates.peak == 0 }.map(\.strategyLabel)
        guard !drawn.isEmpty else {
            return "<p>No run had a duplicate at any moment, so there is nothing to draw.</p>\n"
        }
        let resolution = DecimalText.duration(micros: results[0].series.resolutionMicros)
        var html = "<p>Duplicate records on the worst replica (the highest count in each \(resolution) bucket), one panel per strategy "
            + "that had any, all on one scale. Shaded: partitions and one-way cuts (grey) and replicas down (red).</p>\n"
        if !never.isEmpty {
            html += "<p>No duplicate at any moment: \(HTMLPage.escape(Prose.list(never))).</p>\n"
        }
        let top = drawn.flatMap { results[$0].series.worst }.max() ?? 0
        let yDomain = Ticks.rounded(lower: 0, upper: Double(max(top, results.map(\.duplicates.peak).max() ?? 0)), target: 4, integer: true)
        html += "<div class=\"grid\">\n"
        for index in drawn {
            let result = results[index]
            html += HTMLPage.figure(duplicatesPanel(index: index, yDomain: yDomain),
                                    caption: "\(result.strategyLabel): \(result.duplicates.final) at the end, peak \(result.duplicates.peak)"
                                        + (result.faults.isCapped ? "; \(FaultLogText.shown(result.faults))" : ""),
                                    className: "small")
        }
        return html + "</div>\n"
    }

    private func duplicatesPanel(index: Int, yDomain: (lower: Double, upper: Double, ticks: [Double])) -> String {
        let result = results[index]
        let width = 340.0
        let end = seriesEndMicros
        var chart = SVGChart(width: width)
        let plot = PlotArea(left: 50, top: 8, width: width - 50 - 12, height: 120)
        let xMax = Double(end) / 1_000_000
        let x = LinearScale(lower: 0, upper: xMax, start: plot.left, end: plot.right)
        let y = LinearScale(lower: yDomain.lower, upper: yDomain.upper, start: plot.bottom, end: plot.top)
        chart.yAxis(y, ticks: yDomain.ticks, plot: plot, title: "duplicates")
        for span in FaultTimeline.spans(result.faults, endMicros: end) {
            let network = span.lane == FaultTimeline.networkLane
            chart.rect(x: x(span.startSeconds), y: plot.top, width: max(x(span.endSeconds) - x(span.startSeconds), 1.5), height: plot.height,
                       fill: network ? "#808080" : "#C0392B", opacity: network ? 0.14 : 0.12,
                       className: "fault-\(span.kind.rawValue)", title: span.title)
        }
        let xTicks = Ticks.inside(lower: 0, upper: xMax, target: 5).map { (value: $0, label: SVGNumber.tick($0)) }
        chart.height = chart.xAxis(x, ticks: xTicks, plot: plot, title: "virtual time (s)", grid: true) + 4
        let points = Report.stepPoints(result.series.worst, resolutionMicros: result.series.resolutionMicros, endMicros: end)
            .map { SVGPoint(x: x($0.seconds), y: y(Double($0.count))) }
        chart.polyline([points], style: SeriesStyle.numbered(index),
                       title: "\(result.strategyLabel): final \(result.duplicates.final), peak \(result.duplicates.peak)")
        return chart.rendered(label: "\(result.strategyLabel): duplicates on the worst replica over virtual time")
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

    // MARK: Per replica

    func perReplicaSection() -> String {
        let recorded = results.filter { $0.series.perReplica != nil }
        let top = recorded.flatMap { $0.series.perReplica!.flatMap { $0 } }.max() ?? 0
        var html = "<div class=\"grid\">\n"
        for result in recorded {
            html += HTMLPage.figure(perReplicaChart(result, xMaxMicros: seriesEndMicros, maxCount: top),
                                    caption: "\(result.strategyLabel): duplicates on each replica", className: "small")
        }
        return html + "</div>\n"
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
        return chart.rendered(label: "\(result.strategyLabel): duplicates on each replica over virtual time")
    }

    // MARK: Rejected and lost

    /// Rejected and lost side by side, each on its own scale (a thousand
    /// refusals would flatten a few lost writes to nothing); a figure that
    /// is 0 for every strategy is a sentence instead.
    func rejectedLostSection() -> String {
        let kinds = [(label: "rejected", fill: "#1F5F99", none: "No store refused a write.",
                      caption: "Rejected: saves and change sets a store refused, and those stuck behind them.",
                      value: { (result: RunResult) in result.rejected.total }),
                     (label: "lost", fill: "#F0A030", none: "No strategy lost an acknowledged write.",
                      caption: "Lost: acknowledged writes that no replica's record of the key (the one a fetch by key returns) holds, or records gone everywhere.",
                      value: { (result: RunResult) in result.lostWrites.total })]
        var html = ""
        var panels = ""
        for kind in kinds {
            if results.allSatisfy({ kind.value($0) == 0 }) {
                html += "<p>\(HTMLPage.escape(kind.none))</p>\n"
            } else {
                panels += HTMLPage.figure(countsPanel(label: kind.label, fill: kind.fill, value: kind.value), caption: kind.caption, className: "bars")
            }
        }
        return html + (panels.isEmpty ? "" : "<div class=\"pair\">\n\(panels)</div>\n")
    }

    /// One bar per strategy.
    private func countsPanel(label: String, fill: String, value: (RunResult) -> Int) -> String {
        let width = 460.0
        let longest = results.map(\.strategyLabel.count).max() ?? 0
        let left = min(170, max(60, Double(longest) * 6.6 + 14))
        let rowHeight = 20.0
        var chart = SVGChart(width: width)
        let plot = PlotArea(left: left, top: 6, width: width - left - 44, height: rowHeight * Double(results.count))
        let top = results.map(value).max() ?? 0
        let domain = Ticks.rounded(lower: 0, upper: Double(top), target: 4, integer: true)
        let x = LinearScale(lower: domain.lower, upper: domain.upper, start: plot.left, end: plot.right)
        chart.height = chart.xAxis(x, ticks: domain.ticks.map { (value: $0, label: SVGNumber.tick($0)) }, plot: plot,
                                   title: "\(label) (count per run)", grid: true) + 4
        chart.line(from: SVGPoint(x: plot.left, y: plot.top), to: SVGPoint(x: plot.left, y: plot.bottom), stroke: SVGChart.axisColour)
        for (row, result) in results.enumerated() {
            let rowTop = plot.top + Double(row) * rowHeight
            let count = value(result)
            chart.text(result.strategyLabel, x: plot.left - 7, y: rowTop + rowHeight / 2 + 4, anchor: .end, size: 11)
            chart.rect(x: plot.left, y: rowTop + 4, width: x(Double(count)) - plot.left, height: rowHeight - 8, fill: fill,
                       className: "bar", title: "\(result.strategyLabel) \(label): \(count)")
            chart.text(String(count), x: x(Double(count)) + 4, y: rowTop + rowHeight / 2 + 4, size: 11)
        }
        return chart.rendered(label: "\(label) per strategy")
    }
}
