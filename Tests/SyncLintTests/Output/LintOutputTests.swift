import Foundation
import SyncReport
import Testing
@testable import SyncLint

/// `simulate lint`'s outputs from the library: the text of one model or
/// several, the JSON document, the SARIF log and the GitHub annotations.
struct LintOutputTests {
    typealias F = LintFixtures

    static let fixtures = [F.brokenCoreData, F.cleanCoreData, F.brokenSwiftData, F.cleanSwiftData]

    static func object(_ value: JSONValue) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(value.rendered().utf8)) as? [String: Any])
    }

    // MARK: Text

    @Test func oneReportPrintsAsItAlwaysHas() throws {
        let report = try ModelLint.lint(F.brokenSwiftData)
        #expect(LintResult(reports: [report]).text() == report.text)
        #expect(LintResult(reports: [report]).rendered(.text) == report.text)
    }

    @Test func severalReportsEachStartWithTheirPathAndKind() throws {
        let broken = try ModelLint.lint(F.brokenCoreData)
        let clean = try ModelLint.lint(F.cleanSwiftData)
        let text = LintResult(reports: [broken, clean]).text()
        #expect(text == "== \(F.brokenCoreData) (Core Data model)\n" + broken.text
            + "\n== \(F.cleanSwiftData) (SwiftData sources)\n" + clean.text)
        #expect(LintResult(reports: [broken, clean]).exitStatus == 1)
        #expect(LintResult(reports: [clean]).exitStatus == 0)
    }

    @Test func annotationsFollowTheirReportsLines() throws {
        let report = try ModelLint.lint(F.brokenSwiftData)
        #expect(!report.findings.isEmpty)
        #expect(LintResult(reports: [report]).text(annotates: true)
            == (report.lines + report.findings.map(\.githubAnnotation)).joined(separator: "\n") + "\n")
    }

    // MARK: JSON

    @Test(arguments: fixtures)
    func jsonHasEveryFindingAndTheExitStatus(_ path: String) throws {
        let report = try ModelLint.lint(path)
        let document = try Self.object(LintResult(reports: [report]).json())
        #expect(document["schemaVersion"] as? Int == Report.schemaVersion)
        #expect(document["tool"] as? String == "SyncSim")
        #expect(document["toolVersion"] as? String == ToolVersion.current)
        #expect(document["command"] as? String == "lint")
        #expect(document["exitStatus"] as? Int == Int(report.exitStatus))
        let models = try #require(document["models"] as? [[String: Any]])
        #expect(models.count == 1)
        let model = models[0]
        #expect(model["path"] as? String == path)
        #expect(model["name"] as? String == report.model.name)
        #expect(model["entities"] as? Int == report.model.entities.count)
        #expect(model["exitStatus"] as? Int == Int(report.exitStatus))
        #expect(model["cloudKit"] as? String == report.syncLine)
        #expect(model["advice"] as? [String] == Array(report.summaryLines.dropFirst(3)))
        let findings = try #require(model["findings"] as? [[String: Any]])
        #expect(findings.count == report.findings.count)
        for (json, finding) in zip(findings, report.findings) {
            #expect(json["file"] as? String == finding.location.file)
            #expect(json["line"] as? Int == finding.location.line)
            #expect(json["severity"] as? String == finding.severity.rawValue)
            #expect(json["rule"] as? String == finding.rule.rawValue)
            #expect(json["message"] as? String == finding.message)
        }
    }

    @Test func jsonNamesKindAndVerdictAsIdentifiers() throws {
        let broken = try Self.object(LintResult(reports: [try ModelLint.lint(F.brokenCoreData)]).json())
        let brokenModel = try #require((broken["models"] as? [[String: Any]])?.first)
        #expect(brokenModel["kind"] as? String == "coreData")
        #expect(brokenModel["verdict"] as? String == "failsToLoad")
        let clean = try Self.object(LintResult(reports: [try ModelLint.lint(F.cleanSwiftData)]).json())
        let cleanModel = try #require((clean["models"] as? [[String: Any]])?.first)
        #expect(cleanModel["kind"] as? String == "swiftData")
        #expect(cleanModel["verdict"] as? String == "ready")
        #expect(cleanModel["findings"] as? [Any] != nil)
    }

    // MARK: SARIF

    @Test(arguments: fixtures)
    func sarifHasAResultPerFindingUnderTheRules(_ path: String) throws {
        let report = try ModelLint.lint(path)
        let log = try Self.object(LintResult(reports: [report]).sarif())
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "SyncSim lint")
        #expect(driver["version"] as? String == ToolVersion.current)
        #expect(driver["informationUri"] == nil)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == LintRule.allCases.map(\.rawValue))
        for (json, rule) in zip(rules, LintRule.allCases) {
            #expect((json["defaultConfiguration"] as? [String: Any])?["level"] as? String == rule.severity.rawValue)
            #expect(((json["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == report.findings.count)
        for (result, finding) in zip(results, report.findings) {
            #expect(result["ruleId"] as? String == finding.rule.rawValue)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == finding.rule.rawValue)
            #expect(result["level"] as? String == finding.severity.rawValue)
            #expect((result["message"] as? [String: Any])?["text"] as? String == finding.message)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == finding.location.line)
            let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(uri.removingPercentEncoding == finding.location.file)
        }
    }

    @Test func sarifURIsAreRelativeForwardSlashedAndEncoded() {
        #expect(LintResult.artifactURI("Model.xcdatamodeld/Model 2.xcdatamodel/contents") == "Model.xcdatamodeld/Model%202.xcdatamodel/contents")
        #expect(LintResult.artifactURI("./Sources\\App/Item.swift") == "Sources/App/Item.swift")
        #expect(LintResult.artifactURI("a:b/Ünï~_-.swift") == "a%3Ab/%C3%9Cn%C3%AF~_-.swift")
    }

    @Test func sarifIsTheSameBytesEveryTime() throws {
        let result = LintResult(reports: try Self.fixtures.map { try ModelLint.lint($0) })
        #expect(result.rendered(.sarif) == result.rendered(.sarif))
        let log = try Self.object(result.sarif())
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect((runs[0]["results"] as? [Any])?.count == result.reports.map(\.findings.count).reduce(0, +))
    }

    /// Each rule's help points at its section: the anchor GitHub gives the
    /// heading "### `RULE` (SEVERITY)" (lower case, punctuation dropped,
    /// spaces to hyphens).
    @Test(arguments: LintRule.allCases)
    func ruleDocumentationIsItsSectionsAnchor(_ rule: LintRule) {
        let heading = "`\(rule.rawValue)` (\(rule.severity.rawValue))"
        let anchor = heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == " " }.replacingOccurrences(of: " ", with: "-")
        #expect(rule.documentation == "docs/sources/lint-rules.md#\(anchor)")
        #expect(LintRuleSourcesTests.document.contains("### \(heading)"))
    }

    // MARK: GitHub

    @Test func annotationsEscapeTheMessageAndTheFileAndSayTheLevel() {
        let location = SourceLocation(file: "Sources/A,b:c.swift", line: 3)
        let message = "Item.url, kept: a key\nsee 100%"
        #expect(Finding(.uniqueConstraint, at: location, message).githubAnnotation
            == "::error file=Sources/A%2Cb%3Ac.swift,line=3,title=lint unique-constraint::Item.url, kept: a key%0Asee 100%25")
        #expect(Finding(.ambiguousInverse, at: location, "m").githubAnnotation
            == "::warning file=Sources/A%2Cb%3Ac.swift,line=3,title=lint ambiguous-inverse::m")
        #expect(Finding(.notSynced, at: location, "m").githubAnnotation
            == "::notice file=Sources/A%2Cb%3Ac.swift,line=3,title=lint not-synced::m")
    }
}
