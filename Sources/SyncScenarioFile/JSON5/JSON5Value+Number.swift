/// A number literal read as a value, the way `JSONDecoder` (which read
/// scenario files before ``JSON5Value/parse(_:)``) read it, so that no
/// document changes meaning: a literal whose value is a whole number that
/// fits `Int64` (`3`, `1.0`, `1e3`, `0x10`) is ``int(_:)``, a whole-number
/// literal above that up to `UInt64.max` (`18446744073709551615`,
/// `0xFFFFFFFFFFFFFFFF`) is ``uint(_:)``, and any other ``double(_:)``.
enum JSON5Number: Equatable, Sendable, CustomStringConvertible {
    case int(Int64)
    /// A whole-number literal above `Int64.max`, up to `UInt64.max`: what
    /// a seed may be (``Seeds``). Every other setting reads it as the
    /// `Double` it would otherwise be.
    case uint(UInt64)
    case double(Double)

    /// The value of `literal`, which ``JSON5Value/parse(_:)`` has checked
    /// to be a number (a sign, then a decimal, hexadecimal, `Infinity` or
    /// `NaN`).
    init(literal: String) {
        let negative = literal.hasPrefix("-")
        let unsigned = literal.drop { $0 == "-" || $0 == "+" }
        if unsigned.hasPrefix("0x") || unsigned.hasPrefix("0X") {
            let parsed = UInt64(unsigned.dropFirst(2), radix: 16)
            let magnitude = parsed ?? UInt64.max
            if magnitude <= UInt64(Int64.max) {
                self = .int(negative ? -Int64(magnitude) : Int64(magnitude))
            } else if negative && magnitude == UInt64(Int64.max) + 1 {
                self = .int(.min)
            } else if !negative, let parsed {
                self = .uint(parsed)
            } else {
                self = .double(negative ? -Double(magnitude) : Double(magnitude))
            }
            return
        }
        if let whole = Int64(literal) {
            self = .int(whole)
            return
        }
        if !negative, let whole = UInt64(unsigned, radix: 10) {
            self = .uint(whole)
            return
        }
        let value: Double
        switch unsigned {
        case "Infinity": value = .infinity
        case "NaN": value = .nan
        default: value = Double(unsigned) ?? .nan
        }
        let signed = negative ? -value : value
        if signed.isFinite && signed == signed.rounded(.towardZero) && abs(signed) < 0x1p63 {
            self = .int(Int64(signed))
        } else {
            self = .double(signed)
        }
    }

    /// Why `literal`, which reads as this number, is out of range, for an
    /// error that refuses it; nil when it is not. A decimal beyond the
    /// largest `Double` (`1e400`) reads as infinity, as ECMAScript reads it;
    /// a whole number beyond `UInt64.max` (`99999999999999999999`,
    /// `0x1FFFFFFFFFFFFFFFF`) reads as the nearest `Double`, no longer whole
    /// to the digit, so a setting that takes a whole number refuses it.
    func outOfRangeNote(literal: String) -> String? {
        guard case .double(let value) = self else { return nil }
        let unsigned = literal.drop { $0 == "-" || $0 == "+" }
        if value.isInfinite && unsigned != "Infinity" { return "beyond the largest 64-bit number, about 1.8e308: reads as infinity" }
        let isWholeLiteral = unsigned.hasPrefix("0x") || unsigned.hasPrefix("0X") || unsigned.allSatisfy { $0.isASCII && $0.isNumber }
        guard isWholeLiteral, value.isFinite else { return nil }
        return "beyond the whole numbers a 64-bit number holds"
    }

    /// The value as a `Double`: what a setting that takes a fraction reads.
    var doubleValue: Double {
        switch self {
        case .int(let whole): return Double(whole)
        case .uint(let whole): return Double(whole)
        case .double(let fraction): return fraction
        }
    }

    /// `42`, `18446744073709551615`, `0.5`, `1e+19`: the value as Swift
    /// prints it, which is how errors and value expectations show it (not
    /// the literal: `1e3` shows as `1000`).
    var description: String {
        switch self {
        case .int(let whole): return String(whole)
        case .uint(let whole): return String(whole)
        case .double(let fraction): return String(fraction)
        }
    }
}

extension JSON5Value {
    /// The number a literal reads as (``JSON5Number``); nil for anything
    /// but a number. Read afresh on each call: the parser reads each
    /// number once or twice, and a tree that keeps only the literal is one
    /// that explore and shrink can edit and render unchanged.
    var numberValue: JSON5Number? {
        guard case .number(let literal) = self else { return nil }
        return JSON5Number(literal: literal)
    }
}
