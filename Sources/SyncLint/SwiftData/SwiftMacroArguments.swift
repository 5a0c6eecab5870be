import SyncModel

/// The arguments of `@Attribute(…)`, `@Relationship(…)` and `#Unique(…)`,
/// read from their tokens. Anything not recognised is collected in
/// `unknown`, word for word, so the caller can report it rather than guess.
enum SwiftMacroArguments {
    /// The options `@Attribute` takes (`Schema.Attribute.Option`) and its
    /// labels; only `unique` matters to CloudKit.
    static let attributeOptions: Set<String> = [
        "unique", "externalStorage", "allowsCloudEncryption", "preserveValueOnDeletion", "ephemeral", "spotlight",
        "transformable", "encrypt", "codable",
    ]
    static let attributeLabels: Set<String> = ["originalName", "hashModifier"]
    /// `@Relationship`'s labels other than `deleteRule` and `inverse`.
    static let relationshipLabels: Set<String> = ["minimumModelCount", "maximumModelCount", "originalName", "hashModifier"]
    static let deleteRules: [String: DeleteRule] = [
        "nullify": .nullify, "cascade": .cascade, "deny": .deny, "noAction": .noAction,
    ]

    struct AttributeArguments {
        var isUnique = false
        var unknown: [String] = []
    }

    struct RelationshipArguments {
        var isUnique = false
        /// Nil when the argument is absent (SwiftData's default is nullify).
        var deleteRule: DeleteRule?
        /// `\Type.name` or `\.name`: the type when written, and the name.
        var inverse: (type: String?, name: String)?
        var unknown: [String] = []
    }

    static func attribute(_ tokens: [SwiftToken]) -> AttributeArguments {
        var result = AttributeArguments()
        for argument in split(tokens) {
            if let (label, _) = labeled(argument) {
                if !attributeLabels.contains(label) { result.unknown.append(SwiftTypeShape.spelled(argument)) }
            } else if let option = memberName(argument), attributeOptions.contains(option) {
                if option == "unique" { result.isUnique = true }
            } else {
                result.unknown.append(SwiftTypeShape.spelled(argument))
            }
        }
        return result
    }

    static func relationship(_ tokens: [SwiftToken]) -> RelationshipArguments {
        var result = RelationshipArguments()
        for argument in split(tokens) {
            if let (label, value) = labeled(argument) {
                switch label {
                case "deleteRule":
                    if let name = memberName(value), let rule = deleteRules[name] {
                        result.deleteRule = rule
                    } else {
                        result.unknown.append(SwiftTypeShape.spelled(argument))
                    }
                case "inverse":
                    if let keyPath = keyPath(value) { result.inverse = keyPath } else { result.unknown.append(SwiftTypeShape.spelled(argument)) }
                default:
                    if !relationshipLabels.contains(label) { result.unknown.append(SwiftTypeShape.spelled(argument)) }
                }
            } else if memberName(argument) == "unique" {
                result.isUnique = true
            } else {
                result.unknown.append(SwiftTypeShape.spelled(argument))
            }
        }
        return result
    }

    /// `#Unique<T>([\.a, \.b], [\.c])`'s arguments: one list of property
    /// names per constraint, or nil when any part is not a plain key path.
    static func uniqueConstraints(_ tokens: [SwiftToken]) -> [[String]]? {
        var constraints: [[String]] = []
        for argument in split(tokens) {
            guard argument.first?.isSymbol("[") == true, argument.last?.isSymbol("]") == true else { return nil }
            var names: [String] = []
            for element in split(Array(argument.dropFirst().dropLast())) {
                guard let keyPath = keyPath(element) else { return nil }
                names.append(keyPath.name)
            }
            guard !names.isEmpty else { return nil }
            constraints.append(names)
        }
        return constraints.isEmpty ? nil : constraints
    }

    /// `\Type.name` or `\.name` (one component), else nil.
    static func keyPath(_ tokens: [SwiftToken]) -> (type: String?, name: String)? {
        guard tokens.first?.isSymbol("\\") == true else { return nil }
        let rest = Array(tokens.dropFirst())
        if rest.count == 2, rest[0].isSymbol("."), rest[1].kind == .identifier { return (nil, rest[1].text) }
        if rest.count == 3, rest[0].kind == .identifier, rest[1].isSymbol("."), rest[2].kind == .identifier {
            return (rest[0].text, rest[2].text)
        }
        return nil
    }

    /// `label: value` split at its colon, if the argument is labelled.
    private static func labeled(_ argument: [SwiftToken]) -> (String, [SwiftToken])? {
        guard argument.count >= 2, argument[0].kind == .identifier, argument[1].isSymbol(":") else { return nil }
        return (argument[0].text, Array(argument.dropFirst(2)))
    }

    /// The member an option expression names: `unique` for `.unique`,
    /// `Schema.Attribute.Option.unique` or `.transformable(by: T.self)`.
    private static func memberName(_ tokens: [SwiftToken]) -> String? {
        let head = tokens.prefix { !$0.isSymbol("(") }
        guard let last = head.last, last.kind == .identifier, head.dropLast().last?.isSymbol(".") == true else { return nil }
        return last.text
    }

    /// Splits at the commas outside any brackets.
    static func split(_ tokens: [SwiftToken]) -> [[SwiftToken]] {
        var parts: [[SwiftToken]] = []
        var current: [SwiftToken] = []
        var depth = 0
        for token in tokens {
            if token.kind == .symbol {
                switch token.text {
                case "(", "[", "{", "<": depth += 1
                case ")", "]", "}", ">": depth -= 1
                case "," where depth == 0:
                    parts.append(current)
                    current = []
                    continue
                default: break
                }
            }
            current.append(token)
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}
