/// Splits Swift source into ``SwiftToken``s, skipping comments (nested
/// `/* */` included) and string literals of every form (`"…"`, `"""…"""`,
/// raw `#"…"#`, with `\(…)` interpolations that hold strings of their own),
/// so that nothing inside them is mistaken for a declaration. Not a Swift
/// parser: it knows only what it takes to find declarations.
struct SwiftLexer {
    /// Source the lexer cannot read past: an unterminated string or comment.
    struct Failure: Error, Equatable {
        let line: Int
        let message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var tokens: [SwiftToken] = []

    private init(_ source: String) {
        bytes = Array(source.utf8)
    }

    static func tokens(of source: String) throws(Failure) -> [SwiftToken] {
        var lexer = SwiftLexer(source)
        try lexer.run()
        return lexer.tokens
    }

    private func byte(at offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Tokens after which an expression starts, so a `/` there opens a
    /// bare regex literal rather than dividing.
    private static let expressionStarters: Set<String> = [
        "(", ",", "=", "[", ":", "{", ";", "!", "&", "|", "?", "+", "-", "<", ">", "~", "^", "return", "in", "case",
        "where", "throw", "try", "await", "if", "guard", "while", "->",
    ]

    /// The length of a bare regex literal (`/…/`, Swift 5.7) starting at
    /// the current `/`, or nil: it must follow a token after which an
    /// expression starts (or open the file), not begin with a space, a
    /// `/` or a `*`, and close with an unescaped `/` on the same line.
    private func bareRegexLength() -> Int? {
        guard let next = byte(at: 1), next != UInt8(ascii: " "), next != UInt8(ascii: "\t"), next != UInt8(ascii: "\n"),
              next != UInt8(ascii: "/"), next != UInt8(ascii: "*") else { return nil }
        if let previous = tokens.last, !Self.expressionStarters.contains(previous.text) || previous.kind == .string { return nil }
        var offset = 1
        while let current = byte(at: offset), current != UInt8(ascii: "\n") {
            if current == UInt8(ascii: "\\") {
                offset += 2
                continue
            }
            if current == UInt8(ascii: "/") { return offset + 1 }
            offset += 1
        }
        return nil
    }

    private mutating func emit(_ kind: SwiftToken.Kind, from start: Int, line startLine: Int) {
        let text = String(decoding: bytes[start ..< index], as: UTF8.self)
        tokens.append(SwiftToken(kind: kind, text: text, line: startLine))
    }

    private mutating func run() throws(Failure) {
        while let current = byte(at: 0) {
            let start = index
            switch current {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "/"):
                while let next = byte(at: 0), next != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "*"):
                try skipBlockComment()
            case UInt8(ascii: "\""):
                let startLine = line
                try skipString(hashes: 0)
                tokens.append(SwiftToken(kind: .string, text: "", line: startLine))
            case UInt8(ascii: "#"):
                var hashes = 0
                while byte(at: hashes) == UInt8(ascii: "#") { hashes += 1 }
                if byte(at: hashes) == UInt8(ascii: "\"") {
                    let startLine = line
                    index += hashes
                    try skipString(hashes: hashes)
                    tokens.append(SwiftToken(kind: .string, text: "", line: startLine))
                } else if byte(at: hashes) == UInt8(ascii: "/") {
                    try skipRegex(hashes: hashes)
                } else {
                    index += 1
                    emit(.symbol, from: start, line: line)
                }
            case UInt8(ascii: "`"):
                index += 1
                let nameStart = index
                while let next = byte(at: 0), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") { index += 1 }
                guard byte(at: 0) == UInt8(ascii: "`") else { throw Failure(line: line, message: "unterminated `name`") }
                tokens.append(SwiftToken(kind: .identifier, text: String(decoding: bytes[nameStart ..< index], as: UTF8.self), line: line))
                index += 1
            case UInt8(ascii: "/") where bareRegexLength() != nil:
                // `/\/*$/`: a bare regex literal, one string token, so a
                // `/*` or `//` inside it starts no comment.
                index += bareRegexLength() ?? 1
                tokens.append(SwiftToken(kind: .string, text: "", line: line))
            case UInt8(ascii: "-") where byte(at: 1) == UInt8(ascii: ">"):
                index += 2
                emit(.symbol, from: start, line: line)
            default:
                if Self.isIdentifierStart(current) {
                    while let next = byte(at: 0), Self.isIdentifierPart(next) { index += 1 }
                    emit(.identifier, from: start, line: line)
                } else if Self.isDigit(current) {
                    while let next = byte(at: 0),
                          Self.isIdentifierPart(next) || (next == UInt8(ascii: ".") && byte(at: 1).map(Self.isDigit) == true) {
                        index += 1
                    }
                    emit(.number, from: start, line: line)
                } else {
                    index += 1
                    emit(.symbol, from: start, line: line)
                }
            }
        }
    }

