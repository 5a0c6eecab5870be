import Foundation
import SyncReport
import Testing

struct JSONValueTests {
    @Test func scalarsRenderOnOneLineWithATrailingNewline() {
        #expect(JSONValue.null.rendered() == "null\n")
        #expect(JSONValue.bool(true).rendered() == "true\n")
        #expect(JSONValue.bool(false).rendered() == "false\n")
        #expect(JSONValue.int(Int64(-42)).rendered() == "-42\n")
        #expect(JSONValue.int(Int64.max).rendered() == "9223372036854775807\n")
        #expect(JSONValue.int(7 as Int).rendered() == "7\n")
        #expect(JSONValue.int(7 as Int) == JSONValue.int(Int64(7)))
        #expect(JSONValue.number("0.125").rendered() == "0.125\n")
        #expect(JSONValue.string("abc").rendered() == "\"abc\"\n")
    }

    @Test func emptyContainersStayOnOneLine() {
        #expect(JSONValue.array([]).rendered() == "[]\n")
        #expect(JSONValue.object([]).rendered() == "{}\n")
        let nested = JSONValue.object([.init("list", .array([])), .init("map", .object([]))])
        #expect(nested.rendered() == """
        {
          "list": [],
          "map": {}
        }

        """)
    }

    @Test func keysKeepTheOrderGiven() {
        let document = JSONValue.object([
            .init("zulu", .int(Int64(1))),
            .init("alpha", .int(Int64(2))),
            .init("mike", .int(Int64(3))),
            .init("bravo", .int(Int64(4))),
        ])
        #expect(document.rendered() == """
        {
          "zulu": 1,
          "alpha": 2,
          "mike": 3,
          "bravo": 4
        }

        """)
    }

    @Test func stringEscaping() {
        #expect(JSONValue.string("say \"hi\"").rendered() == #""say \"hi\"""# + "\n")
        #expect(JSONValue.string(#"C:\dir"#).rendered() == #""C:\\dir""# + "\n")
        #expect(JSONValue.string("a\nb\rc\td").rendered() == #""a\nb\rc\td""# + "\n")
        #expect(JSONValue.string("/").rendered() == "\"/\"\n")
    }

    @Test func controlCharactersBecomeFourDigitEscapes() {
        let text = "\u{0}\u{1}\u{8}\u{B}\u{C}\u{1B}\u{1F}"
        #expect(JSONValue.string(text).rendered() == #""\u0000\u0001\u0008\u000b\u000c\u001b\u001f""# + "\n")
    }

    @Test func nonASCIIPassesThroughUnescaped() {
        let text = "µs · 5–80 ms · Ærø · 日本 · 😀 · \u{7F}"
        #expect(JSONValue.string(text).rendered() == "\"" + text + "\"\n")
    }

    @Test func keysAreEscapedLikeStrings() {
        let document = JSONValue.object([.init("a\"b\n", .null)])
        #expect(document.rendered() == "{\n  \"a\\\"b\\n\": null\n}\n")
    }

    @Test func escapedStringsParseBackToTheOriginal() throws {
        let original = "quote \" backslash \\ newline \n tab \t cr \r nul \u{0} bell \u{7} esc \u{1B} us \u{1F} µ 😀"
        let document = JSONValue.array([.string(original)])
        let parsed = try JSONSerialization.jsonObject(with: Data(document.rendered().utf8)) as? [Any]
        #expect(parsed?.first as? String == original)
    }

    @Test func nestedIndentationIsExact() {
        let document = JSONValue.object([
            .init("name", .string("demo")),
            .init("count", .int(Int64(3))),
            .init("ratio", .number("0.5")),
            .init("missing", .null),
            .init("ok", .bool(true)),
            .init("items", .array([
                .int(Int64(1)),
                .object([
                    .init("deep", .array([.string("x"), .array([])])),
                    .init("empty", .object([])),
                ]),
                .array([.bool(false), .null]),
            ])),
            .init("last", .object([.init("k", .string("v"))])),
        ])
        let expected = """
        {
          "name": "demo",
          "count": 3,
          "ratio": 0.5,
          "missing": null,
          "ok": true,
          "items": [
            1,
            {
              "deep": [
                "x",
                []
              ],
              "empty": {}
            },
            [
              false,
              null
            ]
          ],
          "last": {
            "k": "v"
          }
        }

        """
        #expect(document.rendered() == expected)
    }
}
