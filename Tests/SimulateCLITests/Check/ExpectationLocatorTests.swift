import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SyncReport
import SyncScenarioFile
import SyncSimulation
import Testing

/// Finding an expectation's line in a scenario file's text, and escaping
/// what goes into JUnit XML.
struct ExpectationLocatorTests {
    static func expectation(_ strategy: String, _ metric: Metric) -> SyncSimulation.Expectation {
        SyncSimulation.Expectation(strategy: strategy, metric: metric, bound: .equals(0))
    }

    @Test func eachExpectationGetsTheLineOfItsOpeningBrace() {
        let text = """
        // expect: [ { strategy: "lww" } ] in a comment is not the list
        {
          "name": "x", /* expect: [ */
          steps: [{ at: "0s", note: "expect: [ {", expect: [{ strategy: 'no', metric: 'no' }] }],
          'expect': [
            { strategy: "lww", metric: "duplicates.final", equals: 0 },

            { metric: "diverged",
              strategy: "crdt", equals: 0 }, { strategy: "*", metric: "lostWrites", max: 0, },
          ],
        }
        """
        let expectations = [Self.expectation("lww", .duplicatesFinal), Self.expectation("crdt", .diverged),
                            Self.expectation("*", .lostWrites)]
        #expect(ExpectationLocator.lines(of: expectations, in: text) == [6, 8, 9])
    }

    /// The parser drops expectations about strategies a preset does not
    /// run: the rest still find their own lines.
    @Test func aFilteredListMatchesItsItemsInOrder() {
        let text = """
        {
          expect: [
            { strategy: "lww", metric: "diverged", equals: 0 },
            { strategy: "unique:error", metric: "diverged", equals: 0 },
            { strategy: "lww", metric: "diverged", equals: 0 },
          ],
        }
        """
        let kept = [Self.expectation("lww", .diverged), Self.expectation("lww", .diverged)]
        #expect(ExpectationLocator.lines(of: kept, in: text) == [3, 5])
    }

    /// When the list cannot be matched, every expectation points at the
    /// `expect` key; with no key at all, at line 1.
    @Test func whatCannotBeMatchedFallsBackToTheKeyOrTheFirstLine() {
        let text = "{\n  name: \"x\",\n  expect: [\n    { strategy: \"lww\", metric: \"diverged\", equals: 0 },\n  ],\n}\n"
        #expect(ExpectationLocator.lines(of: [Self.expectation("crdt", .diverged)], in: text) == [3])
        #expect(ExpectationLocator.lines(of: [Self.expectation("lww", .diverged)], in: "{ name: \"x\" }") == [1])
    }

    /// Every scenario in the library: each expectation's line holds its
    /// opening brace, and its metric is named within the next few lines.
    @Test func everyScenarioInTheLibraryLocatesItsExpectations() throws {
        for path in try ScenarioFile.expand([ScenarioCommandTests.scenarios]) {
            let document = try ScenarioFile.load(path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let fileLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let located = ExpectationLocator.lines(of: document.expectations, in: text)
            for (expectation, line) in zip(document.expectations, located) {
                let nearby = fileLines[(line - 1) ..< min(fileLines.count, line + 4)].joined(separator: "\n")
                #expect(fileLines[line - 1].contains("{") && nearby.contains(#""\#(expectation.metric.rawValue)""#),
                        "\(path):\(line) is not \(expectation.strategy) \(expectation.metric.rawValue)")
            }
            #expect(located == located.sorted(), "\(path): lines out of order")
        }
    }

    @Test func junitEscapesWhatXMLCannotHoldAsIs() throws {
        let awkward = "a <b> & \"c\" 'd' ]]> tab\there\nnew line \u{1}\u{1B}[0m end"
        let report = JUnitReport(name: awkward, suites: [
            JUnitSuite(name: awkward, cases: [
                JUnitCase(classname: awkward, name: awkward, file: awkward, line: 3,
                          result: .failure(message: awkward, detail: awkward)),
            ]),
        ])
        let document = try JUnitDocument(Data(report.xml().utf8))
        // Control characters XML 1.0 cannot carry become U+FFFD; the rest,
        // tabs and line breaks in attributes included, survive exactly.
        let expected = awkward.replacingOccurrences(of: "\u{1}", with: "\u{FFFD}").replacingOccurrences(of: "\u{1B}", with: "\u{FFFD}")
        #expect(document.root["name"] == expected)
        #expect(document.suites.first?.attributes["name"] == expected)
        let failure = try #require(document.suites.first?.cases.first?.failure)
        #expect(failure.attributes["message"] == expected)
        #expect(failure.text == expected)
    }
}
