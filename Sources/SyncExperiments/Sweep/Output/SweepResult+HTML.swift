import SyncReport
import SyncSimulation

extension SweepResult {
    /// A self-contained HTML page: a few sentences on what the sweep found,
    /// a summary table (per run, each headline metric's mean from its
    /// lowest to its highest point) and a table of contents; then per
    /// headline metric, small multiples (one panel per run that is not
    /// 0 everywhere, one line per combination of the other parameters,
    /// the 95% confidence interval as a band) and a table of
    /// mean [low, high]. A run is a strategy, or a strategy under one
    /// variant (`lww [importFirst]`) when the preset has them. Missing
    /// summaries are gaps. Inline SVG and CSS
    /// only; the same sweep gives the same bytes.
    public func html() -> String {
        let title = "SyncSim sweep · scenario \(scenario)"
        var body = "<h1>\(HTMLPage.escape(title))</h1>\n"
        body += HTMLPage.finding(SweepFindings(self).sentences)
        body += "<p class=\"meta\">scenario file <code>\(HTMLPage.escape(file))</code> · \(seeds.count) seed\(seeds.count == 1 ? "" : "s") per point · "
            + "\(points.count) point\(points.count == 1 ? "" : "s") · strategies \(HTMLPage.escape(strategies.joined(separator: ", ")))"
            + (variants.isEmpty ? "" : ", each once per variant: \(HTMLPage.escape(variants.joined(separator: ", "))) "
                + "(the preset has a behaviour no source settles)") + "</p>\n"
        body += "<p>Varied: " + (parameters.isEmpty ? "nothing" : parameters.map { parameter in
            "<code>\(HTMLPage.escape(parameter.path))</code> = \(HTMLPage.escape(parameter.values.joined(separator: ", ")))"
        }.joined(separator: "; ")) + ".</p>\n"
        body += HTMLPage.contents([(id: "summary", title: "Summary")]
            + SweepResult.headlineMetrics.map { (id: SweepResult.anchor($0), title: $0.rawValue) })

        body += "<h2 id=\"summary\">Summary</h2>\n" + summaryTable()
        body += "<p class=\"meta\">Below, per metric: lines join the means over the seeds; the shaded band of the same colour is the 95% confidence interval "
            + "(Student's t). A gap means no seed produced a value there. Panels of one metric share their scale.</p>\n"

        let layout = SweepLayout(self)
        for metric in SweepResult.headlineMetrics {
            body += "<h2 id=\"\(SweepResult.anchor(metric))\">\(HTMLPage.escape(metric.rawValue))</h2>\n"
            let summaries = summaries(of: metric)
            body += panels(metric: metric, summaries: summaries, layout: layout)
            body += table(metric: metric, summaries: summaries)
        }
        return HTMLPage.document(title: title, body: body)
    }

    /// The id of a metric's section: `duplicates-final`.
    static func anchor(_ metric: Metric) -> String {
        "metric-" + metric.rawValue.replacingOccurrences(of: ".", with: "-")
    }

    /// Per point (in `points` order), per run (in `runs` order): the
    /// summary, if any.
    func summaries(of metric: Metric) -> [[MetricSummary?]] {
        points.map { point in runs.map { summary(at: point, of: $0, metric) } }
    }

    /// Per run, per headline metric: the mean at the lowest and the
    /// highest point (one figure when they are equal).
    private func summaryTable() -> String {
        let all = SweepResult.headlineMetrics.map { summaries(of: $0) }
        let rows = runs.indices.map { column in
            [HTMLPage.breakable(runs[column].label)] + all.map { perPoint in
                let means = perPoint.compactMap { $0[column]?.mean }
                guard let low = means.min(), let high = means.max() else { return "—" }
                let range = low == high ? SVGNumber.compact(low) : "\(SVGNumber.compact(low)) – \(SVGNumber.compact(high))"
                return HTMLPage.escape(range) + (means.count < points.count ? " <span class=\"ci\">(\(means.count) of \(points.count) points)</span>" : "")
            }
        }
        return HTMLPage.table(headers: ["strategy"] + SweepResult.headlineMetrics.map(\.rawValue),
                              numeric: [false] + SweepResult.headlineMetrics.map { _ in true }, htmlRows: rows,
                              caption: "Mean over the seeds, from the lowest point to the highest (one figure when every point has the same mean; — when no seed produced a value)")
    }

    /// The most run columns in one table: with the point's columns they
    /// fit a 1280 px window; more runs make more tables.
    static let strategiesPerTable = 8

    private func table(metric: Metric, summaries: [[MetricSummary?]]) -> String {
        let pointHeaders = parameters.isEmpty ? ["point"] : parameters.map(\.path)
        let pointCells = points.indices.map { index in
            (parameters.isEmpty ? [String(points[index].index)] : points[index].values).map(HTMLPage.breakable)
        }
        let chunks = stride(from: 0, to: runs.count, by: SweepResult.strategiesPerTable).map { start in
            start ..< min(start + SweepResult.strategiesPerTable, runs.count)
        }
        // With variants a column is a strategy under one variant.
        let noun = variants.isEmpty ? "strategies" : "runs"
        return chunks.map { columns in
            let rows = points.indices.map { index in
                pointCells[index] + columns.map { column in
                    guard let summary = summaries[index][column] else { return "—" }
                    return HTMLPage.escape(SVGNumber.compact(summary.mean))
                        + "<br><span class=\"ci\">[\(SVGNumber.compact(summary.ciLow)), \(SVGNumber.compact(summary.ciHigh))]"
                        + (summary.count < seeds.count ? " (n=\(summary.count))" : "") + "</span>"
                }
            }
            let part = chunks.count > 1 ? " (\(noun) \(columns.lowerBound + 1)–\(columns.upperBound) of \(runs.count))" : ""
            return HTMLPage.table(headers: pointHeaders + columns.map { runs[$0].label },
                                  numeric: pointHeaders.map { _ in false } + columns.map { _ in true }, htmlRows: rows,
                                  caption: "\(metric.rawValue): mean [95% confidence interval] per point and strategy\(part)")
        }.joined()
    }

