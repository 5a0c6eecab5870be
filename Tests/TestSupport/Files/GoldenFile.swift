import Foundation
import Testing

/// Compares text to a file in a golden directory next to a test's source.
///
/// With `SYNCSIM_RECORD_GOLDEN=1` in the environment the file is written
/// instead (and the test passes); otherwise a missing or different file
/// fails, saying how to re-record. Files are never re-recorded silently.
public struct GoldenFile: Sendable {
    public static let recordVariable = "SYNCSIM_RECORD_GOLDEN"

    /// The folder holding the golden files.
    public let directory: URL
    /// The `swift test --filter` that re-records them, for the hint.
    public let filter: String

    /// Golden files in `folder`, beside the source file that calls this.
    public init(folder: String, filter: String, besides sourceFile: String = #filePath) {
        directory = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().appendingPathComponent(folder, isDirectory: true)
        self.filter = filter
    }

    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable] == "1"
    }

    var rerecordHint: String {
        "if the change is intended, re-record with `\(Self.recordVariable)=1 swift test --filter \(filter)` "
            + "and review the diff of \(directory.path)"
    }

    public func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if Self.isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url, options: .atomic)
            } catch {
                Issue.record("could not record golden file \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let message = "golden file \(url.path) is missing; record it with `\(Self.recordVariable)=1 swift test --filter \(filter)`"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        guard let expected = String(data: data, encoding: .utf8) else {
            Issue.record("golden file \(url.path) is not UTF-8; \(rerecordHint)", sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        Issue.record("output differs from golden file \(url.path): \(Self.firstDifference(actual, expected)); \(rerecordHint)",
                     sourceLocation: sourceLocation)
    }

    /// The first line that differs, for a readable failure.
    public static func firstDifference(_ actual: String, _ expected: String) -> String {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0 ..< max(actualLines.count, expectedLines.count) {
            let got = index < actualLines.count ? String(actualLines[index]) : "<end of output>"
            let want = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
            if got != want {
                return "line \(index + 1) is\n  \(got)\nexpected\n  \(want)\n"
            }
        }
        return "they differ only in line endings or invisible characters"
    }
}
