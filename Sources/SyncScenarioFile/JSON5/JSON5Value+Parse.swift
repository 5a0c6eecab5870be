import SyncModel
import SyncSimulation

/// Why a text is not JSON5, and where: a 1-based line and column.
public struct JSON5ParseError: Error, Sendable, CustomStringConvertible {
    /// The line the error is on, from 1.
    public let line: Int
    /// The column the error is at, from 1.
    public let column: Int
    /// What was wrong, for a person.
    public let message: String

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSON5Value {
    /// Parses JSON5 (spec.json5.org, 1.0.0): comments, trailing commas,
    /// unquoted keys (ECMAScript 5.1's IdentifierName: Unicode letters and
    /// `\u` escapes, never a leading digit), single-quoted strings with
    /// line continuations, hexadecimal and signed numbers, `Infinity` and
    /// `NaN`. The whole json5-tests suite passes (docs: Scenarios/README.md,
    /// "The format"). Every error has a line and column; no input traps
    /// (nesting is capped at ``JSON5Parser/maximumDepth``).
    public static func parse(_ text: String) throws(JSON5ParseError) -> JSON5Value {
        var parser = JSON5Parser(Array(text.unicodeScalars))
        let value = try parser.value()
        try parser.skipSpace()
        guard parser.position == parser.scalars.count else { throw parser.error("unexpected text after the document") }
        return value
    }

    /// Parses as ``parse(_:)`` and also returns the line (from 1) where
    /// each value down to `depth` levels starts, by path: `expect` for a
    /// top-level member, `expect[2]` for an item of it. For tools that
    /// point a person at a place in the file (CI annotations).
    public static func parseWithLines(_ text: String, depth: Int) throws(JSON5ParseError) -> (value: JSON5Value, lines: [String: Int]) {
        var parser = JSON5Parser(Array(text.unicodeScalars))
        parser.recordedDepth = depth
        let value = try parser.value()
        try parser.skipSpace()
        guard parser.position == parser.scalars.count else { throw parser.error("unexpected text after the document") }
        // One pass over the text turns every recorded offset into a line.
        let byOffset = parser.starts.sorted { $0.value < $1.value }
        var lines: [String: Int] = [:]
        var line = 1
        var offset = 0
        for (path, start) in byOffset {
            while offset < start {
                if parser.scalars[offset] == "\n" { line += 1 }
                offset += 1
            }
            lines[path] = line
        }
        return (value, lines)
    }
}

/// A recursive-descent reader over Unicode scalars.
struct JSON5Parser {
    /// How deep lists and objects may nest. Scenario files nest about six
    /// levels; the limit keeps a hostile file from overflowing the stack
    /// of this recursive reader (a sweep's worker threads have 512 KB).
    static let maximumDepth = 100

