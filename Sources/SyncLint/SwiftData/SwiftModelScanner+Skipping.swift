/// Moving past what the scanner does not read: bracketed groups, default
/// values, function bodies.
extension SwiftModelScanner {
    static let openers: Set<String> = ["(", "[", "{"]
    static let closers: Set<String> = [")", "]", "}"]

    func startsDeclaration(_ token: SwiftToken) -> Bool {
        token.isSymbol("@") || token.isSymbol("#") || (token.kind == .identifier && Self.declarationWords.contains(token.text))
    }

    /// Past a bracketed group whose opener is the current token.
    mutating func skipBalanced() {
        var depth = 0
        while let token = peek() {
            advance()
            if token.kind == .symbol, Self.openers.contains(token.text) { depth += 1 }
            if token.kind == .symbol, Self.closers.contains(token.text) { depth -= 1 }
            if depth <= 0 { return }
        }
    }

    /// The tokens inside the parentheses that open at the current token.
    mutating func readParenthesized() -> [SwiftToken] {
        let start = position
        skipBalanced()
        let end = position
        guard end - start >= 2 else { return [] }
        return Array(tokens[(start + 1) ..< (end - 1)])
    }

    /// Past the rest of a declaration: to a `;`, to the `}` that closes
    /// the enclosing body, or to a new line that starts another declaration,
    /// with brackets balanced in between (a default value may span lines,
    /// hold closures, or end in `{ didSet … }`). Returns whether it passed
    /// a comma outside brackets: more bindings in one statement.
    @discardableResult
    mutating func skipDeclaration() -> Bool {
        var sawComma = false
        var depth = 0
        var lastLine = peek()?.line ?? 0
        while let token = peek() {
            if depth == 0 {
                if token.kind == .symbol, Self.closers.contains(token.text) { return sawComma }
                if token.isSymbol(";") {
                    advance()
                    return sawComma
                }
                if token.line > lastLine && startsDeclaration(token) { return sawComma }
                if token.isSymbol(",") { sawComma = true }
            }
            if token.kind == .symbol, Self.openers.contains(token.text) { depth += 1 }
            if token.kind == .symbol, Self.closers.contains(token.text) { depth -= 1 }
            lastLine = token.line
            advance()
        }
        return sawComma
    }

    /// Past `func`, `init`, `deinit` or `subscript`: its signature, then its
    /// body if it has one (a protocol requirement has none).
    mutating func skipFunction() {
        var depth = 0
        var lastLine = peek()?.line ?? 0
        advance()
        while let token = peek() {
            if depth == 0 {
                if token.isSymbol("{") {
                    skipBalanced()
                    return
                }
                if token.isSymbol("}") || token.isSymbol(";") { return }
                if token.line > lastLine && startsDeclaration(token) { return }
            }
            if token.isSymbol("(") || token.isSymbol("[") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") { depth -= 1 }
            lastLine = token.line
            advance()
        }
    }

    /// Past a macro's generic arguments, arguments and trailing closure:
    /// `#Index<T>(…)`, `#Preview("x") { … }`.
    mutating func skipMacroUse(nameLine: Int) {
        if peek()?.isSymbol("<") == true {
            var depth = 0
            while let token = peek() {
                advance()
                if token.isSymbol("<") { depth += 1 }
                if token.isSymbol(">") { depth -= 1 }
                if depth == 0 { break }
            }
        }
        if peek()?.isSymbol("(") == true { skipBalanced() }
        if let token = peek(), token.isSymbol("{"), token.line == nameLine { skipBalanced() }
    }

    /// Past the rest of the line `line` (a `#if` condition).
    mutating func skipLine(_ line: Int) {
        while let token = peek(), token.line == line { advance() }
    }
}
