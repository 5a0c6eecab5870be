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
}
