import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `simulate check` for CI: JUnit XML, `--format json`, GitHub annotations,
/// a broken file among good ones; and `simulate run`'s exit status.
struct CheckOutputTests {
    /// Three users imported twice under lww: three duplicates, none under crdt.
    static let passing = """
    // Three users imported twice under lww: three duplicates.
    {
      name: "passing",
      replicas: 1,
      steps: [
        { at: "0s", on: "all", import: { entity: "User", count: 3 } },
        { at: "1s", on: "all", import: { entity: "User", count: 3 } },
      ],
      strategies: ["lww", "crdt"],
      expect: [
        { strategy: "lww", metric: "duplicates.final", equals: 3 },
        { strategy: "crdt", metric: "duplicates.final", equals: 0 },
      ],
    }
    """

    /// The same run with two wrong expectations, each at the line of its
    /// opening brace: line 14 (an object over five lines, after comments
    /// holding brackets) and line 19 (`*`, so one case per strategy, failing
    /// under lww only). The name needs escaping in XML.
    static let failing = """
    {
      name: "failing <&\\"'>",
      replicas: 1,
      steps: [
        { at: "0s", on: "all", import: { entity: "User", count: 3 } },
        { at: "1s", on: "all", import: { entity: "User", count: 3 } },
      ],
      strategies: ["lww", "crdt"],
      description: "expect: [ { strategy: 'lww' } ] in a string is not the list",
      expect: [
        // { strategy: "crdt", metric: "diverged", equals: 9 } is a comment,
        /* and so is [ this ] */
        { strategy: "lww", metric: "duplicates.final", equals: 3 },
        {
          strategy: "lww",
          metric: "duplicates.final",
          equals: 5,
        },
        {
          'strategy': "*", "metric": "duplicates.final", max: 0 },
      ],
    }
    """

    static let broken = #"{ name: "broken", steps: [{ at: "0s", heal: true }, { at: "10", heal: true }] }"#

    /// A folder holding the three, named so that they run in that order.
    static func folder() throws -> (folder: URL, passing: String, failing: String, broken: String) {
        let folder = try ScenarioCommandTests.folder(["a-passing.json5": passing, "b-failing.json5": failing, "c-broken.json5": broken])
        return (folder, folder.appendingPathComponent("a-passing.json5").path, folder.appendingPathComponent("b-failing.json5").path,
                folder.appendingPathComponent("c-broken.json5").path)
    }

    static let brokenMessage = #"steps[1].at: expected a duration with a unit such as "250us", "80ms", "2s", "5m", "2h" or "7d", found "10""#

    static func replay(_ path: String) -> String { "simulate run \(path) --seed 1 --strategies lww,crdt" }

    // MARK: Text