    let scalars: [Unicode.Scalar]
    var position = 0
    var depth = 0
    /// How deep ``starts`` records where values begin (0: not at all).
    var recordedDepth = 0
    /// The path to the value being read while it is within `recordedDepth`.
    var path = ""
    /// The scalar offset where each recorded value begins, by path.
    var starts: [String: Int] = [:]

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func error(_ message: String) -> JSON5ParseError {
        var line = 1
        var column = 1
        for scalar in scalars[..<min(position, scalars.count)] {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return JSON5ParseError(line: line, column: column, message: message)
    }

    mutating func skipSpace() throws(JSON5ParseError) {
        while let scalar = current {
            if Self.isSpace(scalar) {
                position += 1
            } else if scalar == "/" && position + 1 < scalars.count && scalars[position + 1] == "/" {
                while let next = current, !Self.isLineTerminator(next) { position += 1 }
            } else if scalar == "/" && position + 1 < scalars.count && scalars[position + 1] == "*" {
                position += 2
                while position + 1 < scalars.count && !(scalars[position] == "*" && scalars[position + 1] == "/") { position += 1 }
                guard position + 1 < scalars.count else { throw error("a comment that never ends") }
                position += 2
            } else {
                return
            }
        }
    }

    mutating func value() throws(JSON5ParseError) -> JSON5Value {
        try skipSpace()
        guard let scalar = current else { throw error("expected a value, found the end of the text") }
        if depth > 0 && depth <= recordedDepth { starts[path] = position }
        switch scalar {
        case "{", "[":
            guard depth < Self.maximumDepth else { throw error("lists and objects nested more than \(Self.maximumDepth) deep") }
            depth += 1
            defer { depth -= 1 }
            return scalar == "{" ? try object() : try array()
        case "\"", "'": return .string(try string())
        case "-", "+", ".", "0" ... "9": return .number(try number())
        default:
            let start = position
            let (word, escaped) = (try? identifierName()) ?? ("", false)
            switch (word, escaped) {
            case ("true", false): return .bool(true)
            case ("false", false): return .bool(false)
            case ("null", false): return .null
            case ("Infinity", false), ("NaN", false): return .number(word)
            default:
                position = start
                throw error("expected a value, found '\(Echo.text(word.isEmpty || escaped ? String(scalar) : word))'")
            }
        }
    }

    private mutating func object() throws(JSON5ParseError) -> JSON5Value {
        position += 1
        var members: [JSON5Value.Member] = []
        while true {
            try skipSpace()
            guard let scalar = current else { throw error("an object that never closes") }
            if scalar == "}" { position += 1; return .object(members) }
            let key: String
            if scalar == "\"" || scalar == "'" {
                key = try string()
            } else {
                key = try identifierName().name
                guard !key.isEmpty else {
                    let found = ("0" ... "9").contains(scalar) ? "a digit, '\(scalar)' (an unquoted key starts with a letter, '$' or '_')"
                                                               : "'\(Echo.text(String(scalar)))'"
                    throw error("expected a key, found \(found)")
                }
            }
            try skipSpace()
            guard current == ":" else { throw error("expected ':' after the key '\(Echo.text(key))'") }
            position += 1
            let parent = path
            if depth <= recordedDepth { path = parent.isEmpty ? key : "\(parent).\(key)" }
            members.append(JSON5Value.Member(key, try value()))
            path = parent
            try skipSpace()
            if current == "," { position += 1; continue }
            guard current == "}" else { throw error("expected ',' or '}' in an object") }
        }
    }

    private mutating func array() throws(JSON5ParseError) -> JSON5Value {
        position += 1
        var items: [JSON5Value] = []
        while true {
            try skipSpace()
            guard let scalar = current else { throw error("a list that never closes") }
            if scalar == "]" { position += 1; return .array(items) }
            let parent = path
            if depth <= recordedDepth { path = "\(parent)[\(items.count)]" }
            items.append(try value())
            path = parent
            try skipSpace()
            if current == "," { position += 1; continue }
            guard current == "]" else { throw error("expected ',' or ']' in a list") }
        }
    }

    /// The literal as written, checked to be a JSON5 number: decimal
    /// (`12`, `-0.5`, `.5`, `5.`, `1e3`; no leading zeros), hexadecimal
    /// (`0x1F`), `Infinity` or `NaN`, each with an optional sign. A decimal
    /// beyond a `Double` (`1e400`) is JSON5 all the same (ECMAScript reads
    /// it as infinity): the setting that reads it refuses it, naming its
    /// path (``Node/shortDescription``).
    private mutating func number() throws(JSON5ParseError) -> String {
        let start = position
        if current == "-" || current == "+" { position += 1 }
        _ = identifierOrDigits()
        let literal = String(String.UnicodeScalarView(scalars[start ..< position]))
        let unsigned = literal.drop { $0 == "-" || $0 == "+" }
        let isHex = (unsigned.hasPrefix("0x") || unsigned.hasPrefix("0X")) && unsigned.count > 2
            && unsigned.dropFirst(2).allSatisfy(\.isHexDigit)
        guard isHex || unsigned == "Infinity" || unsigned == "NaN" || Self.isDecimal(unsigned) else {
            position = start
            throw error("'\(Echo.text(literal))' is not a number")
        }
        return literal
    }

    /// JSON5's decimal literal without its sign: an integer part (`0`, or
    /// digits not starting with 0) and/or a fraction, then an exponent.
    static func isDecimal(_ text: Substring) -> Bool {
        let digits: ClosedRange<Character> = "0" ... "9"
        var rest = text[...]
        let integer = rest.prefix { digits.contains($0) }
        rest = rest.dropFirst(integer.count)
        guard integer.count <= 1 || integer.first != "0" else { return false }
        var fraction: Substring = ""
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = rest.prefix { digits.contains($0) }
            rest = rest.dropFirst(fraction.count)
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return false }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix { digits.contains($0) }
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }

