/// Reading one `ModelConfiguration(… cloudKitDatabase: …)` during the facts
/// pass: whether it may sync, whether it is in memory only, and which
/// classes its store holds.
extension SwiftModelScanner {
    /// A `Schema([A.self, B.self])` the facts pass met.
    struct SchemaList {
        let classes: [String]
        let file: String
        /// The ids of the braces it is inside in its file (``scanFacts()``'s
        /// `braces`).
        let braces: [Int]
        /// `schema` for `let schema = Schema([…])`.
        let name: String?
        /// The type whose body holds it (`AppSchema` for a
        /// `static let schema` there), for `schema: AppSchema.schema`.
        let owner: String?

        /// Whether a declaration inside `braces` of `file` sees it: its
        /// body encloses them.
        func encloses(_ braces: [Int], in file: String) -> Bool {
            self.file == file && self.braces.count <= braces.count && Array(braces.prefix(self.braces.count)) == self.braces
        }
    }

    /// A configuration before its classes are known (the schema it names
    /// may be declared after it, or in another file).
    struct PendingConfiguration {
        let location: SourceLocation
        let mayUseCloudKit: Bool
        let isInMemory: Bool
        let braces: [Int]
        /// The `X.self` types in its own arguments (`schema: Schema([…])`).
        let ownClasses: [String]
        /// The `schema:` argument when it is a plain name (`schema`,
        /// `AppSchema.schema`), split at its dots.
        let schemaPath: [String]?

        /// Its classes, in order: those in its own arguments; those of the
        /// schema variable it names (in any file); those every list in the
        /// bodies around it names (a function or closure that builds one
        /// store). A list at file level is matched by name only: a file may
        /// build several stores.
        func resolved(among lists: [SchemaList]) -> ScannedConfiguration {
            var classes: [String]? = ownClasses.isEmpty ? nil : ownClasses
            if classes == nil, let path = schemaPath, let name = path.last {
                // `AppSchema.schema` names the type that declares it;
                // `schema` and `Self.schema` one in scope here, or a global.
                let owner = path.count >= 2 && path[path.count - 2] != "Self" ? path[path.count - 2] : nil
                let named = lists.last { list in
                    list.name == name && (owner.map { list.owner == $0 } ?? (list.braces.isEmpty || list.encloses(braces, in: location.file)))
                }
                classes = named?.classes
            }
            if classes == nil {
                let around = lists.filter { !$0.braces.isEmpty && $0.encloses(braces, in: location.file) }.flatMap(\.classes)
                classes = around.isEmpty ? nil : around.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            }
            return ScannedConfiguration(location: location, mayUseCloudKit: mayUseCloudKit, isInMemory: isInMemory, classes: classes)
        }
    }

    /// At `cloudKitDatabase`: reads its argument, to the `,` or `)` that
    /// ends it (`.none` keeps the store off CloudKit; `.private(…)`,
    /// `.automatic`, a ternary holding one, or a value the scanner cannot
    /// see may sync), and the other arguments of the call it is in.
    mutating func readConfiguration(braces: [Int]) -> PendingConfiguration {
        let token = advance()
        let call = enclosingArguments(of: position - 1)
        advance()
        var argument: [SwiftToken] = []
        var depth = 0
        while let next = peek(), depth > 0 || !(next.isSymbol(",") || next.isSymbol(")")) {
            if next.isSymbol("(") || next.isSymbol("[") { depth += 1 }
            if next.isSymbol(")") || next.isSymbol("]") { depth -= 1 }
            argument.append(advance())
        }
        let none = argument.count == 2 && argument[0].isSymbol(".") && argument[1].isIdentifier("none")
        // Only a literal `true` is in memory: `isStoredInMemoryOnly:
        // inMemory` is how one factory serves previews and the app alike.
        let inMemory = call.indices.dropLast(2).contains { index in
            call[index].isIdentifier("isStoredInMemoryOnly") && call[index + 1].isSymbol(":") && call[index + 2].isIdentifier("true")
        }
        return PendingConfiguration(location: location(token), mayUseCloudKit: !none, isInMemory: inMemory, braces: braces,
                                    ownClasses: Self.selfTypes(in: call), schemaPath: Self.schemaPath(in: call))
    }

    /// The arguments of the call whose parentheses hold the token at
    /// `index`; empty when it is in none (it stops at a brace).
    func enclosingArguments(of index: Int) -> ArraySlice<SwiftToken> {
        var depth = 0
        var open = index - 1
        while open >= 0 {
            let token = tokens[open]
            if token.isSymbol("{") || token.isSymbol("}") { return [] }
            if token.isSymbol(")") || token.isSymbol("]") { depth += 1 }
            if token.isSymbol("(") || token.isSymbol("[") {
                if depth == 0 { break }
                depth -= 1
            }
            open -= 1
        }
        guard open >= 0, tokens[open].isSymbol("(") else { return [] }
        var close = open + 1
        depth = 0
        while close < tokens.count {
            let token = tokens[close]
            if token.kind == .symbol, Self.openers.contains(token.text) { depth += 1 }
            if token.kind == .symbol, Self.closers.contains(token.text) {
                if depth == 0 { break }
                depth -= 1
            }
            close += 1
        }
        return tokens[(open + 1) ..< close]
    }

    /// The last part of every `X.self` (or `A.X.self`) in `tokens`, each once.
    static func selfTypes(in tokens: ArraySlice<SwiftToken>) -> [String] {
        var names: [String] = []
        for index in tokens.indices.dropLast(2) where tokens[index].kind == .identifier
            && tokens[index + 1].isSymbol(".") && tokens[index + 2].isIdentifier("self") && !names.contains(tokens[index].text) {
            names.append(tokens[index].text)
        }
        return names
    }

    /// `["AppSchema", "schema"]` for `schema: AppSchema.schema` among
    /// `tokens`, when the argument is nothing but a dotted name.
    static func schemaPath(in tokens: ArraySlice<SwiftToken>) -> [String]? {
        guard let label = tokens.indices.dropLast().first(where: { tokens[$0].isIdentifier("schema") && tokens[$0 + 1].isSymbol(":") }) else {
            return nil
        }
        var path: [String] = []
        var index = label + 2
        while index < tokens.endIndex, tokens[index].kind == .identifier {
            path.append(tokens[index].text)
            index += 1
            guard index < tokens.endIndex, tokens[index].isSymbol(".") else { break }
            index += 1
        }
        let ends = index == tokens.endIndex || tokens[index].isSymbol(",")
        return path.isEmpty || !ends ? nil : path
    }
}
