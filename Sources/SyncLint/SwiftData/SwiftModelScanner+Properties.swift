/// Stored properties of a `@Model` class: `var name: Type [= default]`,
/// with the attributes in front of them.
extension SwiftModelScanner {
    /// Reads the declaration at `var`/`let`; records it on model `index`
    /// when it is a stored property the scanner fully understands.
    mutating func readProperty(of index: Int, attributes: [PendingAttribute], modifiers: [String]) {
        let keyword = advance()
        let className = classes[index].name
        guard let nameToken = peek(), nameToken.kind == .identifier else {
            report(keyword, "a property of \(className) is declared in a way simulate lint does not read (a tuple pattern?); not checked")
            skipDeclaration()
            return
        }
        advance()
        let subject = "\(className).\(nameToken.text)"
        guard peek()?.isSymbol(":") == true else {
            readUnannotatedProperty(keyword: keyword, name: nameToken.text, of: index, attributes: attributes, modifiers: modifiers)
            return
        }
        advance()
        let typeTokens = readTypeTokens()
        guard !typeTokens.isEmpty else {
            report(keyword, "the type of \(subject) is not understood; not checked")
            skipDeclaration()
            return
        }
        if peek()?.isSymbol(",") == true {
            report(keyword, "\(subject) is declared together with other properties in one statement, which simulate lint does not read; not checked")
            skipDeclaration()
            return
        }
        var hasDefault = false
        if peek()?.isSymbol("=") == true {
            hasDefault = true
            if skipDeclaration() {
                report(keyword, "\(subject) is declared together with other properties in one statement, which simulate lint does not read; not checked")
                return
            }
        } else if peek()?.isSymbol("{") == true {
            // `{ willSet/didSet … }` observes a stored property; any other
            // block is a getter: a computed property, never stored.
            let isObserved = peek(1).map { $0.isIdentifier("willSet") || $0.isIdentifier("didSet") } == true
            skipBalanced()
            guard isObserved else { return }
        } else if peek()?.isSymbol(";") == true {
            advance()
        }

        record(keyword: keyword, name: nameToken.text, type: SwiftTypeShape(typeTokens), hasDefault: hasDefault, of: index,
               attributes: attributes, modifiers: modifiers)
    }

    /// `var title = ""`, `var id = UUID()`, `var createdAt = Date.now`:
    /// a stored property whose type Swift infers from its default. The
    /// scanner infers it the same way for the defaults it can read
    /// (``SwiftTypeInference``) and reports any other as not understood.
    mutating func readUnannotatedProperty(keyword: SwiftToken, name: String, of index: Int, attributes: [PendingAttribute],
                                          modifiers: [String]) {
        let subject = "\(classes[index].name).\(name)"
        guard peek()?.isSymbol("=") == true else {
            report(keyword, "\(subject) has no type annotation and no default, which simulate lint does not read; not checked")
            skipDeclaration()
            return
        }
        advance()
        let start = position
        if skipDeclaration() {
            report(keyword, "\(subject) is declared together with other properties in one statement, which simulate lint does not read; not checked")
            return
        }
        var initializer = Array(tokens[start ..< position])
        if initializer.last?.isSymbol(";") == true { initializer.removeLast() }
        // `= value { didSet … }` observes the property: the value is what counts.
        if let brace = initializer.firstIndex(where: { $0.isSymbol("{") }),
           initializer.indices.contains(brace + 1), initializer[brace + 1].isIdentifier("didSet") || initializer[brace + 1].isIdentifier("willSet") {
            initializer = Array(initializer[..<brace])
        }
        guard let typeTokens = SwiftTypeInference.type(of: initializer) else {
            report(keyword, "\(subject) has no type annotation, and simulate lint cannot infer its type from its default "
                + "(it reads literals, Type(), Type.member and [Type]()); not checked")
            return
        }
        record(keyword: keyword, name: name, type: SwiftTypeShape(typeTokens), hasDefault: true, of: index,
               attributes: attributes, modifiers: modifiers)
    }

    /// Records a stored property the scanner has read, with its attributes.
    private mutating func record(keyword: SwiftToken, name: String, type: SwiftTypeShape, hasDefault: Bool, of index: Int,
                                 attributes: [PendingAttribute], modifiers: [String]) {
        let subject = "\(classes[index].name).\(name)"
        if attributes.contains(where: { $0.name == "Transient" }) { return }
        if modifiers.contains("lazy") || modifiers.contains("weak") || modifiers.contains("unowned") {
            let modifier = modifiers.first { ["lazy", "weak", "unowned"].contains($0) }!
            report(keyword, "\(subject) is \(modifier), which simulate lint does not understand in a @Model class; not checked")
            return
        }
        if let unknown = attributes.first(where: { !["Attribute", "Relationship"].contains($0.name) && !Self.neutralAttributes.contains($0.name) }) {
            report(unknown.token, "\(subject) has @\(unknown.name), which simulate lint does not understand; not checked")
            return
        }
        var property = ScannedModelClass.Property(name: name, location: location(keyword), type: type, hasDefault: hasDefault)
        if let attribute = attributes.first(where: { $0.name == "Attribute" }) {
            let arguments = SwiftMacroArguments.attribute(attribute.arguments ?? [])
            for option in arguments.unknown {
                report(attribute.token, "option '\(option)' of @Attribute on \(subject) is not understood; ignored")
            }
            property.attribute = arguments
            property.attributeLocation = location(attribute.token)
        }
        if let relationship = attributes.first(where: { $0.name == "Relationship" }) {
            let arguments = SwiftMacroArguments.relationship(relationship.arguments ?? [])
            if let unreadable = arguments.unknown.first(where: { $0.hasPrefix("deleteRule:") || $0.hasPrefix("inverse:") }) {
                report(relationship.token, "'\(unreadable)' of @Relationship on \(subject) is not understood; not checked")
                return
            }
            for option in arguments.unknown {
                report(relationship.token, "option '\(option)' of @Relationship on \(subject) is not understood; ignored")
            }
            property.relationship = arguments
            property.relationshipLocation = location(relationship.token)
        }
        classes[index].properties.append(property)
    }

    /// The type annotation's tokens: up to `=`, `{`, `,`, `;` or the end of
    /// the line, outside brackets.
    mutating func readTypeTokens() -> [SwiftToken] {
        var result: [SwiftToken] = []
        var depth = 0
        var lastLine = peek()?.line ?? 0
        while let token = peek() {
            if depth == 0 {
                if token.isSymbol("=") || token.isSymbol("{") || token.isSymbol(",") || token.isSymbol(";") || token.isSymbol("}") { break }
                if !result.isEmpty && token.line > lastLine { break }
            }
            if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("<") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol(">") { depth -= 1 }
            lastLine = token.line
            result.append(advance())
        }
        return result
    }
}
