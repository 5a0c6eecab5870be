/// Where things go in an SVG chart: points, the plot's rectangle, and
/// scales from values to positions (``SVGChart``).

/// A position in the chart's own units (its viewBox).
package struct SVGPoint: Equatable {
    package var x: Double
    package var y: Double

    /// The point (`x`, `y`).
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The rectangle the data is drawn in.
package struct PlotArea {
    package var left: Double
    package var top: Double
    package var width: Double
    package var height: Double
    package var right: Double { left + width }
    package var bottom: Double { top + height }

    /// The rectangle `width` × `height` whose top left corner is (`left`, `top`).
    package init(left: Double, top: Double, width: Double, height: Double) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }
}

/// Maps a domain of values linearly onto a range of positions.
package struct LinearScale {
    var lower: Double
    var upper: Double
    var start: Double
    var end: Double

    /// `lower … upper` onto `start … end`.
    package init(lower: Double, upper: Double, start: Double, end: Double) {
        self.lower = lower
        self.upper = upper
        self.start = start
        self.end = end
    }

    package func callAsFunction(_ value: Double) -> Double {
        guard upper != lower else { return (start + end) / 2 }
        return start + (value - lower) / (upper - lower) * (end - start)
    }
}
