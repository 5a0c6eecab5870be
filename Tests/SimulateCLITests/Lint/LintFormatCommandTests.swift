import Foundation
import Testing

/// `simulate lint --format text|json|sarif`, several models, the GitHub
/// annotations and the options the readers take, end to end.
struct LintFormatCommandTests {
    static let models = ["CoreData/Library.xcdatamodeld", "CoreData/Broken.xcdatamodeld", "SwiftData/Library", "SwiftData/Broken"]
    static let formats = ["text", "json", "sarif"]

    static func model(_ relative: String) -> String { LintCommandTests.fixtures + "/" + relative }

    /// A finding line of the text, taken apart.
    struct TextFinding: Equatable {
        let file: String
        let line: Int
        let severity: String
        let message: String
        let rule: String
    }

    /// The text's finding lines: those before the blank line that ends
    /// them, or none when the text starts with the summary.
    static func findings(_ text: String) throws -> [TextFinding] {
        try LintCommandTests.lines(text).prefix { !$0.isEmpty && !$0.hasPrefix("lint: ") }.map { line in
            let match = try #require(line.wholeMatch(of: #/(.+):(\d+): (error|warning|note): (.*) \[([a-z-]+)\]/#), "not a finding: \(line)")
            return TextFinding(file: String(match.1), line: Int(match.2)!, severity: String(match.3), message: String(match.4), rule: String(match.5))
        }
    }

    @Test(arguments: models)
    func theExitStatusIsTheSameInEveryFormat(_ relative: String) async throws {
        let expected: Int32 = relative.contains("Broken") ? 1 : 0
        for format in Self.formats {
            let output = try await SimulateProcess.run(["lint", Self.model(relative), "--format", format])
            #expect(output.status == expected, "\(relative) --format \(format): \(output.stderr)")
            #expect(output.stderr == "")
        }
        let plain = try await SimulateProcess.run(["lint", Self.model(relative)])
        let text = try await SimulateProcess.run(["lint", Self.model(relative), "--format", "text"])
        #expect(text.stdoutData == plain.stdoutData, "text is the default")
    }

