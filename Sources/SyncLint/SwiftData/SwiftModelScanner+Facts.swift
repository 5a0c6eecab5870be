/// A first pass over a file for what it says about schema versions and
/// CloudKit, wherever it says it: typealiases, `SchemaMigrationPlan`
/// schema lists, `VersionedSchema` version identifiers, `Schema([…])`
/// lists and `ModelConfiguration(cloudKitDatabase:)`.
extension SwiftModelScanner {
    mutating func scanFacts() {
        // The enclosing type bodies: name and conformances, nil for any
        // other brace (a function body, a closure).
        var scopes: [TypeScope?] = []
        var pendingType: TypeScope?
        // Every brace opened, by id, for telling which `Schema([…])` and
        // which `cloudKitDatabase:` share a body.
        var braces: [Int] = []
        var nextBrace = 0
        position = 0
        while let token = peek() {
            if token.kind == .identifier, ["class", "struct", "enum", "actor", "extension", "protocol"].contains(token.text),
               let nameToken = peek(1), nameToken.kind == .identifier {
                pendingType = typeHeader(keyword: token.text)
                continue
            }
            if token.isSymbol("{") {
                scopes.append(pendingType)
                pendingType = nil
                braces.append(nextBrace)
                nextBrace += 1
                advance()
                continue
            }
            if token.isSymbol("}") {
                if !scopes.isEmpty { scopes.removeLast() }
                if !braces.isEmpty { braces.removeLast() }
                advance()
                continue
            }
            if token.isIdentifier("Schema"), peek(1)?.isSymbol("(") == true, peek(2)?.isSymbol("[") == true {
                // `let schema = Schema([…])` is named, for a configuration
                // that says `schema: schema`.
                let assigned = peek(-1)?.isSymbol("=") == true && peek(-3).map { $0.isIdentifier("let") || $0.isIdentifier("var") } == true
                let name = assigned ? peek(-2).flatMap { $0.kind == .identifier ? $0.text : nil } : nil
                advance()
                let names = Self.selfTypes(in: readParenthesized()[...])
                if !names.isEmpty {
                    facts.schemaLists.append(SchemaList(classes: names, file: file, braces: braces, name: name, owner: (scopes.last ?? nil)?.name))
                }
                continue
            }
            let enclosing = scopes.last ?? nil
            // A file-level typealias is the app's own name for a model; one
            // inside a schema version reuses another version's class.
            if token.isIdentifier("typealias"), scopes.isEmpty, let name = peek(1), name.kind == .identifier, peek(2)?.isSymbol("=") == true {
                position += 3
                var path: [String] = []
                while let part = peek(), part.kind == .identifier {
                    path.append(advance().text)
                    guard peek()?.isSymbol(".") == true, peek(1)?.kind == .identifier else { break }
                    advance()
                }
                if path.count >= 2 { facts.typealiases.append((name.text, path, location(token))) }
                continue
            }
            if let scope = enclosing, scope.conformances.contains("SchemaMigrationPlan"), token.isIdentifier("schemas"),
               peek(-1)?.isIdentifier("var") == true || peek(-1)?.isIdentifier("let") == true {
                facts.migrationPlans.append((scope.name, readSelfList().compactMap(\.last), location(token)))
                continue
            }
            if let scope = enclosing, token.isIdentifier("models"),
               peek(-1)?.isIdentifier("var") == true || peek(-1)?.isIdentifier("let") == true {
                facts.schemaModels.append((scope.name, readSelfList()))
                continue
            }
            if let scope = enclosing, token.isIdentifier("versionIdentifier"),
               peek(-1)?.isIdentifier("var") == true || peek(-1)?.isIdentifier("let") == true {
                if let version = readVersion() { facts.versionIdentifiers.append((scope.name, version)) }
                continue
            }
            if token.isIdentifier("cloudKitDatabase"), peek(1)?.isSymbol(":") == true {
                facts.configurations.append(readConfiguration(braces: braces))
                continue
            }
            advance()
        }
    }

    /// `enum SchemaV2: VersionedSchema` up to (not past) its `{`; records a
    /// versioned schema.
    private mutating func typeHeader(keyword: String) -> TypeScope {
        advance()
        var name = advance().text
        while peek()?.isSymbol(".") == true, let part = peek(1), part.kind == .identifier {
            advance()
            name = advance().text
        }
        var conformances: [String] = []
        var inInheritance = false
        while let token = peek(), !token.isSymbol("{"), !token.isSymbol("}") {
            if token.isSymbol(":") { inInheritance = true }
            if token.isIdentifier("where") { inInheritance = false }
            if inInheritance, token.kind == .identifier, peek(1)?.isSymbol(".") != true { conformances.append(token.text) }
            advance()
        }
        if conformances.contains("VersionedSchema") && !facts.versionedSchemas.contains(name) { facts.versionedSchemas.append(name) }
        return TypeScope(description: "\(keyword) \(name)", name: name, conformances: conformances)
    }

    /// From `schemas` or `models`: the `X.self` (or `A.X.self`) paths of
    /// its getter or its `= [ … ]` value, in order.
    private mutating func readSelfList() -> [[String]] {
        advance()
        // Past the type annotation (`[any VersionedSchema.Type]`).
        while let token = peek(), !token.isSymbol("{"), !token.isSymbol("=") {
            if token.isSymbol("}") { return [] }
            if token.isSymbol("[") || token.isSymbol("(") { skipBalanced() } else { advance() }
        }
        if peek()?.isSymbol("=") == true { advance() }
        let start = position
        skipBalanced()
        let list = tokens[start ..< position]
        var paths: [[String]] = []
        for index in list.indices.dropLast(2) where list[index].kind == .identifier
            && list[index + 1].isSymbol(".") && list[index + 2].isIdentifier("self") {
            var path = [list[index].text]
            var back = index
            while back - 2 >= list.startIndex, list[back - 1].isSymbol("."), list[back - 2].kind == .identifier {
                path.insert(list[back - 2].text, at: 0)
                back -= 2
            }
            paths.append(path)
        }
        return paths
    }

    /// From `versionIdentifier`: the numbers of `Schema.Version(2, 0, 0)`.
    private mutating func readVersion() -> [Int]? {
        advance()
        while let token = peek(), !token.isSymbol("(") {
            if token.isSymbol("}") || token.isSymbol(";") { return nil }
            advance()
        }
        let arguments = readParenthesized()
        let numbers = arguments.filter { $0.kind == .number }.compactMap { Int($0.text) }
        return numbers.isEmpty ? nil : numbers
    }
}
