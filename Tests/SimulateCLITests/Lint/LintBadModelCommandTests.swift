import Foundation
import Testing
import TestSupport

/// End to end, issue 41: model files that crashed `lint` and `advise`
/// (exit 132) or read as ready for CloudKit. Each now gives exit 2 with
/// FILE:LINE, or lint's errors and exit 1; never a signal.
struct LintBadModelCommandTests {
    static var fixtures: String { PackageRoot.path("Tests/SyncLintTests/Fixtures") }
    static var invalidUTF8: String { fixtures + "/CoreData/InvalidUTF8.xcdatamodel" }
    static var duplicates: String { fixtures + "/CoreData/Duplicates.xcdatamodeld" }
    static let utf8Message = "4: not UTF-8: byte 0xFF (column 14) does not begin or continue a UTF-8 character; Xcode writes model files in UTF-8\n"

    @Test(arguments: [["lint"], ["lint", "--format", "sarif"], ["lint", "--format", "json"]])
    func invalidUTF8InANameIsALocatedInputError(_ command: [String]) async throws {
        let output = try await SimulateProcess.run(command + [Self.invalidUTF8])
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "simulate: lint: \(Self.invalidUTF8)/contents:" + Self.utf8Message)
    }

    @Test func adviseOnInvalidUTF8IsALocatedInputError() async throws {
        let output = try await SimulateProcess.run(["advise", Self.invalidUTF8, "--seeds", "1"])
        #expect(output.status == 2)
        #expect(output.stderr == "simulate: advise: \(Self.invalidUTF8)/contents:" + Self.utf8Message)
    }

    /// Before: exit 132 with --key (a force-unwrap in AdvicePlan), or a
    /// scenario error naming advise's own file. Now lint's verdict.
    @Test(arguments: [[], ["--key", "Folder.name"]])
    func adviseStopsAtLintsVerdictOnRepeatedNames(_ key: [String]) async throws {
        let output = try await SimulateProcess.run(["advise", Self.duplicates, "--seeds", "1"] + key)
        #expect(output.status == 1)
        #expect(output.stdout == "")
        let lines = output.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "simulate: advise: \(Self.duplicates): Xcode does not build the model (see the errors), with or without CloudKit; lint says:")
        #expect(lines.filter { $0.contains(": error: ") }.map { String($0.split(separator: "[").last ?? "") } == [
            "unknown-attribute-type]", "duplicate-property]", "duplicate-property]", "duplicate-property]", "duplicate-entity]",
        ])
        #expect(!output.stderr.contains(".json5"))
    }

    @Test func adviseStopsAtLintsVerdictOnASwiftDataPropertyDeclaredTwice() async throws {
        let output = try await SimulateProcess.run(["advise", Self.fixtures + "/SwiftData/DuplicateProperty", "--seeds", "1", "--key", "Note.title"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("/SwiftData/DuplicateProperty/Note.swift:8: error: Note declares title a second time"))
    }

    @Test func repeatedNamesAreErrorsWithTheirOwnSARIFRules() async throws {
        let output = try await SimulateProcess.run(["lint", "--format", "sarif", Self.duplicates])
        #expect(output.status == 1)
        let sarif = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let rules = (((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(rules?.contains("duplicate-entity") == true)
        #expect(rules?.contains("duplicate-property") == true)
        #expect(rules?.contains("unknown-attribute-type") == true)
        let results = (run["results"] as? [[String: Any]])?.compactMap { $0["ruleId"] as? String }
        #expect(results == ["unknown-attribute-type", "duplicate-property", "duplicate-property", "duplicate-property", "duplicate-entity"])
    }

    @Test func lintOnRepeatedNamesSaysXcodeDoesNotBuildIt() async throws {
        let output = try await SimulateProcess.run(["lint", Self.duplicates])
        #expect(output.status == 1)
        #expect(output.stdout.contains("\nlint: 5 errors, 0 warnings in 3 entities of Duplicates (Core Data model): "
            + "Xcode does not build the model (see the errors), with or without CloudKit\n"))
    }
}
