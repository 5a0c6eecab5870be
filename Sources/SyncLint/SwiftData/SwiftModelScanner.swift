/// Finds the top-level `@Model` classes of one Swift file and their stored
/// properties, `@Attribute`, `@Relationship`, `@Transient` and `#Unique`,
/// from its tokens. It is a careful scanner, not a parser: whatever it
/// meets in a model that it cannot read for certain (a macro or attribute
/// it does not know, a property without a type annotation, a model declared
/// inside another type) becomes a `not-understood` finding instead of a
/// guess.
struct SwiftModelScanner {
    /// Where the scanner is: what a declaration found here belongs to.
    enum Scope {
        case file
        /// The body of the model class at this index in `classes`.
        case model(Int)
        /// Any other type or extension body, described for messages:
        /// `extension SchemaV2`, `enum Schema`.
        case type(TypeScope)
    }

    /// A type or extension body the scanner is in.
    struct TypeScope {
        /// `extension SchemaV2`, `enum Schema`.
        let description: String
        /// `SchemaV2`: the last part of the declared name.
        let name: String
        /// The names after `:` in its header (`VersionedSchema`).
        let conformances: [String]
    }

    /// Words that may start a declaration: a default value or a function
    /// header ends before a new line that begins with one of these.
    static let declarationWords: Set<String> = Set([
        "var", "let", "func", "init", "deinit", "subscript", "class", "struct", "enum", "actor", "protocol", "extension",
        "typealias", "associatedtype", "case", "import", "operator", "precedencegroup",
    ]).union(modifiers)

    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "static", "override", "lazy", "weak",
        "unowned", "required", "convenience", "nonisolated", "dynamic", "mutating", "nonmutating", "indirect", "optional",
        "isolated", "consuming", "borrowing",
    ]

    /// Attributes that change nothing about what is stored.
    static let neutralAttributes: Set<String> = [
        "available", "objc", "nonobjc", "MainActor", "preconcurrency", "usableFromInline", "inlinable", "discardableResult",
        "frozen", "Sendable", "unchecked",
    ]

    let tokens: [SwiftToken]
    let file: String
    var position = 0
    var classes: [ScannedModelClass] = []
    var findings: [Finding] = []
    var facts = ScannedSchemaFacts()

    init(tokens: [SwiftToken], file: String) {
        self.tokens = tokens
        self.file = file
    }

    static func scan(_ tokens: [SwiftToken], file: String) -> (classes: [ScannedModelClass], findings: [Finding]) {
        let scanned = scanAll(tokens, file: file)
        return (scanned.classes, scanned.findings)
    }

    /// The models, findings, and what the file says about schema versions.
    static func scanAll(_ tokens: [SwiftToken], file: String) -> (classes: [ScannedModelClass], findings: [Finding], facts: ScannedSchemaFacts) {
        var scanner = SwiftModelScanner(tokens: tokens, file: file)
        scanner.scanFacts()
        scanner.position = 0
        scanner.scanMembers(in: .file)
        return (scanner.classes, scanner.findings, scanner.facts)
    }

    // MARK: Cursor

    func peek(_ offset: Int = 0) -> SwiftToken? {
        tokens.indices.contains(position + offset) ? tokens[position + offset] : nil
    }

    @discardableResult
    mutating func advance() -> SwiftToken {
        defer { position += 1 }
        return tokens[position]
    }

    func describe(_ scope: Scope) -> String {
        switch scope {
        case .file: "the file"
        case .model(let index): "class \(classes[index].name)"
        case .type(let scope): scope.description
        }
    }

    func location(_ token: SwiftToken) -> SourceLocation { SourceLocation(file: file, line: token.line) }

    mutating func report(_ token: SwiftToken, _ message: String) {
        findings.append(Finding(.notUnderstood, at: location(token), message))
    }

    // MARK: Declarations

    /// An attribute before a declaration: `@Model`, `@Attribute(.unique)`.
    struct PendingAttribute {
        let name: String
        let arguments: [SwiftToken]?
        let token: SwiftToken
    }

    /// Reads declarations until the `}` that closes `scope` (or the end of
    /// the file).
    mutating func scanMembers(in scope: Scope) {
        var attributes: [PendingAttribute] = []
        var modifiers: [String] = []
        while let token = peek() {
            if token.isSymbol("}") {
                advance()
                if case .file = scope { continue }
                return
            }
            if token.isSymbol("@") {
                if let attribute = readAttribute() { attributes.append(attribute) }
                continue
            }
            if token.isSymbol("#") {
                readPoundDirective(in: scope)
                continue
            }
            if token.kind == .identifier {
                let word = token.text
                let next = peek(1)
                let isClassModifier = word == "class" && next.map { $0.kind == .identifier && Self.declarationWords.contains($0.text) } == true
                if Self.modifiers.contains(word) || isClassModifier {
                    advance()
                    if peek()?.isSymbol("(") == true { skipBalanced() }
                    modifiers.append(word)
                    continue
                }
                switch word {
                case "class", "struct", "enum", "actor", "protocol", "extension":
                    readTypeDeclaration(attributes: attributes, in: scope)
                case "var", "let":
                    if case .model(let index) = scope, !modifiers.contains("static"), !modifiers.contains("class") {
                        readProperty(of: index, attributes: attributes, modifiers: modifiers)
                    } else {
                        skipDeclaration()
                    }
                case "func", "init", "deinit", "subscript":
                    skipFunction()
                case "import", "typealias", "associatedtype", "case", "operator", "precedencegroup":
                    skipDeclaration()
                default:
                    advance()
                }
                attributes = []
                modifiers = []
                continue
            }
            if token.isSymbol("{") { skipBalanced() } else { advance() }
            attributes = []
            modifiers = []
        }
    }

    /// `@Name` or `@Name(…)`; a dotted name (`@SwiftData.Model`) keeps its
    /// last part.
    mutating func readAttribute() -> PendingAttribute? {
        let at = advance()
        guard var name = peek(), name.kind == .identifier else { return nil }
        advance()
        while peek()?.isSymbol(".") == true, let part = peek(1), part.kind == .identifier {
            advance()
            name = advance()
        }
        var arguments: [SwiftToken]?
        if peek()?.isSymbol("(") == true, peek()?.line == name.line {
            arguments = readParenthesized()
        }
        return PendingAttribute(name: name.text, arguments: arguments, token: at)
    }

    /// `class Name …{`, `extension Name …{` and the like: reads the header
    /// and the body. A `@Model` class at file level becomes a model; one
    /// anywhere else is reported and not read as a model.
    mutating func readTypeDeclaration(attributes: [PendingAttribute], in scope: Scope) {
        let keyword = advance()
        var name = ""
        if let token = peek(), token.kind == .identifier {
            name = advance().text
            while peek()?.isSymbol(".") == true, let part = peek(1), part.kind == .identifier {
                advance()
                name += "." + advance().text
            }
        }
        // The header (generics, inheritance, where clause) runs to the body.
        var conformances: [String] = []
        var inInheritance = false
        while let token = peek(), !token.isSymbol("{") {
            if token.isSymbol(":") { inInheritance = true }
            if token.isIdentifier("where") { inInheritance = false }
            if inInheritance, token.kind == .identifier, peek(1)?.isSymbol(".") != true { conformances.append(token.text) }
            if token.isSymbol("(") || token.isSymbol("[") { skipBalanced() } else { advance() }
        }
        guard peek() != nil else { return }
        advance()
        let modelAttribute = attributes.first { $0.name == "Model" }
        let description = "\(keyword.text) \(name)"
        let typeScope = TypeScope(description: description, name: String(name.split(separator: ".").last ?? ""), conformances: conformances)
        guard let modelAttribute else {
            scanMembers(in: .type(typeScope))
            return
        }
        if keyword.text == "class" {
            switch scope {
            case .file:
                classes.append(ScannedModelClass(name: name, location: location(keyword)))
                scanMembers(in: .model(classes.count - 1))
                return
            case .type(let container):
                // A version of the model inside a VersionedSchema (or its
                // extension): kept with its container; the builder picks
                // the version to lint.
                var modelClass = ScannedModelClass(name: name, location: location(keyword))
                modelClass.container = container.name
                classes.append(modelClass)
                scanMembers(in: .model(classes.count - 1))
                return
            case .model:
                report(modelAttribute.token, "@Model class \(name) is declared inside \(describe(scope)), which simulate lint does not read; not checked")
            }
        } else {
            report(modelAttribute.token, "@Model on \(description) is not understood (SwiftData models are classes); not checked")
        }
        scanMembers(in: .type(typeScope))
    }
}
