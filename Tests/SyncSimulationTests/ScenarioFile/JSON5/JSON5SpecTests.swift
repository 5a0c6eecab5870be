@testable import SyncScenarioFile
import Testing

/// JSON5 as spec.json5.org (1.0.0) defines it: one case of the project's
/// own for each construct the official json5-tests suite exercises
/// (written here, not copied; JSON5ConformanceTests runs the suite itself
/// from a checkout), with the value each must read as, and each invalid
/// form with its error.
struct JSON5SpecTests {
    static func value(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSON5Value? {
        do {
            return try JSON5Value.parse(text)
        } catch {
            Issue.record("\(text.debugDescription) did not parse: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    static func failure(_ text: String) -> String? {
        do {
            _ = try JSON5Value.parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: Keys

    @Test func unquotedKeysAreIdentifierNames() {
        // Unicode letters (Ll, Lu, Lo, Nl), $ and _ start a key; digits,
        // combining marks, connectors and the zero-width joiners continue one.
        let keys = ["sigma", "$ref", "_private", "ümlåût", "σίγμα", "名前", "Ⅻ", "a1", "e\u{301}", "snake‿case", "a\u{200C}b", "a\u{200D}b",
                    "true", "null", "Infinity", "while"]
        for key in keys {
            #expect(Self.value("{ \(key): 1 }") == .object([.init(key, .number("1"))]), "\(key)")
        }
        // A \u escape stands for the letter it names, anywhere in the key.
        #expect(Self.value(#"{ sig\u03A3ma: 1 }"#) == .object([.init("sigΣma", .number("1"))]))
        #expect(Self.value(#"{ \u0061b: 1, a\u0031: 2 }"#) == .object([.init("ab", .number("1")), .init("a1", .number("2"))]))
        #expect(Self.value(#"{ 'single': 1, "double": 2 }"#) == .object([.init("single", .number("1")), .init("double", .number("2"))]))
    }

    @Test func keysThatAreNoIdentifiers() {
        #expect(Self.failure("{ 10twenty: 1 }")
            == "line 1, column 3: expected a key, found a digit, '1' (an unquoted key starts with a letter, '$' or '_')")
        #expect(Self.failure("{ 10: 1 }") == "line 1, column 3: expected a key, found a digit, '1' (an unquoted key starts with a letter, '$' or '_')")
        #expect(Self.failure("{ a-b: 1 }") == "line 1, column 4: expected ':' after the key 'a'")
        #expect(Self.failure("{ \u{301}a: 1 }") == "line 1, column 3: expected a key, found '\u{301}'")
        #expect(Self.failure(#"{ \u0030a: 1 }"#) == "line 1, column 3: '\\u0030' (U+0030 DIGIT ZERO) cannot start a key")
        #expect(Self.failure(#"{ a\u002Db: 1 }"#) == "line 1, column 4: '\\u002D' (U+002D HYPHEN-MINUS) cannot be part of a key")
        #expect(Self.failure(#"{ a\x41: 1 }"#) == "line 1, column 4: expected \\u and four hexadecimal digits in a key")
        #expect(Self.failure(#"{ a\u00: 1 }"#) == "line 1, column 6: expected 4 hexadecimal digits in an escape")
    }

    // MARK: Numbers

    @Test func numbersInEveryForm() {
        let literals = ["0", "-0", "+0", "12", "-12", "+12", "1.5", "-1.5", "+1.5", ".5", "-.5", "+.5", "5.", "-5.", "+5.", "0.", "0.0",
                        "1e3", "1E3", "1e+3", "1e-3", "1e0", "1e-0", "0e0", "5.e4", "0x1F", "0xc8", "0XAB", "-0x1F", "+0x1F", "0x0", "-0x0",
                        "0xC8e4", "Infinity", "-Infinity", "+Infinity", "NaN", "-NaN", "+NaN", "1e400"]
        for literal in literals {
            #expect(Self.value("[\(literal)]") == .array([.number(literal)]), "\(literal)")
        }
        #expect(JSON5Number(literal: "0xC8e4") == .int(0xC8E4))
        #expect(JSON5Number(literal: "+.5") == .double(0.5))
        #expect(JSON5Number(literal: "1e400") == .double(.infinity))
    }

    @Test func numbersJSON5Refuses() {
        // Octal and leading zeros (.js in the suite), a lone point, an empty
        // hexadecimal, fractional or hexadecimal exponents (.txt).
        for literal in ["010", "-010", "+010", "00", "-00", "098", "0o7", ".", "0x", "-0x", "1e", "1e+", "1e1.5", "1e0x4", "1e-0x4", "1ee3",
                        "0x1.5", "0x1p3", "Inf", "infinity", "nan", "1x", "--1", "+-1", ".e1"] {
            #expect(Self.failure("[\(literal)]") != nil, "\(literal)")
        }
        #expect(Self.failure("[010]") == "line 1, column 2: '010' is not a number")
        #expect(Self.failure("[0x]") == "line 1, column 2: '0x' is not a number")
    }

    // MARK: Strings

    @Test func stringsEscapesAndContinuations() {
        #expect(Self.value(#"'I can\'t'"#) == .string("I can't"))
        #expect(Self.value(#""say \"hi\"""#) == .string("say \"hi\""))
        #expect(Self.value(#"'\b\f\n\r\t\v\0\\\/'"#) == .string("\u{8}\u{C}\n\r\t\u{B}\u{0}\\/"))
        #expect(Self.value(#"'\x41\u00e9\uD83D\uDE00\a\q'"#) == .string("Aé😀aq"))
        // A backslash before any line terminator continues the line.
        for terminator in ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}"] {
            #expect(Self.value("'hello\\\(terminator) world'") == .string("hello world"), "\(terminator.unicodeScalars.map(\.value))")
        }
        // U+2028 and U+2029 may stand in a string as they are.
        #expect(Self.value("'a\u{2028}b\u{2029}c'") == .string("a\u{2028}b\u{2029}c"))
        #expect(Self.value("'// not a comment /* nor this */'") == .string("// not a comment /* nor this */"))
    }

    @Test func stringsJSON5Refuses() {
        #expect(Self.failure("'hello\n world'") == "line 2, column 1: a line break inside a string")
        #expect(Self.failure("'a\rb'") == "line 1, column 4: a line break inside a string")
        #expect(Self.failure(#"'\1'"#) == "line 1, column 2: '\\1': JSON5 allows a digit after a backslash only as \\0 with no digit after it")
        #expect(Self.failure(#"'\9'"#) == "line 1, column 2: '\\9': JSON5 allows a digit after a backslash only as \\0 with no digit after it")
        #expect(Self.failure(#"'\01'"#)
            == "line 1, column 2: '\\0' followed by a digit: JSON5 allows a digit after a backslash only as \\0 with no digit after it")
        #expect(Self.failure(#"'\x4'"#) == "line 1, column 4: expected 2 hexadecimal digits in an escape")
        #expect(Self.failure(#"'\uD83D'"#) == "line 1, column 8: an unpaired surrogate in \\u escapes")
        #expect(Self.failure("'open") == "line 1, column 6: a string that never closes")
    }

    // MARK: Comments, whitespace, commas

    @Test func commentsWhereverWhitespaceMayBe() {
        #expect(Self.value("// before\n[1, // after an item\n 2 /* inside */, /** stars **/ 3] /* after */ // last") == .array(
            [.number("1"), .number("2"), .number("3")]))
        // A line comment ends at any line terminator.
        for terminator in ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}"] {
            #expect(Self.value("[1, // note\(terminator)2]") == .array([.number("1"), .number("2")]))
        }
        #expect(Self.failure("/* open [1]") == "line 1, column 11: a comment that never ends")
        #expect(Self.failure("// only a comment") == "line 1, column 18: expected a value, found the end of the text")
        #expect(Self.failure("/* only a comment */") == "line 1, column 21: expected a value, found the end of the text")
        #expect(Self.failure("") == "line 1, column 1: expected a value, found the end of the text")
    }

    @Test func everyKindOfWhitespace() {
        // Tab, vertical tab, form feed, space, no-break space, the byte order
        // mark, both separators, and other Zs: ogham space, en quad, thin
        // space, narrow no-break space, ideographic space.
        let spaces = ["\t", "\u{B}", "\u{C}", " ", "\u{A0}", "\u{FEFF}", "\u{2028}", "\u{2029}", "\u{1680}", "\u{2000}", "\u{2009}",
                      "\u{202F}", "\u{3000}", "\n", "\r"]
        for space in spaces {
            #expect(Self.value("\(space){\(space)a\(space):\(space)1\(space)}\(space)") == .object([.init("a", .number("1"))]),
                    "U+\(String(space.unicodeScalars.first!.value, radix: 16))")
        }
        // NEL is White_Space to Unicode, not to JSON5; nor is a zero-width space (Cf).
        #expect(Self.failure("[1,\u{85}2]") == #"line 1, column 4: expected a value, found '\u{85}'"#)   // as Echo shows a control
        #expect(Self.failure("[1,\u{200B}2]") == "line 1, column 4: expected a value, found '\u{200B}'")
    }

    @Test func trailingCommasButNoEmptyOnes() {
        #expect(Self.value("[1, 2,]") == .array([.number("1"), .number("2")]))
        #expect(Self.value("{ a: 1, }") == .object([.init("a", .number("1"))]))
        #expect(Self.value("[]") == .array([]))
        #expect(Self.value("{}") == .object([]))
        #expect(Self.failure("[,]") == "line 1, column 2: expected a value, found ','")
        #expect(Self.failure("[,1]") == "line 1, column 2: expected a value, found ','")
        #expect(Self.failure("{,}") == "line 1, column 2: expected a key, found ','")
        #expect(Self.failure("{ , a: 1 }") == "line 1, column 3: expected a key, found ','")
        #expect(Self.failure("[1 2]") == "line 1, column 4: expected ',' or ']' in a list")
        #expect(Self.failure("{ a: 1 b: 2 }") == "line 1, column 8: expected ',' or '}' in an object")
        #expect(Self.failure("[1,,2]") == "line 1, column 4: expected a value, found ','")
    }

    @Test func valuesAtTheTopAndKeywords() {
        #expect(Self.value("true") == .bool(true))
        #expect(Self.value("null") == .null)
        #expect(Self.value("'x'") == .string("x"))
        // A keyword spelt with an escape is no keyword, and an identifier no value.
        #expect(Self.failure(#"[\u0074rue]"#) == "line 1, column 2: expected a value, found '\\'")
        #expect(Self.failure("[undefined]") == "line 1, column 2: expected a value, found 'undefined'")
        #expect(Self.failure("[1] 2") == "line 1, column 5: unexpected text after the document")
        // Repeated keys are JSON5; the scenario reader refuses them (ScenarioInputHardeningTests).
        #expect(Self.value("{ a: 1, a: 2 }") == .object([.init("a", .number("1")), .init("a", .number("2"))]))
    }
}
