/// Numbers as SVG and labels print them: through ``DecimalText``, never a
/// locale or a floating-point description.
package enum SVGNumber {
    /// A coordinate in tenths of a unit: `12.3`, `40`.
    package static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int64(min(max(value, -1e9), 1e9) * 10 + (value < 0 ? -0.5 : 0.5))
        return DecimalText.seconds(micros: tenths * 100_000)
    }

    /// A tick label: up to six decimals, trailing zeros trimmed.
    package static func tick(_ value: Double) -> String {
        rounded(value, decimals: 6)
    }

    /// A figure for people: 1 decimal from 100 up, 2 from 1, else 3;
    /// trailing zeros trimmed (`400`, `12.5`, `0.125`).
    package static func compact(_ value: Double) -> String {
        let magnitude = value.magnitude
        return rounded(value, decimals: magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 3)
    }

    static func rounded(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "−∞" : "∞") }
        guard value.magnitude < 9e12 else { return String(Int64(value.rounded())) }
        var unit = 1.0
        for _ in 0 ..< (6 - decimals) { unit *= 10 }
        let micros = Int64((value * 1_000_000 / unit).rounded()) * Int64(unit)
        return DecimalText.seconds(micros: micros)
    }
}

/// Round tick steps: 1, 2 or 5 times a power of ten.
package enum Ticks {
    /// A step that cuts `span` into about `target` parts.
    static func step(span: Double, target: Int, integer: Bool) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / Double(max(target, 1))
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw && magnitude > 1e-9 { magnitude /= 10 }
        let ratio = raw / magnitude
        let step = (ratio < 1.5 ? 1 : ratio < 3 ? 2 : ratio < 7 ? 5 : 10) * magnitude
        return integer ? max(1, step.rounded()) : step
    }

    /// The domain widened to whole steps, and its ticks. An empty domain
    /// becomes `lower … lower + 1`.
    package static func rounded(lower: Double, upper: Double, target: Int = 5, integer: Bool = false) -> (lower: Double, upper: Double, ticks: [Double]) {
        let upper = upper > lower ? upper : lower + 1
        let size = step(span: upper - lower, target: target, integer: integer)
        let first = (lower / size).rounded(.down)
        let last = (upper / size - 1e-9).rounded(.up)
        let ticks = stride(from: first, through: last, by: 1).map { $0 * size }
        return (first * size, last * size, ticks)
    }

    /// Ticks at whole steps inside `lower … upper`, the domain unchanged.
    package static func inside(lower: Double, upper: Double, target: Int = 6, integer: Bool = false) -> [Double] {
        guard upper > lower else { return [lower] }
        let size = step(span: upper - lower, target: target, integer: integer)
        let first = (lower / size - 1e-9).rounded(.up)
        let last = (upper / size + 1e-9).rounded(.down)
        guard first <= last else { return [lower] }
        return stride(from: first, through: last, by: 1).map { $0 * size }
    }
}
