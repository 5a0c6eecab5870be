import Foundation
import Testing
import TestSupport

/// A tidy check in the spirit of TigerBeetle's: the simulator's sources
/// must not reach for wall-clock time, fresh UUIDs, the system random
/// generator, the standard library's unstable random algorithms or
/// unscheduled concurrency. Any of them would make a seed stop replaying.
struct DeterminismTidyTests {
    static let banned = [
        "Date()", "UUID()", "Int.random", ".random(in:", ".shuffled(", "randomElement(",
        "DispatchQueue.global", "Task {", "Task.detached", "SystemRandomNumberGenerator",
    ]
    static let checkedFolders = ["Sources/SyncModel", "Sources/SyncStore", "Sources/SyncSimulation", "Sources/SyncExperiments"]

    /// The package root (``PackageRoot``).
    static var packageRoot: URL { PackageRoot.url }

    @Test func sourcesUseNoNondeterministicAPI() throws {
        var scanned = 0
        var findings: [String] = []
        for folder in Self.checkedFolders {
            let directory = Self.packageRoot.appendingPathComponent(folder)
            let enumerator = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil),
                                          "cannot list \(directory.path)")
            var files: [URL] = []
            for case let url as URL in enumerator where url.pathExtension == "swift" { files.append(url) }
            for file in files.sorted(by: { $0.path < $1.path }) {
                let text = try String(contentsOf: file, encoding: .utf8)
                scanned += 1
                for finding in TidyScanner.findings(in: text, banned: Self.banned) {
                    findings.append("\(folder)/\(file.path.dropFirst(directory.path.count + 1)):\(finding.line): \(finding.pattern)")
                }
            }
        }
        #expect(scanned >= 30, "found only \(scanned) source files under \(Self.packageRoot.path)")
        #expect(findings.isEmpty, "nondeterministic API in sources:\n\(findings.joined(separator: "\n"))")
    }

    /// The simulation core does no I/O and keeps no threads of its own
    /// making beyond its writers: no Foundation, no Dispatch (DESIGN.md).
    /// Files and folders are SyncScenarioFile's, sweeps SyncExperiments';
    /// SQLite folders are SyncStoreSQLite's.
    @Test func theCoreImportsNeitherFoundationNorDispatch() throws {
        let directory = Self.packageRoot.appendingPathComponent("Sources/SyncSimulation")
        let enumerator = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
        var importing: [String] = []
        var scanned = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            scanned += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for found in TidyScanner.findings(in: text, banned: ["import Foundation", "import Dispatch", "import FoundationEssentials"]) {
                importing.append("\(url.lastPathComponent):\(found.line): \(found.pattern)")
            }
        }
        #expect(scanned >= 100, "found only \(scanned) source files under \(directory.path)")
        #expect(importing.sorted() == [], "the core imports what it must not")
    }

    @Test func theImportScanFlagsAnImport() {
        #expect(TidyScanner.findings(in: "import SyncModel\nimport Foundation\n", banned: ["import Foundation"]).map(\.line) == [2])
    }

    // The scanner itself must be able to fail.

    @Test func scannerIgnoresLongerNamesEndingInABannedWord() {
        #expect(TidyScanner.findings(in: "struct WriterTask {\n", banned: ["Task {"]).isEmpty)
        #expect(TidyScanner.findings(in: "let t = Task { }\n", banned: ["Task {"]).map(\.line) == [1])
    }

    @Test func scannerFlagsCodeAndNamesTheLine() {
        let text = "let a = 1\nlet now = Date()\nlet x = [1, 2].shuffled()\nTask { work() }\n"
        let found = TidyScanner.findings(in: text, banned: Self.banned)
        #expect(found.map(\.line) == [2, 3, 4])
        #expect(found.map(\.pattern) == ["Date()", ".shuffled(", "Task {"])
    }

    @Test func scannerIgnoresCommentsButNotStringsFollowedByCode() {
        let text = """
        /// `Int.random(in:using:)` and `shuffled(using:)` are not used.
        let a = 1 // UUID() here is a comment
        /* SystemRandomNumberGenerator
           randomElement( */ let b = 2
        let c = "//" ; let d = UUID()
        """
        let found = TidyScanner.findings(in: text, banned: Self.banned)
        #expect(found.map(\.line) == [5])
        #expect(found.map(\.pattern) == ["UUID()"])
    }
}

/// Finds banned patterns in Swift code outside comments.
enum TidyScanner {
    struct Finding: Hashable {
        let line: Int
        let pattern: String
    }

    static func findings(in text: String, banned: [String]) -> [Finding] {
        var results: [Finding] = []
        var inBlockComment = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = codeOnly(String(line), inBlockComment: &inBlockComment)
            for pattern in banned where containsAsWord(code, pattern) {
                results.append(Finding(line: index + 1, pattern: pattern))
            }
        }
        return results
    }

    /// True when `pattern` occurs in `code` not as the tail of a longer
    /// name: `Task {` is flagged, `struct WriterTask {` is not.
    static func containsAsWord(_ code: String, _ pattern: String) -> Bool {
        let characters = Array(code)
        let wanted = Array(pattern)
        guard wanted.count <= characters.count else { return false }
        let startsWithName = wanted.first.map { $0.isLetter || $0 == "_" } ?? false
        for start in 0 ... characters.count - wanted.count where Array(characters[start ..< start + wanted.count]) == wanted {
            let before = start > 0 ? characters[start - 1] : " "
            if !startsWithName || !(before.isLetter || before.isNumber || before == "_") { return true }
        }
        return false
    }

    /// The line with comments removed; string literal contents are kept
    /// (a banned call spelled inside a string is still suspicious) but a
    /// `//` inside a string does not start a comment.
    static func codeOnly(_ line: String, inBlockComment: inout Bool) -> String {
        var code = ""
        var inString = false
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            if inBlockComment {
                if character == "*" && next == "/" {
                    inBlockComment = false
                    index += 2
                } else {
                    index += 1
                }
                continue
            }
            if inString {
                code.append(character)
                if character == "\\", let next {
                    code.append(next)
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
                index += 1
                continue
            }
            if character == "/" && next == "/" { break }
            if character == "/" && next == "*" {
                inBlockComment = true
                index += 2
                continue
            }
            if character == "\"" { inString = true }
            code.append(character)
            index += 1
        }
        return code
    }
}
