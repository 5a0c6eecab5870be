import SyncSimulation

extension SweepResult {
    /// A self-contained HTML page: per headline metric, the mean of every
    /// strategy against the first varied parameter with its 95% confidence
    /// interval as a band (one chart per combination of the other
    /// parameters), and a table of mean [low, high]. Missing summaries are
    /// gaps. Inline SVG and CSS only; the same sweep gives the same bytes.
    public func html() -> String {
        let title = "SyncSim sweep · scenario \(scenario)"
        var body = "<h1>\(HTMLPage.escape(title))</h1>\n"
        body += "<p class=\"meta\">scenario file <code>\(HTMLPage.escape(file))</code> · \(seeds.count) seed\(seeds.count == 1 ? "" : "s") per point · "
            + "\(points.count) point\(points.count == 1 ? "" : "s") · strategies \(HTMLPage.escape(strategies.joined(separator: ", ")))</p>\n"
        body += "<p>Varied: " + (parameters.isEmpty ? "nothing" : parameters.map { parameter in
            "<code>\(HTMLPage.escape(parameter.path))</code> = \(HTMLPage.escape(parameter.values.joined(separator: ", ")))"
        }.joined(separator: "; ")) + ".</p>\n"
        body += "<p class=\"meta\">Lines join the means over the seeds; the shaded band of the same colour is the 95% confidence interval "
            + "(Student's t). A gap means no seed produced a value there.</p>\n"

        let layout = SweepLayout(self)
        for metric in SweepResult.headlineMetrics {
            body += "<h2>\(HTMLPage.escape(metric.rawValue))</h2>\n"
            let summaries = summaries(of: metric)
            let all = summaries.flatMap { $0 }.compactMap { $0 }
            let yDomain = Ticks.rounded(lower: min(0, all.map { min($0.ciLow, $0.mean) }.min() ?? 0),
                                        upper: all.map { max($0.ciHigh, $0.mean) }.max() ?? 0, target: 5)
            for group in layout.groups {
                let caption = "\(metric.rawValue) against \(layout.xTitle)" + (group.label.isEmpty ? "" : ", where \(group.label)")
                if layout.groups.count > 1 { body += "<h3>\(HTMLPage.escape(group.label))</h3>\n" }
                body += HTMLPage.figure(chart(metric: metric, group: group, layout: layout, summaries: summaries, yDomain: yDomain,
                                              label: caption), caption: caption)
            }
            body += table(metric: metric, summaries: summaries)
        }
        return HTMLPage.document(title: title, body: body)
    }

    /// Per point (in `points` order), per strategy: the summary, if any.
    private func summaries(of metric: Metric) -> [[MetricSummary?]] {
        points.map { point in
            strategies.map { strategy in
                rows.first { $0.point == point && $0.strategy == strategy && $0.metric == metric }?.summary
            }
        }
    }

    private func table(metric: Metric, summaries: [[MetricSummary?]]) -> String {
        let pointHeaders = parameters.isEmpty ? ["point"] : parameters.map(\.path)
        let rows = points.indices.map { index in
            (parameters.isEmpty ? [String(points[index].index)] : points[index].values) + summaries[index].map { summary in
                guard let summary else { return "—" }
                return "\(SVGNumber.compact(summary.mean)) [\(SVGNumber.compact(summary.ciLow)), \(SVGNumber.compact(summary.ciHigh))]"
                    + (summary.count < seeds.count ? " (n=\(summary.count))" : "")
            }
        }
        return HTMLPage.table(headers: pointHeaders + strategies,
                              numeric: pointHeaders.map { _ in false } + strategies.map { _ in true }, rows: rows,
                              caption: "\(metric.rawValue): mean [95% confidence interval] per point and strategy")
    }

