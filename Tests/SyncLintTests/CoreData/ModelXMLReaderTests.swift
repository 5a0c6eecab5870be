import Foundation
import Testing
@testable import SyncLint

/// SyncSim's own XML reader: what it reads as XMLParser did, and each input
/// it refuses with the line the problem is on (issue 41: XMLParser trapped
/// on invalid UTF-8 and refused files of 10 MB or more).
struct ModelXMLReaderTests {
    typealias Event = ModelXMLReader.Event

    static func events(_ text: String) throws(LintInputError) -> [Event] {
        try ModelXMLReader.events(of: Array(text.utf8), file: "contents")
    }

    @Test func readsEveryConstructXcodeWrites() throws {
        let text = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <!-- written by hand -->
            <?editor layout="grid"?>
            <!DOCTYPE model SYSTEM "model.dtd">
            <model a='single "quoted"' b="&lt;&gt;&amp;&quot;&apos;&#65;&#x263A;">
                <entity name="A
            B"><![CDATA[ <not> &markup; ]]>text &amp; more</entity>
                <attribute
                    name="x" optional = "YES"/>
            </model>
            <!-- after -->

            """
        #expect(try Self.events(text) == [
            .start(name: "model", attributes: ["a": "single \"quoted\"", "b": "<>&\"'A\u{263A}"], line: 5),
            .start(name: "entity", attributes: ["name": "A B"], line: 6),
            .end(name: "entity", line: 7),
            .start(name: "attribute", attributes: ["name": "x", "optional": "YES"], line: 8),
            .end(name: "attribute", line: 8),
            .end(name: "model", line: 10),
        ])
    }

    @Test func anEmptyFileHasNoElement() throws {
        #expect(try Self.events("").isEmpty)
        #expect(try Self.events("<?xml version=\"1.0\"?>\n\n").isEmpty)
    }

    /// Each refusal: the text, the line named, and the start of the message.
    static let refusals: [(text: String, line: Int, message: String)] = [
        ("<model>\n<entity>\n</model>\n", 3, "malformed XML: <entity> (opened on line 2) is closed by </model>"),
        ("<model>\n<entity name=\"A\">\n", 2, "malformed XML: the document ends before <model> (opened on line 1) is closed"),
        ("<model>\n<entity name=\"A\" name=\"B\"/>\n</model>", 2, "malformed XML: <entity> has the attribute name twice"),
        ("<model>\n<entity name=A/>\n</model>", 2, "malformed XML: the value of name in <entity> is not in quotes"),
        ("<model>\n<entity name=\"A\"x=\"1\"/>\n</model>", 2, "malformed XML: <entity> has 'x' where whitespace"),
        ("<model>\n<entity name=\"a<b\"/>\n</model>", 2, "malformed XML: '<' in the value of name"),
        ("<model>\n<entity name=\"&bogus;\"/>\n</model>", 2, "the entity reference &bogus; is not one of XML's five"),
        ("<model>\n<entity name=\"&#0;\"/>\n</model>", 2, "the character reference &#0; names no character XML allows"),
        ("<model>\n<entity name=\"AT&T\"/>\n</model>", 2, "malformed XML: '&' that does not begin a reference"),
        ("<model/>\n<model/>\n", 2, "a second root element <model> after the first is closed"),
        ("<model/>\ntext\n", 2, "text after the root element is closed"),
        ("<model>\n<!-- a -- b -->\n</model>", 2, "'--' inside a comment"),
        ("<model>\n<!-- never closed\n", 2, "malformed XML: the document ends inside a comment opened on line 2"),
        ("<model>\n<entity name=\"A\n", 2, "malformed XML: the value of name in <entity> (from line 2) is never closed by its quote"),
        ("<model>\n<?xml version=\"1.0\"?>\n</model>", 2, "an XML declaration '<?xml' is allowed only at the very start of the file"),
        ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<model/>", 1, "the XML declaration names the encoding 'ISO-8859-1'"),
        ("<!DOCTYPE model [\n<!ENTITY a \"b\">\n]>\n<model/>", 1, "a DOCTYPE with an internal subset ('[ … ]') is not read"),
        ("<model>\n<![CDATA[ never closed\n", 2, "malformed XML: the document ends inside a CDATA section opened on line 2"),
        ("<model>\n</>\n</model>", 2, "malformed XML: <model> (opened on line 1) is closed by </>"),
        ("<model>\n< entity/>\n</model>", 2, "malformed XML: '<' not followed by an element name"),
        ("<model>\n<entity name=\"\u{1}\"/>\n</model>", 2, "the control character U+0001 (column 15) is not allowed in XML"),
    ]

    @Test(arguments: refusals.indices)
    func refusesMalformedXMLWithItsLine(_ index: Int) {
        let refusal = Self.refusals[index]
        do {
            let events = try Self.events(refusal.text)
            Issue.record("read \(events.count) events from refusal \(index): \(refusal.text.debugDescription)")
        } catch {
            #expect(error.file == "contents")
            #expect(error.line == refusal.line, "\(refusal.text.debugDescription): \(error)")
            #expect(error.message.hasPrefix(refusal.message), "\(refusal.text.debugDescription): \(error)")
        }
    }

    /// Bytes that are not UTF-8, anywhere: the reader names the line and
    /// column and never traps (XMLParser trapped on a name with 0xFF).
    static let invalidBytes: [(bytes: [UInt8], line: Int, message: String)] = [
        (Array("<model>\n<attr".utf8) + [0xFF] + Array("ibute/>\n</model>".utf8), 2, "not UTF-8: byte 0xFF (column 6)"),
        (Array("<model>\n<a n".utf8) + [0xC3] + Array("=\"1\"/>\n</model>".utf8), 2, "not UTF-8: byte 0xC3 (column 5)"),
        (Array("<model>\n\n<a n=\"".utf8) + [0xC0, 0xAF] + Array("\"/>\n</model>".utf8), 3, "not UTF-8: byte 0xC0 (column 7)"),
        (Array("<model>\n<a n=\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"/>\n</model>".utf8), 2, "not UTF-8: byte 0xED"),
        (Array("<model>\n<a n=\"".utf8) + [0xEF, 0xBF, 0xBE] + Array("\"/>\n</model>".utf8), 2, "the character U+FFFE (column 7) is not allowed in XML"),
        (Array("<model>".utf8) + [0xF4, 0x90, 0x80, 0x80], 1, "not UTF-8: byte 0xF4 (column 8)"),
        ([0xFF, 0xFE, 0x3C, 0x00], 1, "not UTF-8: byte 0xFF (column 1)"),
    ]

    @Test(arguments: invalidBytes.indices)
    func refusesBytesThatAreNotUTF8WithTheirLine(_ index: Int) {
        let invalid = Self.invalidBytes[index]
        #expect {
            try ModelXMLReader.events(of: invalid.bytes, file: "contents")
        } throws: { error in
            guard let error = error as? LintInputError else { return false }
            return error.line == invalid.line && error.message.hasPrefix(invalid.message)
        }
    }

    /// Deep nesting is read without recursion: 100,000 levels.
    @Test func deepNestingIsReadWithoutRecursion() throws {
        let depth = 100_000
        let text = "<model>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</model>"
        #expect(try Self.events(text).count == 2 * (depth + 1))
    }
}
