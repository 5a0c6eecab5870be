/// One token of Swift source, as the SwiftData scanner needs it: comments
/// and whitespace are gone, a string literal (interpolations included) is
/// one token whose text is not kept, `->` is one symbol, and every other
/// symbol is one character.
struct SwiftToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// A name or keyword; a backticked name without its backticks.
        case identifier
        case number
        case string
        case symbol
    }

    let kind: Kind
    let text: String
    /// 1-based line the token starts on.
    let line: Int

    func isSymbol(_ text: String) -> Bool { kind == .symbol && self.text == text }
    func isIdentifier(_ text: String) -> Bool { kind == .identifier && self.text == text }
}
