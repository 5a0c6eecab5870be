/// The character classes of the JSON5 grammar (spec.json5.org, 1.0.0,
/// which takes them from ECMAScript 5.1, sections 7.2, 7.3 and 7.6),
/// decided by each scalar's Unicode general category as the standard
/// library reports it.
extension JSON5Parser {
    /// JSON5's WhiteSpace: tab, line tabulation, form feed, space, no-break
    /// space, the byte order mark, the line and paragraph separators, line
    /// feed and carriage return, and every other space separator (`Zs`).
    /// Not U+0085 (NEL), which Unicode's `White_Space` holds and the grammar does not.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\t", "\n", "\u{B}", "\u{C}", "\r", " ", "\u{A0}", "\u{2028}", "\u{2029}", "\u{FEFF}": return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// JSON5's LineTerminator: what ends a `//` comment, and what a string
    /// may hold only after a backslash (a line continuation), except the
    /// line and paragraph separators, which JSON5 allows in strings as they are.
    static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// IdentifierStart without its escape: a Unicode letter (`Lu`, `Ll`,
    /// `Lt`, `Lm`, `Lo`, `Nl`), `$` or `_`. Never a digit: `10twenty` is
    /// no key.
    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber: return true
        default: return scalar == "$" || scalar == "_"
        }
    }

    /// IdentifierPart without its escape: a start, a combining mark (`Mn`,
    /// `Mc`), a decimal digit (`Nd`), a connector (`Pc`), or the zero-width
    /// non-joiner and joiner.
    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        if isIdentifierStart(scalar) || scalar == "\u{200C}" || scalar == "\u{200D}" { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    /// An IdentifierName, an unquoted key (`sigma`, `$ref`, `ümlåût`,
    /// `sig\u03A3ma`), or `""` when none starts here. A `\u` escape is read
    /// as the scalar it names, which must be one the place allows
    /// (`\u0030` cannot start a key). `escaped` says whether one was read:
    /// `true`, `null`, `Infinity` spelt with an escape are no values.
    mutating func identifierName() throws(JSON5ParseError) -> (name: String, escaped: Bool) {
        var text = String.UnicodeScalarView()
        var escaped = false
        while let scalar = current {
            let atStart = text.isEmpty
            if scalar == "\\" {
                let start = position
                guard position + 1 < scalars.count, scalars[position + 1] == "u" else {
                    throw error("expected \\u and four hexadecimal digits in a key")
                }
                position += 2
                let decoded = try unicodeEscape()
                guard atStart ? Self.isIdentifierStart(decoded) : Self.isIdentifierPart(decoded) else {
                    position = start
                    throw error("'\\u\(Self.hex(decoded))' (\(Self.named(decoded))) cannot \(atStart ? "start" : "be part of") a key")
                }
                text.append(decoded)
                escaped = true
                continue
            }
            guard atStart ? Self.isIdentifierStart(scalar) : Self.isIdentifierPart(scalar) else { break }
            text.append(scalar)
            position += 1
        }
        return (String(text), escaped)
    }

    /// `03A3`: a scalar's code as a `\u` escape writes it.
    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `U+0030 DIGIT ZERO`, for an error about a scalar a person cannot see.
    static func named(_ scalar: Unicode.Scalar) -> String {
        "U+\(hex(scalar))" + (scalar.properties.name.map { " \($0)" } ?? "")
    }
}
