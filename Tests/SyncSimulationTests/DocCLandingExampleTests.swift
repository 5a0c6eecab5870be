import Foundation
import Testing

/// The DocC landing page's code is the program CI compiles and runs
/// (`Examples/CustomStrategy`, target `landing-page-example`), byte for
/// byte, so the page cannot drift into code that does not build or that
/// reports less than `simulate run` (issue 41: it once built a `Report`
/// without the file's expectations, so a reader's tool printed no PASS/FAIL).
struct DocCLandingExampleTests {
    static let root = DeterminismTidyTests.packageRoot

    @Test func theLandingPageShowsTheCompiledExample() throws {
        let program = try String(contentsOf: Self.root.appendingPathComponent("Examples/CustomStrategy/Sources/landing-page-example/main.swift"),
                                 encoding: .utf8)
        let page = try String(contentsOf: Self.root.appendingPathComponent("Sources/SyncSim/SyncSim.docc/SyncSim.md"), encoding: .utf8)
        let example = try #require(Self.between("// landing-page-example: begin\n", and: "// landing-page-example: end\n", in: program))
        let shown = try #require(Self.between("```swift\n", and: "```\n", in: page))
        #expect(shown == example)
        #expect(example.contains("ExpectationOutcome.check(document.expectations"))
        #expect(example.contains("ValueOutcome.check(document.valueExpectations"))
        #expect(example.contains("checksInvariants: false"))
    }

    static func between(_ start: String, and end: String, in text: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }
}
