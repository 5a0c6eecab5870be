/// Fixed-point formatting from integers, so every figure prints the same on
/// every machine.
public enum DecimalText {
    /// Microseconds as seconds with up to six decimals, trailing zeros
    /// trimmed: `2_520_648` → `"2.520648"`, `2_000_000` → `"2"`.
    public static func seconds(micros: Int64) -> String {
        let sign = micros < 0 ? "-" : ""
        let magnitude = micros.magnitude
        let whole = magnitude / 1_000_000
        var fraction = String(magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Microseconds as seconds with exactly `digits` decimals, rounded half
    /// away from zero; never `-0`.
    public static func seconds(micros: Int64, digits: Int) -> String {
        precondition((0 ... 6).contains(digits), "0 to 6 digits")
        var unit: UInt64 = 1
        for _ in 0 ..< (6 - digits) { unit *= 10 }
        let remainder = micros.magnitude % unit
        let rounded = micros.magnitude / unit + (unit > 1 && remainder >= unit / 2 ? 1 : 0)
        let sign = micros < 0 && rounded > 0 ? "-" : ""
        var scale: UInt64 = 1
        for _ in 0 ..< digits { scale *= 10 }
        let whole = rounded / scale
        guard digits > 0 else { return sign + String(whole) }
        let fraction = String(rounded % scale)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// A wall-clock figure (not reproducible anyway) with `digits` decimals.
    public static func fixed(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0 ..< digits { scale *= 10 }
        precondition(value >= 0, "timing figures are never negative")
        let micros = Int64(value * scale + 0.5)
        var unit: Int64 = 1
        for _ in 0 ..< digits { unit *= 10 }
        let whole = micros / unit
        guard digits > 0 else { return String(whole) }
        let fraction = String(micros.magnitude % UInt64(unit))
        return String(whole) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}

extension DecimalText {
    /// A duration for people: `5 ms`, `2 s`, `1.5 s`; one that is not a
    /// whole number of milliseconds in seconds, `0.00025 s`, never in
    /// microseconds.
    public static func duration(micros: Int64) -> String {
        if micros % 1_000 == 0 && micros.magnitude < 1_000_000 { return "\(micros / 1_000) ms" }
        return seconds(micros: micros) + " s"
    }
}