    /// Digits, letters, `.` and exponent signs: the body of a number.
    private mutating func identifierOrDigits() -> String {
        var text = String.UnicodeScalarView()
        while let scalar = current {
            let isExponentSign = (scalar == "+" || scalar == "-") && (text.last == "e" || text.last == "E") && !text.contains("x")
            guard scalar.properties.isAlphabetic || ("0" ... "9").contains(scalar) || scalar == "." || isExponentSign else { break }
            text.append(scalar)
            position += 1
        }
        return String(text)
    }

    private mutating func string() throws(JSON5ParseError) -> String {
        let quote = scalars[position]
        position += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = current else { throw error("a string that never closes") }
            position += 1
            if scalar == quote { return String(text) }
            // U+2028 and U+2029 may stand in a string as they are (JSON5 1.0.0, 5.1).
            if scalar == "\n" || scalar == "\r" { throw error("a line break inside a string") }
            guard scalar == "\\" else { text.append(scalar); continue }
            guard let escaped = current else { throw error("a string that never closes") }
            position += 1
            switch escaped {
            case "b": text.append("\u{8}")
            case "f": text.append("\u{C}")
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "t": text.append("\t")
            case "v": text.append("\u{B}")
            case "0":
                // `\0` is NUL only when no digit follows: `\01` would be an octal escape, which JSON5 has not.
                if let next = current, ("0" ... "9").contains(next) {
                    position -= 2
                    throw error("'\\0' followed by a digit: JSON5 allows a digit after a backslash only as \\0 with no digit after it")
                }
                text.append("\u{0}")
            case "1" ... "9":
                position -= 2
                throw error("'\\\(escaped)': JSON5 allows a digit after a backslash only as \\0 with no digit after it")
            case "\n", "\u{2028}", "\u{2029}": break
            case "\r": if current == "\n" { position += 1 }
            case "x": text.append(try hexScalar(digits: 2))
            case "u": text.append(try unicodeEscape())
            default: text.append(escaped)
            }
        }
    }

    /// The scalar a `\u` escape names, read after its `\u`: four
    /// hexadecimal digits, or a surrogate pair written as two escapes
    /// (`\uD83D\uDE00`).
    mutating func unicodeEscape() throws(JSON5ParseError) -> Unicode.Scalar {
        var code = try hexValue(digits: 4)
        if (0xD800 ... 0xDBFF).contains(code), current == "\\", position + 1 < scalars.count, scalars[position + 1] == "u" {
            position += 2
            let low = try hexValue(digits: 4)
            guard (0xDC00 ... 0xDFFF).contains(low) else { throw error("an unpaired surrogate in \\u escapes") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let decoded = Unicode.Scalar(code) else { throw error("an unpaired surrogate in \\u escapes") }
        return decoded
    }

    private mutating func hexValue(digits: Int) throws(JSON5ParseError) -> UInt32 {
        guard position + digits <= scalars.count,
              let value = UInt32(String(String.UnicodeScalarView(scalars[position ..< position + digits])), radix: 16) else {
            throw error("expected \(digits) hexadecimal digits in an escape")
        }
        position += digits
        return value
    }

    private mutating func hexScalar(digits: Int) throws(JSON5ParseError) -> Unicode.Scalar {
        Unicode.Scalar(UInt8(try hexValue(digits: digits)))
    }
}