    private func chart(metric: Metric, group: SweepLayout.Group, layout: SweepLayout, summaries: [[MetricSummary?]],
                       yDomain: (lower: Double, upper: Double, ticks: [Double]), label: String) -> String {
        let width = 720.0
        let left = 64.0
        let entries = strategies.enumerated().map { LegendEntry(label: $1, mark: .line(SeriesStyle.numbered($0))) }
        var chart = SVGChart(width: width)
        let legendHeight = chart.legend(entries, left: left, top: 6, width: width - left - 10)
        let plot = PlotArea(left: left, top: 6 + legendHeight + 12, width: width - left - 24, height: 230)
        let x = LinearScale(lower: layout.xLower, upper: layout.xUpper, start: plot.left, end: plot.right)
        let y = LinearScale(lower: yDomain.lower, upper: yDomain.upper, start: plot.bottom, end: plot.top)
        chart.yAxis(y, ticks: yDomain.ticks, plot: plot, title: SweepResult.axisTitle(metric))
        chart.height = chart.xAxis(x, ticks: layout.xTicks, plot: plot, title: layout.xTitle, grid: true) + 4

        for (column, strategy) in strategies.enumerated() {
            let style = SeriesStyle.numbered(column)
            // Runs of consecutive points that have a value.
            var segments: [[(x: Double, summary: MetricSummary)]] = [[]]
            for item in group.members {
                if let summary = summaries[item.point][column] {
                    segments[segments.count - 1].append((x(item.x), summary))
                } else if !segments[segments.count - 1].isEmpty {
                    segments.append([])
                }
            }
            segments.removeAll { $0.isEmpty }
            for segment in segments {
                if segment.count > 1 {
                    chart.band(upper: segment.map { SVGPoint(x: $0.x, y: y($0.summary.ciHigh)) },
                               lower: segment.map { SVGPoint(x: $0.x, y: y($0.summary.ciLow)) }, colour: style.colour)
                } else if let only = segment.first, only.summary.ciHigh > only.summary.ciLow {
                    // One point alone: its interval as an error bar.
                    let low = SVGPoint(x: only.x, y: y(only.summary.ciLow))
                    let high = SVGPoint(x: only.x, y: y(only.summary.ciHigh))
                    chart.line(from: low, to: high, stroke: style.colour, width: 1.5)
                    chart.line(from: SVGPoint(x: low.x - 4, y: low.y), to: SVGPoint(x: low.x + 4, y: low.y), stroke: style.colour, width: 1.5)
                    chart.line(from: SVGPoint(x: high.x - 4, y: high.y), to: SVGPoint(x: high.x + 4, y: high.y), stroke: style.colour, width: 1.5)
                }
            }
            chart.polyline(segments.filter { $0.count > 1 }.map { $0.map { SVGPoint(x: $0.x, y: y($0.summary.mean)) } }, style: style, title: strategy)
            for segment in segments {
                for item in segment {
                    chart.marker(at: SVGPoint(x: item.x, y: y(item.summary.mean)), colour: style.colour,
                                 title: "\(strategy): \(SVGNumber.compact(item.summary.mean)) [\(SVGNumber.compact(item.summary.ciLow)), \(SVGNumber.compact(item.summary.ciHigh))]")
                }
            }
        }
        return chart.rendered(label: label)
    }

    /// The metric's name and unit.
    static func axisTitle(_ metric: Metric) -> String {
        switch metric {
        case .convergenceSeconds, .duplicatesSeconds: return "\(metric.rawValue) (s)"
        case .converged, .quiesced: return "\(metric.rawValue) (share of seeds)"
        case .networkBytes: return "\(metric.rawValue) (bytes)"
        default: return "\(metric.rawValue) (count)"
        }
    }
}

/// Where a sweep's points go: x from the first varied parameter (numeric
/// when every value is a number, else evenly spaced in the order given),
/// one group (chart) per combination of the other parameters' values.
struct SweepLayout {
    struct Group {
        /// `path = value, …` of the other parameters; empty with one parameter.
        let label: String
        /// Index into the sweep's points, and the x value, by x.
        let members: [(point: Int, x: Double)]
    }

    let xTitle: String
    let xLower: Double
    let xUpper: Double
    let xTicks: [(value: Double, label: String)]
    let groups: [Group]

    init(_ sweep: SweepResult) {
        let first = sweep.parameters.first
        let xTexts = sweep.points.map { $0.values.first ?? String($0.index) }
        var categories = first?.values ?? []
        for text in xTexts where !categories.contains(text) { categories.append(text) }
        let numbers = categories.compactMap { Double($0) }.filter(\.isFinite)
        let numeric = numbers.count == categories.count && numbers.contains { $0 != numbers[0] }
        xTitle = first.map { $0.path + (numeric ? "" : " (in the order given)") } ?? "point"

        if numeric {
            let lower = numbers.min()!
            let upper = numbers.max()!
            let pad = (upper - lower) * 0.04
            xLower = lower - pad
            xUpper = upper + pad
            xTicks = Ticks.inside(lower: lower, upper: upper, target: 7).map { (value: $0, label: SVGNumber.tick($0)) }
        } else {
            xLower = -0.5
            xUpper = Double(max(categories.count, 1)) - 0.5
            xTicks = categories.enumerated().map { (value: Double($0), label: $1) }
        }
        func position(_ point: Int) -> Double {
            numeric ? Double(xTexts[point])! : Double(categories.firstIndex(of: xTexts[point]) ?? 0)
        }

        // Groups in the order their first point appears.
        var keys: [[String]] = []
        var members: [[(point: Int, x: Double)]] = []
        for (index, point) in sweep.points.enumerated() {
            let key = Array(point.values.dropFirst())
            if let existing = keys.firstIndex(of: key) {
                members[existing].append((index, position(index)))
            } else {
                keys.append(key)
                members.append([(index, position(index))])
            }
        }
        let others = Array(sweep.parameters.dropFirst())
        groups = zip(keys, members).map { key, items in
            Group(label: zip(others, key).map { "\($0.path) = \($1)" }.joined(separator: ", "),
                  members: items.enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }.map(\.element))
        }
    }
}
