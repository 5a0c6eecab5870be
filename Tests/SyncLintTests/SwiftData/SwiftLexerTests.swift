import Testing
@testable import SyncLint

/// The lexer hides comments and string contents from the scanner, keeps
/// line numbers right across both, and fails on what it cannot read past.
struct SwiftLexerTests {
    func words(_ source: String) throws -> [String] {
        try SwiftLexer.tokens(of: source).map { $0.kind == .string ? "<string>" : $0.text }
    }

    @Test func commentsAreSkippedNestedOnesToo() throws {
        #expect(try words("a // var x\n/* b /* c */ var y */ d") == ["a", "d"])
    }

    @Test func stringsAreOneTokenWhateverTheyHold() throws {
        #expect(try words(#"a = "x { var y } \"" + b"#) == ["a", "=", "<string>", "+", "b"])
        #expect(try words(#"a = "\(f("}", g(")")))" + b"#) == ["a", "=", "<string>", "+", "b"])
        #expect(try words(##"a = #"raw "quoted" \(not) "# + b"##) == ["a", "=", "<string>", "+", "b"])
        #expect(try words(###"a = ##"x"#y"## + b"###) == ["a", "=", "<string>", "+", "b"])
    }

    @Test func multilineStringsKeepLineNumbers() throws {
        let tokens = try SwiftLexer.tokens(of: "a = \"\"\"\n  var x: Int\n  \"quoted\"\n  \"\"\"\nb")
        #expect(tokens.map(\.text) == ["a", "=", "", "b"])
        #expect(tokens.map(\.line) == [1, 1, 1, 5])
    }

    @Test func lineNumbersCountNewlinesInCommentsAndInterpolations() throws {
        let tokens = try SwiftLexer.tokens(of: "/*\n\n*/ a \"\\(\n x)\" b\nc")
        #expect(tokens.map(\.text) == ["a", "", "b", "c"])
        #expect(tokens.map(\.line) == [3, 3, 4, 5])
    }

    @Test func symbolsArrowsBackticksAndMacros() throws {
        #expect(try words("@Attribute(.unique) var `default`: (Int) -> Void? #Unique<P>([\\.a])")
            == ["@", "Attribute", "(", ".", "unique", ")", "var", "default", ":", "(", "Int", ")", "->", "Void", "?",
                "#", "Unique", "<", "P", ">", "(", "[", "\\", ".", "a", "]", ")"])
        #expect(try words("x = 1.5 + 0x1F; y = #/a{2}/#") == ["x", "=", "1.5", "+", "0x1F", ";", "y", "="])
    }

    @Test func unterminatedLiteralsFailWithTheirLine() {
        #expect(throws: SwiftLexer.Failure(line: 2, message: "unterminated string literal")) {
            try SwiftLexer.tokens(of: "a\nb = \"open\nc")
        }
        #expect(throws: SwiftLexer.Failure(line: 1, message: "unterminated /* comment")) {
            try SwiftLexer.tokens(of: "/* /* */\n")
        }
        #expect(throws: SwiftLexer.Failure(line: 1, message: "unterminated string literal")) {
            try SwiftLexer.tokens(of: "a = \"\"\"\nnever closed\n")
        }
    }
}
