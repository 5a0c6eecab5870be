import Foundation
import Testing

/// Compares text to a file under `Golden/`, next to this source file.
///
/// With `SYNCSIM_RECORD_GOLDEN=1` in the environment the file is written
/// instead (and the test passes); otherwise a missing or different file
/// fails, saying how to re-record. Files are never re-recorded silently.
enum GoldenFile {
    static let recordVariable = "SYNCSIM_RECORD_GOLDEN"

    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden", isDirectory: true)
    }

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable] == "1"
    }

    static let rerecordHint = "if the change is intended, re-record with "
        + "`SYNCSIM_RECORD_GOLDEN=1 swift test --filter SyncReportTests` and review the diff of Tests/SyncReportTests/Golden"

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url, options: .atomic)
            } catch {
                Issue.record("could not record golden file \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let message = "golden file \(url.path) is missing; record it with "
                + "`SYNCSIM_RECORD_GOLDEN=1 swift test --filter SyncReportTests`"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        guard let expected = String(data: data, encoding: .utf8) else {
            Issue.record("golden file \(url.path) is not UTF-8; \(rerecordHint)", sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        Issue.record("output differs from golden file \(url.path): \(firstDifference(actual, expected)); \(rerecordHint)",
                     sourceLocation: sourceLocation)
    }

    /// The first line that differs, for a readable failure.
    static func firstDifference(_ actual: String, _ expected: String) -> String {
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
