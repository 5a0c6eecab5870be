/// Swift (or Objective-C) source with its comments blanked out, so a name
/// in a comment is never read as code. A careful pass, not a lexer: it
/// knows `//` and nested `/* */` comments and string literals (`"…"` with
/// escapes, `"""…"""`), so `"https://…"` is not a comment. Every comment
/// character becomes a space and newlines are kept, so lines and columns
/// stay where they were.
enum SourceText {
    static func strippingComments(_ text: String) -> String {
        let characters = Array(text)
        var output = characters
        var index = 0
        var blockDepth = 0
        var inLineComment = false
        var inString = false
        var inMultilineString = false
        func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
        func blank(_ count: Int) {
            for offset in 0..<count where index + offset < characters.count && !characters[index + offset].isNewline {
                output[index + offset] = " "
            }
            index += count
        }
        while index < characters.count {
            let character = characters[index]
            if inLineComment {
                if character.isNewline { inLineComment = false; index += 1 } else { blank(1) }
            } else if blockDepth > 0 {
                if character == "*", at(1) == "/" { blockDepth -= 1; blank(2) }
                else if character == "/", at(1) == "*" { blockDepth += 1; blank(2) }
                else { blank(1) }
            } else if inMultilineString {
                if character == "\\" { index += 2 }
                else if character == "\"", at(1) == "\"", at(2) == "\"" { inMultilineString = false; index += 3 }
                else { index += 1 }
            } else if inString {
                if character == "\\" { index += 2 }
                else if character == "\"" || character.isNewline { inString = false; index += 1 }
                else { index += 1 }
            } else if character == "/", at(1) == "/" {
                inLineComment = true
                blank(2)
            } else if character == "/", at(1) == "*" {
                blockDepth = 1
                blank(2)
            } else if character == "\"", at(1) == "\"", at(2) == "\"" {
                inMultilineString = true
                index += 3
            } else if character == "\"" {
                inString = true
                index += 1
            } else {
                index += 1
            }
        }
        return String(output)
    }

    /// Whether `character` may be part of a Swift identifier.
    static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