    @Test func aBrokenFileIsAnErrorAndTheOthersStillRun() async throws {
        let (folder, passing, failing, broken) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await SimulateProcess.run(["check", folder.path, "--quiet"])
        #expect(output.status == 2, "a broken file wins over a failed expectation")
        #expect(output.stderr == "")
        #expect(ScenarioCommandTests.lines(output.stdout) == [
            "PASS  passing  lww   duplicates.final  = 3  3",
            "PASS  passing  crdt  duplicates.final  = 0  0",
            #"PASS  failing <&"'>  lww   duplicates.final  = 3  3"#,
            #"FAIL  failing <&"'>  lww   duplicates.final  = 5  3"#,
            #"FAIL  failing <&"'>  lww   duplicates.final  ≤ 0  3"#,
            #"PASS  failing <&"'>  crdt  duplicates.final  ≤ 0  0"#,
            "      replay: \(Self.replay(failing))",
            "ERROR  \(broken): \(Self.brokenMessage)",
            "4 passed, 2 failed, 1 error",
        ])
        #expect(!output.stdout.contains("::error"), "annotations only under GitHub Actions")

        // Without the broken file, a failed expectation exits 1; alone, the passing one 0.
        let failed = try await SimulateProcess.run(["check", passing, failing])
        #expect(failed.status == 1)
        #expect(failed.stdout.hasSuffix("4 passed, 2 failed\n"))
        let passed = try await SimulateProcess.run(["check", passing])
        #expect(passed.status == 0)
        let alone = try await SimulateProcess.run(["check", broken])
        #expect(alone.status == 2)
        #expect(alone.stdout == "ERROR  \(broken): \(Self.brokenMessage)\n0 passed, 0 failed, 1 error\n")
    }

    // MARK: GitHub

    @Test func underGitHubActionsEachFailureIsAnAnnotationOnItsLine() async throws {
        let (folder, _, failing, broken) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await SimulateProcess.run(["check", folder.path], environment: ["GITHUB_ACTIONS": "true"])
        #expect(output.status == 2)
        let annotations = ScenarioCommandTests.lines(output.stdout).filter { $0.hasPrefix("::") }
        #expect(annotations == [
            #"::error file=\#(failing),line=14::failing <&"'>: lww duplicates.final = 5: measured 3; replay: \#(Self.replay(failing))"#,
            #"::error file=\#(failing),line=19::failing <&"'>: lww duplicates.final ≤ 0: measured 3; replay: \#(Self.replay(failing))"#,
            "::error file=\(broken),line=1::\(Self.brokenMessage)",
        ])
        // Each follows its file's lines, before the summary.
        #expect(ScenarioCommandTests.lines(output.stdout).last == "4 passed, 2 failed, 1 error")

        // Any other value is not GitHub Actions.
        let other = try await SimulateProcess.run(["check", folder.path], environment: ["GITHUB_ACTIONS": "false"])
        #expect(!other.stdout.contains("::error"))

        // With JSON on stdout, the annotations go to stderr.
        let json = try await SimulateProcess.run(["check", folder.path, "--format", "json", "--quiet"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(ScenarioCommandTests.lines(json.stderr) == annotations)
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: json.stdoutData) }
    }

    // MARK: JUnit

    @Test func junitHasASuitePerFileAndACasePerExpectation() async throws {
        let (folder, passing, failing, broken) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("check.xml")
        let output = try await SimulateProcess.run(["check", folder.path, "--junit", junit.path])
        #expect(output.status == 2)
        let data = try Data(contentsOf: junit)
        let document = try JUnitDocument(data)

        #expect(document.root == ["name": "simulate check", "tests": "7", "failures": "2", "errors": "1"])
        #expect(document.suites.map(\.attributes["name"]) == [passing, failing, broken])
        #expect(document.suites.map(\.attributes["tests"]) == ["2", "4", "1"])
        #expect(document.suites.map(\.attributes["failures"]) == ["0", "2", "0"])
        #expect(document.suites.map(\.attributes["errors"]) == ["0", "0", "1"])

        let cases = document.suites[1].cases
        #expect(cases.map(\.attributes["classname"]) == Array(repeating: #"failing <&"'>"#, count: 4))
        #expect(cases.map(\.attributes["name"]) == ["lww duplicates.final = 3", "lww duplicates.final = 5",
                                                    "lww duplicates.final ≤ 0", "crdt duplicates.final ≤ 0"])
        #expect(cases.map(\.attributes["line"]) == ["13", "14", "19", "19"])
        #expect(cases.map { $0.failure == nil } == [true, false, false, true])
        let failure = try #require(cases[1].failure)
        #expect(failure.attributes["message"] == "lww duplicates.final = 5: measured 3; replay: \(Self.replay(failing))")
        #expect(failure.text == "expected lww duplicates.final = 5\nmeasured 3\nreplay: \(Self.replay(failing))")
        #expect(document.suites[0].cases.allSatisfy { $0.failure == nil && $0.error == nil })

        let errored = try #require(document.suites[2].cases.first?.error)
        #expect(errored.attributes["message"] == "\(broken): \(Self.brokenMessage)")

        // Every case has its run's wall time; the broken file's ran nothing.
        let times = document.suites.flatMap(\.cases).map { $0.attributes["time"] ?? "none" }
        #expect(times.allSatisfy { $0.wholeMatch(of: #/0|\d+\.\d{3}/#) != nil }, "\(times)")
        #expect(document.suites[2].cases.map { $0.attributes["time"] } == ["0"])

        // With --no-timing every time is 0, and the same check writes the same bytes.
        let untimed = try await SimulateProcess.run(["check", folder.path, "--junit", junit.path, "--no-timing"])
        #expect(untimed.status == 2)
        #expect(untimed.stdout == output.stdout)
        let first = try Data(contentsOf: junit)
        #expect(try JUnitDocument(first).suites.flatMap(\.cases).allSatisfy { $0.attributes["time"] == "0" })
        let again = try await SimulateProcess.run(["check", folder.path, "--junit", junit.path, "--no-timing"])
        #expect(again.status == 2)
        #expect(try Data(contentsOf: junit) == first)
        #expect(String(decoding: first, as: UTF8.self).contains(
            #"<testcase classname="passing" name="lww duplicates.final = 3" file="\#(passing)" line="11" time="0"/>"#))
    }

    @Test func anUnwritableJUnitFileIsAnOutputError() async throws {
        let (folder, passing, _, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("missing/check.xml").path
        let output = try await SimulateProcess.run(["check", passing, "--junit", path, "--quiet"])
        #expect(output.status == 4)
        #expect(output.stderr == "simulate: cannot write \(path): No such file or directory\n")
    }

    // MARK: JSON

    @Test func jsonIsOneDocumentWithEveryExpectationAndTheTotals() async throws {
        let (folder, passing, failing, broken) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await SimulateProcess.run(["check", folder.path, "--format", "json", "--quiet"])
        #expect(output.status == 2)
        #expect(output.stderr == "")
        let object = try SimulateProcess.parseObject(output.stdout)
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["files"] as? Int == 3)
        #expect(totals["passed"] as? Int == 4)
        #expect(totals["failed"] as? Int == 2)
        #expect(totals["errors"] as? Int == 1)
        #expect(object["exitStatus"] as? Int == 2)

        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.map { $0["file"] as? String } == [passing, failing, broken])
        #expect(files.map { $0["status"] as? String } == ["passed", "failed", "error"])
        let expectations = try #require(files[1]["expectations"] as? [[String: Any]])
        #expect(expectations.map { $0["passed"] as? Bool } == [true, false, false, true])
        let wrong = expectations[1]
        #expect(wrong["strategy"] as? String == "lww")
        #expect(wrong["metric"] as? String == "duplicates.final")
        #expect(wrong["bound"] as? String == "= 5")
        #expect(wrong["equals"] as? Int == 5)
        #expect(wrong["actual"] as? Int == 3)
        #expect(wrong["line"] as? Int == 14)
        #expect(wrong["replay"] as? String == Self.replay(failing))
        #expect(expectations[2]["max"] as? Int == 0)
        let error = try #require(files[2]["error"] as? [String: Any])
        #expect(error["path"] as? String == "steps[1].at")
        #expect(error["description"] as? String == "\(broken): \(Self.brokenMessage)")
    }

    @Test func checkRefusesMarkdown() async throws {
        let output = try await SimulateProcess.run(["check", "x.json5", "--format", "markdown"])
        #expect(output.status == 2)
        #expect(output.stderr == "simulate: --format expects one of table, json, got 'markdown'\n")
    }

    // MARK: run

    @Test func runExitsOneWhenAnExpectationFails() async throws {
        let (folder, passing, failing, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failed = try await SimulateProcess.run(["run", failing, "--no-timing"])
        #expect(failed.status == 1)
        #expect(failed.stderr == "")
        #expect(failed.stdout.contains(#"FAIL  failing <&"'>  lww   duplicates.final  = 5  3"#))
        let passed = try await SimulateProcess.run(["run", passing, "--no-timing"])
        #expect(passed.status == 0)
        let both = try await SimulateProcess.run(["run", passing, failing, "--format", "json", "--no-timing"])
        #expect(both.status == 1)
    }
}