    /// One panel per run that has a value other than 0 somewhere;
    /// the rest named in a sentence.
    private func panels(metric: Metric, summaries: [[MetricSummary?]], layout: SweepLayout) -> String {
        func values(_ column: Int) -> [MetricSummary] { summaries.compactMap { $0[column] } }
        let missing = runs.indices.filter { values($0).isEmpty }
        let zero = runs.indices.filter { column in
            !values(column).isEmpty && values(column).allSatisfy { $0.mean == 0 && $0.ciLow == 0 && $0.ciHigh == 0 }
        }
        let drawn = runs.indices.filter { !missing.contains($0) && !zero.contains($0) }
        var html = ""
        if !zero.isEmpty {
            html += "<p>0 at every point (every seed): \(HTMLPage.escape(Prose.list(zero.map { runs[$0].label }))).</p>\n"
        }
        if !missing.isEmpty {
            html += "<p>No seed produced a value at any point: \(HTMLPage.escape(Prose.list(missing.map { runs[$0].label }))).</p>\n"
        }
        guard !drawn.isEmpty else { return html }
        let all = drawn.flatMap(values)
        let yDomain = Ticks.rounded(lower: min(0, all.map { min($0.ciLow, $0.mean) }.min() ?? 0),
                                    upper: all.map { max($0.ciHigh, $0.mean) }.max() ?? 0, target: 4)
        let against = "against \(layout.xTitle)" + (layout.groups.count > 1 ? ", one line per \(layout.groupTitle)" : "")
        html += "<p class=\"meta\">Each panel: one strategy's \(HTMLPage.escape(metric.rawValue)) \(HTMLPage.escape(against)).</p>\n"
        html += "<div class=\"grid\">\n"
        for column in drawn {
            let label = "\(runs[column].label): \(metric.rawValue) \(against)"
            html += HTMLPage.figure(panel(metric: metric, column: column, layout: layout, summaries: summaries, yDomain: yDomain, label: label),
                                    caption: runs[column].label, className: "small")
        }
        return html + "</div>\n"
    }

    private func panel(metric: Metric, column: Int, layout: SweepLayout, summaries: [[MetricSummary?]],
                       yDomain: (lower: Double, upper: Double, ticks: [Double]), label: String) -> String {
        let width = 340.0
        let left = 54.0
        let strategy = runs[column].label
        let entries = layout.groups.count > 1
            ? layout.groups.enumerated().map { LegendEntry(label: $1.label, mark: .line(SeriesStyle.numbered($0))) } : []
        var chart = SVGChart(width: width)
        let legendHeight = entries.isEmpty ? 0 : chart.legend(entries, left: left - 30, top: 4, width: width - left + 24) + 6
        let plot = PlotArea(left: left, top: 8 + legendHeight, width: width - left - 14, height: 130)
        let x = LinearScale(lower: layout.xLower, upper: layout.xUpper, start: plot.left, end: plot.right)
        let y = LinearScale(lower: yDomain.lower, upper: yDomain.upper, start: plot.bottom, end: plot.top)
        chart.yAxis(y, ticks: yDomain.ticks, plot: plot, title: SweepResult.axisTitle(metric))
        chart.height = chart.xAxis(x, ticks: layout.xTicks(target: 4), plot: plot, title: layout.xTitle, grid: true) + 4

        for (groupIndex, group) in layout.groups.enumerated() {
            let style = SeriesStyle.numbered(layout.groups.count > 1 ? groupIndex : column)
            let where_ = group.label.isEmpty ? "" : " (\(group.label))"
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
            chart.polyline(segments.filter { $0.count > 1 }.map { $0.map { SVGPoint(x: $0.x, y: y($0.summary.mean)) } }, style: style,
                           title: strategy + where_)
            for segment in segments {
                for item in segment {
                    chart.marker(at: SVGPoint(x: item.x, y: y(item.summary.mean)), colour: style.colour,
                                 title: "\(strategy)\(where_): \(SVGNumber.compact(item.summary.mean)) [\(SVGNumber.compact(item.summary.ciLow)), \(SVGNumber.compact(item.summary.ciHigh))]")
                }
            }
        }
        return chart.rendered(label: label)
    }

    /// The metric's name and unit.
    static func axisTitle(_ metric: Metric) -> String {
        switch metric.spec.kind {
        case .seconds, .secondsIfAny: return "\(metric.rawValue) (s)"
        case .flag: return "\(metric.rawValue) (share of seeds)"
        case .count where metric == .networkBytes: return "\(metric.rawValue) (bytes)"
        case .count, .verdict: return "\(metric.rawValue) (count)"
        }
    }
}
