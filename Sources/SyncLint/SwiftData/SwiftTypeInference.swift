/// The type Swift infers for a stored property from its default value,
/// for the defaults whose type is plain from their tokens: what
/// `var title = ""` or `var id = UUID()` declares. Anything else (an
/// expression, a function call, a generic) is left to the caller to report.
enum SwiftTypeInference {
    /// The inferred type as type-annotation tokens, or nil.
    ///
    /// - `"…"` → `String`; `12` → `Int`; `1.5` → `Double`; `true`, `false` → `Bool`
    /// - `Type(…)` and `Type.member` or `Type.member(…)` (`UUID()`,
    ///   `Date.now`, `Priority.medium`) → `Type`, for a capitalised name,
    ///   `Module.Type` spelled out
    /// - `[Type]()` → `[Type]`; `[Key: Value]()` → `[Key: Value]`
    /// - a leading `-` on a number is allowed
    static func type(of initializer: [SwiftToken]) -> [SwiftToken]? {
        var tokens = initializer[...]
        guard let first = tokens.first else { return nil }
        let line = first.line
        func name(_ text: String) -> [SwiftToken] { [SwiftToken(kind: .identifier, text: text, line: line)] }
        if tokens.count == 1 {
            switch first.kind {
            case .string: return name("String")
            case .number: return name(first.text.contains(".") || first.text.lowercased().contains("e") && !first.text.hasPrefix("0x") ? "Double" : "Int")
            case .identifier where first.text == "true" || first.text == "false": return name("Bool")
            default: return nil
            }
        }
        if first.isSymbol("-"), tokens.count == 2, tokens.last?.kind == .number {
            return type(of: Array(tokens.dropFirst()))
        }
        // `[Type]()` or `[Key: Value]()`: the brackets are the type.
        if first.isSymbol("["), let close = tokens.lastIndex(where: { $0.isSymbol("]") }),
           tokens.index(after: close) < tokens.endIndex, tokens[tokens.index(after: close)].isSymbol("("),
           tokens.last?.isSymbol(")") == true, tokens.distance(from: tokens.index(after: close), to: tokens.endIndex) == 2 {
            let type = Array(tokens[tokens.startIndex ... close])
            return type.allSatisfy({ $0.kind == .identifier || $0.isSymbol("[") || $0.isSymbol("]") || $0.isSymbol(":") || $0.isSymbol(".") })
                ? type : nil
        }
        // A capitalised, possibly dotted name: `UUID`, `Foundation.Date`.
        var typeName: [SwiftToken] = []
        while let token = tokens.first, token.kind == .identifier, token.text.first?.isUppercase == true {
            typeName.append(token)
            tokens = tokens.dropFirst()
            guard let dot = tokens.first, dot.isSymbol("."), let next = tokens.dropFirst().first, next.kind == .identifier,
                  next.text.first?.isUppercase == true else { break }
            typeName.append(dot)
            tokens = tokens.dropFirst()
        }
        guard !typeName.isEmpty else { return nil }
        // `Type(…)`: a call of the type's initializer, with nothing after it.
        if tokens.first?.isSymbol("(") == true, tokens.last?.isSymbol(")") == true, balancedGroup(tokens) { return typeName }
        // `Type.member` or `Type.member(…)`: a static member or case, which
        // Swift types as `Type` when the member is one of its values
        // (`Date.now`, `UUID.init()`); a member of another type would not
        // compile without an annotation.
        if tokens.first?.isSymbol(".") == true, let member = tokens.dropFirst().first, member.kind == .identifier {
            let rest = tokens.dropFirst(2)
            if rest.isEmpty { return typeName }
            if rest.first?.isSymbol("(") == true, rest.last?.isSymbol(")") == true, balancedGroup(rest) { return typeName }
        }
        return nil
    }

    /// Whether `tokens` is one bracketed group: its first opener closes at
    /// its last token.
    private static func balancedGroup(_ tokens: ArraySlice<SwiftToken>) -> Bool {
        var depth = 0
        for (offset, token) in tokens.enumerated() {
            if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}") { depth -= 1 }
            if depth == 0 && offset < tokens.count - 1 { return false }
        }
        return depth == 0
    }
}
