import Foundation
@testable import SyncSimulation
@testable import SyncScenarioFile
import Testing

/// Input a hand-written file can hold that once trapped the tool or
/// buried its error: invalid UTF-8, numbers beyond what the code converts,
/// deep nesting, and values too long to repeat (issue 15).
struct ScenarioInputHardeningTests {
    typealias T = ScenarioFileTesting

    static func failure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ScenarioFile.parse(Data(bytes), file: T.fileName, seed: nil)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: Bytes

    @Test func invalidUTF8NamesTheByteLineAndColumn() {
        // The reported trap: 0xFF inside an unquoted key.
        #expect(Self.failure(Array("{ na".utf8) + [0xFF] + Array("me: \"x\" }".utf8))
            == "t.json5: not valid UTF-8 at line 1, column 5 (byte 4, 0xFF)")
        // Columns count characters: "é" is two bytes and one column.
        #expect(Self.failure(Array("{\n  é: \"".utf8) + [0xC3, 0x28] + Array("\" }".utf8))
            == "t.json5: not valid UTF-8 at line 2, column 7 (byte 9, 0xC3)")
    }

    @Test func everyIllFormedSequenceIsFound() {
        let cases: [(bytes: [UInt8], offset: Int?)] = [
            ([0x61, 0xC0, 0x80], 1),              // overlong "\0"
            ([0xE0, 0x80, 0x80], 0),              // overlong three bytes
            ([0xED, 0xA0, 0x80], 0),              // a surrogate, U+D800
            ([0xF4, 0x90, 0x80, 0x80], 0),        // above U+10FFFF
            ([0xF5, 0x80, 0x80, 0x80], 0),        // no such lead byte
            ([0x61, 0x62, 0xE2, 0x82], 2),        // cut short at the end
            ([0x80], 0),                          // a continuation alone
            ([0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xC3, 0xA9, 0x41], nil),   // "€😀éA"
        ]
        for (bytes, offset) in cases {
            #expect(UTF8Text.firstInvalidOffset(bytes) == offset, "\(bytes)")
            // Agrees with the standard library on what is valid.
            #expect((offset == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    // MARK: Numbers

    @Test func expectationBoundsAreFiniteAndInRange() {
        let what = "expected a finite number from -1000000000000000 to 1000000000000000"
        func expectation(_ bound: String) -> String {
            T.document(#"steps: [{ at: "0s", on: "r1", create: { entity: "User", fields: { email: "a" } } }], expect: [{ strategy: "lww", metric: "duplicates.final", \#(bound) }]"#)
        }
        T.expectFailure(expectation("equals: 1e19"), "t.json5: expect[0].equals: \(what), found 1e+19")
        T.expectFailure(expectation("max: NaN"), "t.json5: expect[0].max: \(what), found nan")
        T.expectFailure(expectation("min: -Infinity"), "t.json5: expect[0].min: \(what), found -inf")
        T.expectFailure(expectation("equals: 9223372036854775807"), "t.json5: expect[0].equals: \(what), found 9223372036854775807")
        #expect(T.failure(expectation("equals: 1e15")) == nil)
    }

    @Test func numbersOutsideWhatTheFormatHolds() {
        // 1e400 is JSON5 (it reads as infinity, as ECMAScript reads it); the
        // setting refuses it, naming its path and quoting the literal.
        T.expectFailure(T.document("network: { drop: 1e400 }"),
                        "t.json5: network.drop: expected a probability from 0 to 1, found 1e400 (beyond the largest 64-bit number, about 1.8e308: reads as infinity)")
        T.expectFailure(T.document("network: { drop: -1e400 }"),
                        "t.json5: network.drop: expected a probability from 0 to 1, found -1e400 (beyond the largest 64-bit number, about 1.8e308: reads as infinity)")
        T.expectFailure(T.document("seed: 99999999999999999999"),
                        "t.json5: seed: expected \(Seeds.rangeText), found 99999999999999999999 (beyond the whole numbers a 64-bit number holds)")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", import: { entity: "User", count: 0x1FFFFFFFFFFFFFFFF } }"#),
                        "t.json5: steps[0].import.count: expected a whole number from 1 to 1000000, found 0x1FFFFFFFFFFFFFFFF (beyond the whole numbers a 64-bit number holds)")
        T.expectFailure("{ n: 007 }", "t.json5: not valid JSON5 at line 1, column 6: '007' is not a number")
        T.expectFailure("{ n: -inf }", "t.json5: not valid JSON5 at line 1, column 6: '-inf' is not a number")
        T.expectFailure("{ n: 0x1p3 }", "t.json5: not valid JSON5 at line 1, column 6: '0x1p3' is not a number")
        T.expectFailure(T.document("network: { drop: NaN }"), "t.json5: network.drop: expected a probability from 0 to 1, found nan")
        T.expectFailure(T.document(#"clocks: { r1: { drift: Infinity } }"#),
                        "t.json5: clocks.r1.drift: expected a drift from -0.01 to 0.01 (a rate: 0.0001 gains 100 µs a second), found inf")
    }

    /// Numbers mean what they meant when Foundation's decoder read them: a
    /// whole value that fits Int64 is an integer, however it is written.
    @Test func numbersReadAsJSONDecoderReadThem() {
        let integers: [(String, Int64)] = [("1", 1), ("1.0", 1), ("1e3", 1000), ("1.5e3", 1500), ("-0", 0), ("-0.0", 0), ("0x10", 16),
                                           ("-0x10", -16), ("+5", 5), ("5.", 5), ("9223372036854775807", .max),
                                           ("-9223372036854775808", .min), ("-0x8000000000000000", .min)]
        for (literal, value) in integers {
            guard case .int(let read) = JSON5Number(literal: literal) else { Issue.record("\(literal) is not an integer"); continue }
            #expect(read == value, "\(literal)")
        }
        // Whole-number literals above Int64.max keep every digit, for seeds;
        // a setting that takes a number reads them as the Double they were.
        let unsigned: [(String, UInt64)] = [("9223372036854775808", 1 << 63), ("0x8000000000000000", 1 << 63),
                                            ("18446744073709551615", .max), ("+0xFFFFFFFFFFFFFFFF", .max)]
        for (literal, value) in unsigned {
            guard case .uint(let read) = JSON5Number(literal: literal) else { Issue.record("\(literal) is not an unsigned integer"); continue }
            #expect(read == value, "\(literal)")
        }
        let fractions: [(String, Double)] = [(".5", 0.5), ("2.50", 2.5), ("1e-3", 0.001), ("1e19", 1e19), ("18446744073709551616", 0x1p64),
                                             ("0x10000000000000000", 0x1p64), ("-9223372036854775809", -0x1p63), ("-Infinity", -.infinity)]
        for (literal, value) in fractions {
            guard case .double(let read) = JSON5Number(literal: literal) else { Issue.record("\(literal) is not a fraction"); continue }
            #expect(read == value, "\(literal)")
        }
        guard case .double(let notANumber) = JSON5Number(literal: "NaN") else { Issue.record("NaN"); return }
        #expect(notANumber.isNaN)
    }

    @Test func durationsStayFarFromOverflow() {
        T.expectFailure(T.document(#"until: "3651d""#),
                        #"t.json5: until: expected a duration of at most 3650d (ten years of virtual time), found "3651d""#)
        T.expectFailure(T.steps(#"{ at: "999999999999s", heal: true }"#),
                        #"t.json5: steps[0].at: expected a duration of at most 3650d (ten years of virtual time), found "999999999999s""#)
        #expect(T.failure(T.document(#"until: "3650d""#)) == nil)
    }

    // MARK: Shape

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        T.expectFailure("{ n: \(deep) }", "t.json5: not valid JSON5 at line 1, column 105: lists and objects nested more than 100 deep")
        let fine = String(repeating: "[", count: 99) + String(repeating: "]", count: 99)
        T.expectFailure("{ n: \(fine) }", "t.json5: n: unknown key 'n'; allowed: \(ScenarioFileErrorTests.topLevelKeys)")
    }

    @Test func duplicateKeysNameTheirPath() {
        T.expectFailure(#"{ name: "x", network: { drop: 0.1, "drop": 0.2 } }"#, "t.json5: network.drop: key 'drop' is given twice")
        T.expectFailure(#"{ name: "x", steps: [{ at: "0s", at: "1s" }] }"#, "t.json5: steps[0].at: key 'at' is given twice")
    }

    // MARK: Echoes

    /// A 100 KB value is repeated as its start and how much is left out,
    /// wherever it stands: a key, a string, a word the syntax refuses.
    @Test func longValuesAreShortenedInMessages() {
        let long = String(repeating: "x", count: 100_000)
        let shown = String(repeating: "x", count: 72) + "…(99,928 more)"
        T.expectFailure(T.document("\(long): 1"), "t.json5: \(shown): unknown key '\(shown)'; allowed: \(ScenarioFileErrorTests.topLevelKeys)")
        T.expectFailure(T.document(#"strategies: ["\#(long)"]"#),
                        "t.json5: strategies[0]: unknown strategy '\(shown)'; allowed: \(ScenarioFileErrorTests.allStrategies)")
        T.expectFailure("{ n: \(long) }", "t.json5: not valid JSON5 at line 1, column 6: expected a value, found '\(shown)'")
        #expect(Echo.text("a\nb") == "a\\nb")
        // A control character is shown escaped, never printed raw (the
        // fuzzer's `{ NUL } NUL }`).
        #expect(Self.failure([0x7B, 0x00, 0x7D, 0x00, 0x7D]) == "t.json5: not valid JSON5 at line 1, column 2: expected a key, found '\\u{0}'")
        #expect(Echo.text(String(repeating: "y", count: 80)) == String(repeating: "y", count: 80))
    }
}