    @Test(arguments: models)
    func jsonHasEveryFindingTheTextPrints(_ relative: String) async throws {
        let text = try await SimulateProcess.run(["lint", Self.model(relative)])
        let json = try await SimulateProcess.run(["lint", Self.model(relative), "--format", "json"])
        let document = try SimulateProcess.parseObject(json.stdout)
        #expect(document["command"] as? String == "lint")
        #expect(document["exitStatus"] as? Int == Int(text.status))
        let models = try #require(document["models"] as? [[String: Any]])
        #expect(models.count == 1)
        #expect(models[0]["path"] as? String == Self.model(relative))
        let findings = try #require(models[0]["findings"] as? [[String: Any]])
        let expected = try Self.findings(text.stdout)
        #expect(findings.count == expected.count)
        #expect(findings.map { TextFinding(file: $0["file"] as? String ?? "", line: $0["line"] as? Int ?? 0, severity: $0["severity"] as? String ?? "",
                                           message: $0["message"] as? String ?? "", rule: $0["rule"] as? String ?? "") } == expected)
        #expect(relative != "SwiftData/Broken" || expected.count == 13)
    }

    @Test(arguments: models)
    func sarifHasAResultPerFindingWithItsRuleLevelAndLine(_ relative: String) async throws {
        let text = try await SimulateProcess.run(["lint", Self.model(relative)])
        let sarif = try await SimulateProcess.run(["lint", Self.model(relative), "--format", "sarif"])
        let log = try SimulateProcess.parseObject(sarif.stdout)
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let ruleIDs = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        let expected = try Self.findings(text.stdout)
        #expect(results.count == expected.count)
        for (result, finding) in zip(results, expected) {
            let ruleID = try #require(result["ruleId"] as? String)
            #expect(ruleID == finding.rule)
            #expect(ruleIDs.contains(ruleID))
            #expect(result["level"] as? String == finding.severity)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            #expect((location["region"] as? [String: Any])?["startLine"] as? Int == finding.line)
            #expect(((location["artifactLocation"] as? [String: Any])?["uri"] as? String)?.removingPercentEncoding == finding.file)
        }
    }

    @Test func githubAnnotationsOnlyUnderGitHubActionsAndOnlyWithText() async throws {
        let path = Self.model("SwiftData/Broken")
        let plain = try await SimulateProcess.run(["lint", path])
        #expect(!plain.stdout.contains("::"))
        let other = try await SimulateProcess.run(["lint", path], environment: ["GITHUB_ACTIONS": "false"])
        #expect(other.stdoutData == plain.stdoutData)

        let annotated = try await SimulateProcess.run(["lint", path], environment: ["GITHUB_ACTIONS": "true"])
        #expect(annotated.status == plain.status)
        let findings = try Self.findings(plain.stdout)
        let commands = LintCommandTests.lines(annotated.stdout).filter { $0.hasPrefix("::") }
        #expect(commands.count == findings.count)
        #expect(annotated.stdout.hasPrefix(plain.stdout), "the annotations follow the report")
        let first = try #require(findings.first)
        #expect(commands.first == "::error file=\(first.file),line=\(first.line),title=lint \(first.rule)::\(first.message)")
        #expect(commands.contains { $0.hasPrefix("::warning file=") && $0.contains(",title=lint ") })

        for format in ["json", "sarif"] {
            let document = try await SimulateProcess.run(["lint", path, "--format", format], environment: ["GITHUB_ACTIONS": "true"])
            #expect(!document.stdout.contains("::error") && document.stderr == "", "\(format)")
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: document.stdoutData) }
        }
    }

    @Test func severalModelsGetAHeaderEachAndOneDocument() async throws {
        let broken = Self.model("CoreData/Broken.xcdatamodeld")
        let clean = Self.model("SwiftData/Library")
        let both = try await SimulateProcess.run(["lint", clean, broken])
        #expect(both.status == 1)
        let alone = try await SimulateProcess.run(["lint", clean])
        let other = try await SimulateProcess.run(["lint", broken])
        #expect(both.stdout == "== \(clean) (SwiftData sources)\n" + alone.stdout + "\n== \(broken) (Core Data model)\n" + other.stdout)

        let json = try await SimulateProcess.run(["lint", clean, broken, "--format", "json"])
        #expect(json.status == 1)
        let models = try #require(try SimulateProcess.parseObject(json.stdout)["models"] as? [[String: Any]])
        #expect(models.compactMap { $0["path"] as? String } == [clean, broken])
        #expect(models.compactMap { $0["exitStatus"] as? Int } == [0, 1])

        let schema = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).json5").path
        let write = try await SimulateProcess.run(["lint", clean, broken, "--write-schema", schema])
        #expect(write.status == 2)
        #expect(write.stdout == "")
        #expect(write.stderr == "simulate: lint: --write-schema writes one model, and 2 were found: \(clean), \(broken); give the one to write\n")
        #expect(!FileManager.default.fileExists(atPath: schema))
    }

    /// With a document on stdout, the schema line goes to stderr.
    @Test func writeSchemaKeepsTheDocumentWhole() async throws {
        let schema = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).json5").path
        defer { try? FileManager.default.removeItem(atPath: schema) }
        let output = try await SimulateProcess.run(["lint", Self.model("SwiftData/Broken"), "--format", "sarif", "--write-schema", schema])
        #expect(output.status == 1)
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: output.stdoutData) }
        #expect(output.stderr == "schema: wrote \(schema) (7 entities); run it with: simulate run \(schema)\n")
    }

    @Test func formatsOfOtherCommandsAreRefusedAndTheMessageListsLintsOwn() async throws {
        let table = try await SimulateProcess.run(["lint", Self.model("SwiftData/Library"), "--format", "table"])
        #expect(table.status == 2)
        #expect(table.stderr == "simulate: --format expects one of text, json, sarif, got 'table'\n")
        let missing = try await SimulateProcess.run(["lint", Self.model("SwiftData/Library"), "--format"])
        #expect(missing.stderr == "simulate: --format needs a value: one of text, json, sarif\n")
        let sarif = try await SimulateProcess.run(["--format", "sarif"])
        #expect(sarif.status == 2)
        #expect(sarif.stderr == "simulate: --format expects one of table, json, markdown, got 'sarif'\n")
    }

    @Test func assumeCloudKitAndSchemaVersionAreTakenAndDocumented() async throws {
        let path = Self.model("SwiftData/Broken")
        let output = try await SimulateProcess.run(["lint", path, "--assume-cloudkit", "--schema-version", "ArchiveSchemaV1", "--format", "json"])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: output.stdoutData) }
        let inline = try await SimulateProcess.run(["lint", path, "--schema-version=ArchiveSchemaV1"])
        #expect(inline.status == 1)
        let flagValue = try await SimulateProcess.run(["lint", path, "--assume-cloudkit=yes"])
        #expect(flagValue.status == 2)
        #expect(flagValue.stderr == "simulate: --assume-cloudkit takes no value\n")

        let help = try await SimulateProcess.run(["lint", "--help"])
        #expect(help.stdout.contains("[--format FORMAT] [--assume-cloudkit] [--schema-version V]"))
        #expect(help.stdout.contains("\n  --assume-cloudkit "))
        #expect(help.stdout.contains("\n  --schema-version V "))
        #expect(help.stdout.contains("\n  --format FORMAT ") && help.stdout.contains(" text (default), json (one document) or sarif (SARIF 2.1.0"))
    }
}

/// `simulate lint --junit FILE` (issue 28): a suite per model, a case that
/// fails when the model fails to load, and a failed case per error.
struct LintJUnitCommandTests {
    static let fixtures = LintCommandTests.fixtures

    @Test func junitHasASuitePerModelAndAFailurePerError() async throws {
        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let broken = Self.fixtures + "/CoreData/Broken.xcdatamodeld"
        let clean = Self.fixtures + "/CoreData/Library.xcdatamodeld"
        let output = try await SimulateProcess.run(["lint", broken, clean, "--junit", junit])
        #expect(output.status == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testsuite ").count - 1 == 2)
        // Broken: 7 errors, so 1 + 7 cases and 8 failures; Library: 1 passing case.
        #expect(xml.contains("name=\"\(broken)\" tests=\"8\" failures=\"8\""), "\(xml.prefix(600))")
        #expect(xml.contains("name=\"\(clean)\" tests=\"1\" failures=\"0\""))
        #expect(xml.contains("name=\"unique-constraint at line 11\""))
    }
}
