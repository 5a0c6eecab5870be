import Foundation

/// What a stored property's type annotation says, read from its tokens:
/// whether it is optional, and whether it names one type or an array of
/// one type (which may be a `@Model` class: a to-one or to-many
/// relationship).
struct SwiftTypeShape: Equatable {
    /// The annotation as written, without spaces: `[Tag]?`, `String`.
    let text: String
    /// Ends in `?` or `!`, or is `Optional<…>`.
    let isOptional: Bool
    /// `Tag` for `Tag`, `Tag?`, `Module.Tag`; nil for anything else.
    let singleName: String?
    /// `Tag` for `[Tag]`, `[Tag]?`, `Array<Tag>`; nil for anything else.
    let elementName: String?

    init(_ tokens: [SwiftToken]) {
        text = Self.spelled(tokens)
        var core = tokens[...]
        var optional = false
        if let last = core.last, last.isSymbol("?") || last.isSymbol("!") {
            optional = true
            core = core.dropLast()
        }
        if core.first?.isIdentifier("Optional") == true, core.dropFirst().first?.isSymbol("<") == true, core.last?.isSymbol(">") == true {
            optional = true
            core = core.dropFirst(2).dropLast()
        }
        isOptional = optional
        singleName = Self.typeName(core)
        if core.first?.isSymbol("[") == true, core.last?.isSymbol("]") == true {
            elementName = Self.typeName(core.dropFirst().dropLast())
        } else if core.first?.isIdentifier("Array") == true, core.dropFirst().first?.isSymbol("<") == true, core.last?.isSymbol(">") == true {
            elementName = Self.typeName(core.dropFirst(2).dropLast())
        } else {
            elementName = nil
        }
    }

    /// The last component of `A.B.C`, or nil when the tokens are not a
    /// plain dotted name.
    private static func typeName(_ tokens: ArraySlice<SwiftToken>) -> String? {
        guard let first = tokens.first, first.kind == .identifier else { return nil }
        var expectName = false
        var last = first.text
        for token in tokens.dropFirst() {
            if expectName {
                guard token.kind == .identifier else { return nil }
                last = token.text
                expectName = false
            } else {
                guard token.isSymbol(".") else { return nil }
                expectName = true
            }
        }
        return expectName ? nil : last
    }

    /// Tokens joined without spaces, except between two words (`any P`).
    static func spelled(_ tokens: [SwiftToken]) -> String {
        var text = ""
        var previousWasWord = false
        for token in tokens {
            let isWord = token.kind == .identifier || token.kind == .number
            if isWord && previousWasWord { text += " " }
            if token.isSymbol(",") || token.isSymbol(":") || token.isSymbol("->") {
                text += token.text + " "
                previousWasWord = false
                continue
            }
            text += token.text
            previousWasWord = isWord
        }
        return text.trimmingCharacters(in: .whitespaces)
    }
}
