import Foundation
import Testing

/// Explore and shrink decide which seeds fail and which candidates are
/// kept: their sources must not reach for wall-clock time, fresh UUIDs,
/// the system random generator or unscheduled concurrency either.
struct ExperimentsTidyTests {
    static let banned = [
        "Date()", "UUID()", "Int.random", ".random(in:", ".shuffled(", "randomElement(",
        "DispatchQueue.global", "Task {", "Task.detached", "SystemRandomNumberGenerator",
    ]

    @Test func sourcesUseNoNondeterministicAPI() throws {
        let directory = Fixtures.packageRoot.appendingPathComponent("Sources/SyncExperiments")
        let enumerator = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" { files.append(url) }
        #expect(files.count >= 10)
        var findings: [String] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for pattern in Self.banned where code.contains(pattern) {
                    findings.append("\(file.lastPathComponent):\(number + 1): \(pattern)")
                }
            }
        }
        #expect(findings.isEmpty, "nondeterministic API in Sources/SyncExperiments:\n\(findings.joined(separator: "\n"))")
    }
}
