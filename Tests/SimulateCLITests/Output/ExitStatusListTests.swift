import Foundation
import SyncReport
import Testing
import TestSupport

/// The exit statuses ``SyncReport/ExitStatus`` declares, as help's overview and
/// docs/command-line.md list them: a status added there and not here, or
/// missing from either, fails.
struct ExitStatusListTests {
    /// Each status, with the words the overview (`simulate help`) and the
    /// docs' "Exit status" section give it.
    static let words: [SyncReport.ExitStatus: (help: String, docs: String)] = [
        .passed: ("0 on success", "0 when everything ran and held"),
        .expectationFailed: ("1 when an expectation fails", "1 when an expectation fails"),
        .badInput: ("2 for a bad argument", "2 for a bad argument"),
        .invariantBroken: ("3 when an invariant", "3 when an invariant broke"),
        .outputFailed: ("4 when output could not be written", "4 when output could not be written"),
    ]

    @Test func everyStatusHasItsWords() {
        #expect(Set(Self.words.keys) == Set(SyncReport.ExitStatus.allCases))
    }

    @Test func theOverviewListsEveryStatus() async throws {
        let output = try await SimulateProcess.run(["help"])
        let section = try #require(output.stdout.components(separatedBy: "EXIT STATUS:").last)
        let flowing = section.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for status in SyncReport.ExitStatus.allCases {
            let words = try #require(Self.words[status]).help
            #expect(flowing.contains(words), "help's EXIT STATUS lacks '\(words)'")
        }
    }

    @Test func theDocsListEveryStatus() throws {
        let text = try String(contentsOfFile: PackageRoot.path("docs/command-line.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Exit status").dropFirst().first?.components(separatedBy: "\n## ").first)
        for status in SyncReport.ExitStatus.allCases {
            let words = try #require(Self.words[status]).docs
            #expect(section.contains(words), "docs/command-line.md's Exit status lacks '\(words)'")
        }
    }
}
