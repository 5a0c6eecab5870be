import Foundation
import SyncScenarioFile
import Testing
@testable import SyncReport

/// The workflow commands `check` and `lint` print under GitHub Actions,
/// escaped as the runner reads them (actions/toolkit's command.ts).
struct GitHubAnnotationTests {
    @Test func theMessageEscapesPercentAndLineBreaksOnly() {
        #expect(GitHubAnnotation.escapeData("a, b: 100%\r\nnext") == "a, b: 100%25%0D%0Anext")
        // `%` first, so an escape is never escaped again.
        #expect(GitHubAnnotation.escapeData("%0A") == "%250A")
    }

    @Test func aPropertyAlsoEscapesCommaAndColon() {
        #expect(GitHubAnnotation.escapeProperty("a,b: 100%\nc") == "a%2Cb%3A 100%25%0Ac")
        // `\r\n` is one Character: escaped scalar by scalar, both halves go.
        #expect(GitHubAnnotation.escapeProperty("a\r\nb") == "a%0D%0Ab")
    }

    @Test func aCommandEscapesEachPartAsItsPlaceNeeds() {
        #expect(GitHubAnnotation.command(.warning, file: "Sources/x,y:z.swift", line: 4, title: "lint a:b", message: "m, n: o\np")
            == "::warning file=Sources/x%2Cy%3Az.swift,line=4,title=lint a%3Ab::m, n: o%0Ap")
        #expect(GitHubAnnotation.command(.notice, file: "f", line: nil, message: "m") == "::notice file=f::m")
        #expect(GitHubAnnotation.error(file: "f", line: 2, message: "m") == "::error file=f,line=2::m")
    }

    @Test func onlyGitHubActionsTurnsThemOn() {
        #expect(GitHubAnnotation.isEnabled(environment: ["GITHUB_ACTIONS": "true"]))
        #expect(!GitHubAnnotation.isEnabled(environment: ["GITHUB_ACTIONS": "false"]))
        #expect(!GitHubAnnotation.isEnabled(environment: [:]))
    }

    /// A file that does not parse is annotated on the line of the fault
    /// (issue 41: it had no `line=`): the JSON5 reader's line, else where
    /// the value at the error's path (or the nearest enclosing one) starts.
    @Test func aBrokenFileIsAnnotatedOnItsFaultsLine() throws {
        let text = """
            {
              name: "broken",
              steps: [
                { at: "0s", heal: true },
                {
                  at: "10",
                  heal: true,
                },
              ],
            }
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).json5")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        func annotation() throws -> String {
            let error: ScenarioFileError
            do { _ = try ScenarioFile.load(file.path); Issue.record("parsed"); return "" } catch let caught { error = caught }
            return try #require(CheckFile(path: file.path, outcome: .broken(error)).githubAnnotations().first)
        }
        #expect(try annotation().hasPrefix("::error file=\(GitHubAnnotation.escapeProperty(file.path)),line=6::steps[1].at: expected a duration"))
        func line(_ path: String) -> Int { ScenarioFileError(file: "f", path: path, message: "m").line(in: text) }
        #expect(line("steps[1].heal") == 7)
        #expect(line("steps[1].nothing.deeper") == 5, "the nearest enclosing value")
        #expect(line("steps") == 3)
        #expect(line("") == 1)
        #expect(ScenarioFileError(file: "f", path: "steps", message: "m").line(in: nil) == 1, "a file no longer there")

        try Data(text.replacingOccurrences(of: "heal: true,\n", with: "heal: true,,\n").utf8).write(to: file)
        #expect(try annotation().hasPrefix("::error file=\(GitHubAnnotation.escapeProperty(file.path)),line=7::not valid JSON5 at line 7"))
    }
}
