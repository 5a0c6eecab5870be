/// Small building blocks for inline SVG charts: series styles, axes,
/// lines, bands, bars and legends (scales are in SVGGeometry.swift, round
/// tick steps in SVGNumber.swift). Every number is written by
/// ``SVGNumber`` from integers, so a chart is the same bytes on every run.

/// How one series is drawn: a colour and a dash pattern, so lines stay
/// apart in grey print too.
package struct SeriesStyle {
    package let colour: String
    let dash: String

    static let colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#1B1B1B", "#8C564B", "#7F7F7F", "#AFAF1F"]
    static let dashes = ["", "8 3", "2 2.5", "10 3 2 3", "5 5", "1.5 3", "14 3 3 3", "6 2 1.5 2 1.5 2", "16 5", "3 6"]

    /// The `index`th style; the first ten differ in colour and dash.
    package static func numbered(_ index: Int) -> SeriesStyle {
        SeriesStyle(colour: colours[index % colours.count], dash: dashes[(index + index / colours.count) % dashes.count])
    }

    var strokeAttributes: String {
        "stroke=\"\(colour)\"" + (dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")
    }
}

/// One key of a legend: a line sample or a filled swatch.
package struct LegendEntry {
    package enum Mark {
        case line(SeriesStyle)
        case swatch(fill: String, opacity: Double)
        /// A glyph drawn as in the chart: path data around (0, 0), with a
        /// stroke or a fill (`none` for neither).
        case glyph(path: String, stroke: String, fill: String)
    }

    let label: String
    let mark: Mark

    /// A key reading `label`, drawn as `mark`.
    package init(label: String, mark: Mark) {
        self.label = label
        self.mark = mark
    }
}

/// An SVG drawing assembled element by element. `height` may grow while
/// parts are laid out; it is read when the chart is rendered.
package struct SVGChart {
    enum Anchor: String {
        case start, middle, end
    }

    static let fontSize = 12.0
    static let axisColour = "#555"
    static let gridColour = "#e4e4e4"

    let width: Double
    package var height: Double
    private var parts: [String] = []

    package init(width: Double, height: Double = 0) {
        self.width = width
        self.height = height
    }

    /// The `<svg>` element, named `label` for screen readers.
    package func rendered(label: String) -> String {
        let w = SVGNumber.coordinate(width)
        let h = SVGNumber.coordinate(height)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" role=\"img\" aria-label=\"\(HTMLPage.escape(label))\" font-size=\"\(SVGNumber.coordinate(SVGChart.fontSize))\">\n"
            + "<title>\(HTMLPage.escape(label))</title>\n"
            + parts.map { $0 + "\n" }.joined()
            + "</svg>\n"
    }

    mutating func append(_ element: String) {
        parts.append(element)
    }

    // MARK: Shapes

    mutating func text(_ text: String, x: Double, y: Double, anchor: Anchor = .start, size: Double? = nil,
                       bold: Bool = false, fill: String? = nil, rotated: Bool = false) {
        var attributes = "x=\"\(SVGNumber.coordinate(x))\" y=\"\(SVGNumber.coordinate(y))\""
        if anchor != .start { attributes += " text-anchor=\"\(anchor.rawValue)\"" }
        if let size { attributes += " font-size=\"\(SVGNumber.coordinate(size))\"" }
        if bold { attributes += " font-weight=\"600\"" }
        if let fill { attributes += " style=\"fill:\(fill)\"" }
        if rotated { attributes += " transform=\"rotate(-90 \(SVGNumber.coordinate(x)) \(SVGNumber.coordinate(y)))\"" }
        append("<text \(attributes)>\(HTMLPage.escape(text))</text>")
    }

    package mutating func line(from: SVGPoint, to: SVGPoint, stroke: String, width: Double = 1, dash: String = "") {
        append("<line x1=\"\(SVGNumber.coordinate(from.x))\" y1=\"\(SVGNumber.coordinate(from.y))\" x2=\"\(SVGNumber.coordinate(to.x))\" y2=\"\(SVGNumber.coordinate(to.y))\" stroke=\"\(stroke)\" stroke-width=\"\(SVGNumber.coordinate(width))\""
            + (dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"") + "/>")
    }

    /// A filled rectangle; `title` shows as a tooltip.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double = 1,
                       stroke: String? = nil, className: String? = nil, title: String? = nil) {
        var attributes = ""
        if let className { attributes += "class=\"\(className)\" " }
        attributes += "x=\"\(SVGNumber.coordinate(x))\" y=\"\(SVGNumber.coordinate(y))\" width=\"\(SVGNumber.coordinate(max(width, 0)))\" height=\"\(SVGNumber.coordinate(max(height, 0)))\" fill=\"\(fill)\""
        if opacity < 1 { attributes += " fill-opacity=\"\(SVGNumber.tick(opacity))\"" }
        if let stroke { attributes += " stroke=\"\(stroke)\" stroke-width=\"0.8\"" }
        if let title {
            append("<rect \(attributes)><title>\(HTMLPage.escape(title))</title></rect>")
        } else {
            append("<rect \(attributes)/>")
        }
    }

    /// Lines through each segment's points; segments are not joined, so a
    /// missing value leaves a gap.
    package mutating func polyline(_ segments: [[SVGPoint]], style: SeriesStyle, width: Double = 2, title: String? = nil) {
        let data = SVGChart.pathData(segments.filter { !$0.isEmpty })
        guard !data.isEmpty else { return }
        let element = "<path class=\"series\" d=\"\(data)\" fill=\"none\" \(style.strokeAttributes) stroke-width=\"\(SVGNumber.coordinate(width))\" stroke-linejoin=\"round\""
        if let title {
            append(element + "><title>\(HTMLPage.escape(title))</title></path>")
        } else {
            append(element + "/>")
        }
    }

    /// A translucent area between `upper` and `lower` (the same x values).
    package mutating func band(upper: [SVGPoint], lower: [SVGPoint], colour: String, opacity: Double = 0.18) {
        guard !upper.isEmpty, upper.count == lower.count else { return }
        let outline = upper + lower.reversed()
        append("<path class=\"band\" d=\"\(SVGChart.pathData([outline]))Z\" fill=\"\(colour)\" fill-opacity=\"\(SVGNumber.tick(opacity))\" stroke=\"none\"/>")
    }

    /// A dot at a data point.
    package mutating func marker(at point: SVGPoint, colour: String, radius: Double = 3, title: String? = nil) {
        let element = "<circle cx=\"\(SVGNumber.coordinate(point.x))\" cy=\"\(SVGNumber.coordinate(point.y))\" r=\"\(SVGNumber.coordinate(radius))\" fill=\"\(colour)\""
        if let title {
            append(element + "><title>\(HTMLPage.escape(title))</title></circle>")
        } else {
            append(element + "/>")
        }
    }

    /// `M x y L x y …` for each segment.
    static func pathData(_ segments: [[SVGPoint]]) -> String {
        segments.map { points in
            points.enumerated().map { index, point in
                (index == 0 ? "M" : "L") + SVGNumber.coordinate(point.x) + " " + SVGNumber.coordinate(point.y)
            }.joined(separator: " ")
        }.joined(separator: " ")
    }

    // MARK: Axes

    /// A left axis: grid lines across the plot, tick labels, and `title`
    /// turned upright along the left edge.
    package mutating func yAxis(_ scale: LinearScale, ticks: [Double], plot: PlotArea, title: String) {
        for tick in ticks {
            let y = scale(tick)
            line(from: SVGPoint(x: plot.left, y: y), to: SVGPoint(x: plot.right, y: y), stroke: SVGChart.gridColour)
            line(from: SVGPoint(x: plot.left - 4, y: y), to: SVGPoint(x: plot.left, y: y), stroke: SVGChart.axisColour)
            text(SVGNumber.tick(tick), x: plot.left - 7, y: y + 4, anchor: .end, size: 11)
        }
        line(from: SVGPoint(x: plot.left, y: plot.top), to: SVGPoint(x: plot.left, y: plot.bottom), stroke: SVGChart.axisColour)
        text(title, x: 13, y: plot.top + plot.height / 2, anchor: .middle, rotated: true)
    }

    /// A bottom axis with tick marks, labels and `title` under them;
    /// returns the y just below the title.
    @discardableResult
    package mutating func xAxis(_ scale: LinearScale, ticks: [(value: Double, label: String)], plot: PlotArea, title: String, grid: Bool = false) -> Double {
        for tick in ticks {
            let x = scale(tick.value)
            if grid { line(from: SVGPoint(x: x, y: plot.top), to: SVGPoint(x: x, y: plot.bottom), stroke: SVGChart.gridColour) }
            line(from: SVGPoint(x: x, y: plot.bottom), to: SVGPoint(x: x, y: plot.bottom + 4), stroke: SVGChart.axisColour)
            text(tick.label, x: x, y: plot.bottom + 17, anchor: .middle, size: 11)
        }
        line(from: SVGPoint(x: plot.left, y: plot.bottom), to: SVGPoint(x: plot.right, y: plot.bottom), stroke: SVGChart.axisColour)
        text(title, x: plot.left + plot.width / 2, y: plot.bottom + 35, anchor: .middle)
        return plot.bottom + 42
    }

    // MARK: Legend

    static let legendRowHeight = 18.0

    /// Columns as wide as the longest label allows, as many as fit.
    static func legendLayout(_ entries: [LegendEntry], width: Double) -> (columns: Int, columnWidth: Double, rows: Int) {
        let longest = entries.map(\.label.count).max() ?? 0
        let columnWidth = min(width, max(80, Double(longest) * 6.8 + 38))
        let columns = max(1, min(entries.count, Int(width / columnWidth)))
        return (columns, columnWidth, (entries.count + columns - 1) / columns)
    }

    static func legendHeight(_ entries: [LegendEntry], width: Double) -> Double {
        Double(legendLayout(entries, width: width).rows) * legendRowHeight
    }

    /// Keys in rows from (`left`, `top`); returns the height used.
    @discardableResult
    package mutating func legend(_ entries: [LegendEntry], left: Double, top: Double, width: Double) -> Double {
        let layout = SVGChart.legendLayout(entries, width: width)
        for (index, entry) in entries.enumerated() {
            let x = left + Double(index % layout.columns) * layout.columnWidth
            let middle = top + Double(index / layout.columns) * SVGChart.legendRowHeight + SVGChart.legendRowHeight / 2
            switch entry.mark {
            case .line(let style):
                append("<path class=\"key\" d=\"M\(SVGNumber.coordinate(x)) \(SVGNumber.coordinate(middle)) h28\" fill=\"none\" \(style.strokeAttributes) stroke-width=\"2.5\"/>")
            case .swatch(let fill, let opacity):
                rect(x: x + 4, y: middle - 5, width: 20, height: 10, fill: fill, opacity: opacity, stroke: fill)
            case .glyph(let path, let stroke, let fill):
                append("<path transform=\"translate(\(SVGNumber.coordinate(x + 14)) \(SVGNumber.coordinate(middle)))\" d=\"\(path)\" "
                    + "fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1.4\"/>")
            }
            text(entry.label, x: x + 34, y: middle + 4)
        }
        return Double(layout.rows) * SVGChart.legendRowHeight
    }
}