/// A JUnit file read back with Foundation's `XMLParser`: the root's
/// attributes, and each suite's cases with their failure or error.
struct JUnitDocument {
    struct Element {
        var attributes: [String: String]
        var text = ""
    }

    struct Case {
        var attributes: [String: String]
        var failure: Element?
        var error: Element?
    }

    struct Suite {
        var attributes: [String: String]
        var cases: [Case] = []
    }

    var root: [String: String] = [:]
    var suites: [Suite] = []

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    init() {}

    init(_ data: Data) throws {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw ParseError(description: "not well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "unknown error")")
        }
        self = delegate.document
    }

    /// Builds the document as elements open and close. Only the parser's
    /// own thread touches it, within `parse()`.
    final class Delegate: NSObject, XMLParserDelegate {
        var document = JUnitDocument()
        var open: Element?
        var openName = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "testsuites": document.root = attributes
            case "testsuite": document.suites.append(Suite(attributes: attributes))
            case "testcase": document.suites[document.suites.count - 1].cases.append(Case(attributes: attributes))
            case "failure", "error":
                open = Element(attributes: attributes)
                openName = name
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            open?.text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard name == "failure" || name == "error", let element = open else { return }
            let suite = document.suites.count - 1
            let item = document.suites[suite].cases.count - 1
            if openName == "failure" { document.suites[suite].cases[item].failure = element } else { document.suites[suite].cases[item].error = element }
            open = nil
        }
    }
}
