extension ExpectationLocator {
    struct Token {
        enum Kind { case punctuation, string, word }
        let kind: Kind
        let text: String
        let line: Int
    }

    /// JSON5's lexical grammar, as far as finding keys and brackets needs.
    enum Tokenizer {
        static func tokens(of text: String) -> [Token] {
            let scalars = Array(text.unicodeScalars)
            var tokens: [Token] = []
            var position = 0
            var line = 1
            /// Moves past one scalar, counting the lines it ends.
            func advance() {
                if scalars[position] == "\n" { line += 1 }
                position += 1
            }
            while position < scalars.count {
                let scalar = scalars[position]
                let next = position + 1 < scalars.count ? scalars[position + 1] : nil
                switch scalar {
                case "/" where next == "/":
                    while position < scalars.count && scalars[position] != "\n" { advance() }
                case "/" where next == "*":
                    advance()
                    advance()
                    while position < scalars.count && !(scalars[position] == "*" && position + 1 < scalars.count && scalars[position + 1] == "/") {
                        advance()
                    }
                    if position < scalars.count { advance(); advance() }
                case "\"", "'":
                    let start = line
                    var value = String.UnicodeScalarView()
                    advance()
                    while position < scalars.count && scalars[position] != scalar {
                        // An escape keeps the escaped character as it is:
                        // strategy and metric names hold no escapes.
                        if scalars[position] == "\\" && position + 1 < scalars.count { advance() }
                        value.append(scalars[position])
                        advance()
                    }
                    if position < scalars.count { advance() }
                    tokens.append(Token(kind: .string, text: String(value), line: start))
                case "{", "}", "[", "]", ",", ":":
                    tokens.append(Token(kind: .punctuation, text: String(scalar), line: line))
                    advance()
                case _ where scalar.properties.isWhitespace || scalar == "\u{FEFF}":
                    advance()
                default:
                    // A bare word: an unquoted key, a number, true, false, null.
                    var word = String.UnicodeScalarView()
                    while position < scalars.count, !"{}[],:\"'/".unicodeScalars.contains(scalars[position]),
                          !scalars[position].properties.isWhitespace {
                        word.append(scalars[position])
                        advance()
                    }
                    if word.isEmpty { advance() } else { tokens.append(Token(kind: .word, text: String(word), line: line)) }
                }
            }
            return tokens
        }
    }
}
