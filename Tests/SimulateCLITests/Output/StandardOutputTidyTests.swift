import Foundation
import Testing
import TestSupport

/// Every command prints through `StandardOutput` and exits through
/// `StandardOutput.exit`, which check each write and the final flush
/// (issue 41): a `print`, a `FileHandle` write to stdout or a bare `exit`
/// in the `simulate` target would bring silent loss (or a trap) back.
struct StandardOutputTidyTests {
    static let banned: [(pattern: String, why: String)] = [
        (#"(^|[^.\w])print\("#, "print buffers, and its failed flush at exit is ignored: StandardOutput.write"),
        (#"Swift\.print\("#, "print buffers, and its failed flush at exit is ignored: StandardOutput.write"),
        (#"FileHandle\.standardOutput"#, "FileHandle.write traps on a failed write on Linux: StandardOutput.write"),
        (#"(^|[^.\w])exit\("#, "exit skips the check of standard output: StandardOutput.exit"),
    ]

    /// Lines of `text` that use a banned call, outside comments.
    static func findings(in text: String) throws -> [(line: Int, why: String)] {
        var found: [(line: Int, why: String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = String(line.components(separatedBy: "//").first!)
            if code.contains("func print(") { continue }
            for (pattern, why) in banned where try Regex(pattern).firstMatch(in: code) != nil {
                found.append((index + 1, why))
            }
        }
        return found
    }

    @Test func theToolWritesStandardOutputOnlyThroughStandardOutput() throws {
        let folder = PackageRoot.url.appendingPathComponent("Sources/simulate")
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var scanned = 0
        var findings: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" && url.lastPathComponent != "StandardOutput.swift" {
            scanned += 1
            for found in try Self.findings(in: String(contentsOf: url, encoding: .utf8)) {
                findings.append("\(url.path.dropFirst(folder.path.count + 1)):\(found.line): \(found.why)")
            }
        }
        #expect(scanned >= 40, "found only \(scanned) source files under \(folder.path)")
        #expect(findings.sorted() == [], "standard output written around StandardOutput")
    }

    // The scan itself must be able to fail.

    @Test func theScanFlagsEachBannedCall() throws {
        let text = """
        print("a")
        Swift.print(x, terminator: "")
        FileHandle.standardOutput.write(data)
        exit(1)
        // print("in a comment")
        Commands.print(reports, format: .json)
        static func print(_ reports: [Report]) {
        StandardOutput.exit(0)
        exitWithUsageError("x")
        """
        #expect(try Self.findings(in: text).map(\.line) == [1, 2, 3, 4])
    }
}