    private mutating func skipBlockComment() throws(Failure) {
        let startLine = line
        var depth = 0
        repeat {
            guard let current = byte(at: 0) else { throw Failure(line: startLine, message: "unterminated /* comment") }
            if current == UInt8(ascii: "/"), byte(at: 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if current == UInt8(ascii: "*"), byte(at: 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
            } else {
                if current == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        } while depth > 0
    }

    /// Past a string literal whose opening quote is at `index`, delimited by
    /// `hashes` pound signs (a raw string when above 0).
    private mutating func skipString(hashes: Int) throws(Failure) {
        let startLine = line
        let multiline = byte(at: 1) == UInt8(ascii: "\"") && byte(at: 2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        let quotes = multiline ? 3 : 1
        while let current = byte(at: 0) {
            switch current {
            case UInt8(ascii: "\\") where (0 ..< hashes).allSatisfy({ byte(at: 1 + $0) == UInt8(ascii: "#") }):
                index += 1 + hashes
                if byte(at: 0) == UInt8(ascii: "(") {
                    index += 1
                    try skipInterpolation()
                } else if let escaped = byte(at: 0) {
                    if escaped == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
            case UInt8(ascii: "\"") where (0 ..< quotes).allSatisfy({ byte(at: $0) == UInt8(ascii: "\"") })
                && (0 ..< hashes).allSatisfy({ byte(at: quotes + $0) == UInt8(ascii: "#") }):
                index += quotes + hashes
                return
            case UInt8(ascii: "\n"):
                guard multiline else { throw Failure(line: startLine, message: "unterminated string literal") }
                line += 1
                index += 1
            default:
                index += 1
            }
        }
        throw Failure(line: startLine, message: "unterminated string literal")
    }

    /// Past `\( … )`, whose opening parenthesis is already consumed: a
    /// balanced expression that may hold strings and comments.
    private mutating func skipInterpolation() throws(Failure) {
        let startLine = line
        var depth = 1
        while let current = byte(at: 0) {
            switch current {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: "\""):
                try skipString(hashes: 0)
            case UInt8(ascii: "#") where byte(at: 1) == UInt8(ascii: "\"") || byte(at: 1) == UInt8(ascii: "#"):
                var hashes = 0
                while byte(at: hashes) == UInt8(ascii: "#") { hashes += 1 }
                index += hashes
                if byte(at: 0) == UInt8(ascii: "\"") { try skipString(hashes: hashes) }
            case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "*"):
                try skipBlockComment()
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            default:
                index += 1
            }
        }
        throw Failure(line: startLine, message: "unterminated \\( interpolation")
    }

    /// Past an extended regex literal `#/…/#`.
    private mutating func skipRegex(hashes: Int) throws(Failure) {
        let startLine = line
        index += hashes + 1
        while let current = byte(at: 0) {
            if current == UInt8(ascii: "/"), (0 ..< hashes).allSatisfy({ byte(at: 1 + $0) == UInt8(ascii: "#") }) {
                index += 1 + hashes
                return
            }
            if current == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        throw Failure(line: startLine, message: "unterminated #/ regex literal")
    }
}
