import Foundation
import Testing

/// Every public declaration of the library's modules says what it is in a
/// `///` comment (issue 28): a library user reads them in their editor and
/// in the DocC archive `scripts/build-docs` writes.
struct DocCommentTidyTests {
    static let folders = ["SyncModel", "SyncStore", "SyncStoreSQLite", "SyncSimulation", "SyncExperiments", "SyncReport", "SyncLint", "SyncSim"]

    @Test func everyPublicDeclarationHasADocComment() throws {
        let root = DeterminismTidyTests.packageRoot.appendingPathComponent("Sources")
        var declarations = 0
        var missing: [String] = []
        for folder in Self.folders {
            let enumerator = try #require(FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil))
            var files: [URL] = []
            for case let url as URL in enumerator where url.pathExtension == "swift" { files.append(url) }
            for file in files.sorted(by: { $0.path < $1.path }) {
                let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
                for (index, line) in lines.enumerated() where Self.isPublicDeclaration(line) {
                    declarations += 1
                    var previous = index - 1
                    while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("@") { previous -= 1 }
                    if previous < 0 || !lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                        missing.append("\(folder)/\(file.lastPathComponent):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        #expect(declarations > 1_000, "the scan found the declarations")
        #expect(missing.isEmpty, "public declarations without a /// comment:\n\(missing.prefix(20).joined(separator: "\n"))")
    }

    /// `public …` or `@attribute … public …` at the start of the line.
    static func isPublicDeclaration(_ line: String) -> Bool {
        var rest = Substring(line.trimmingCharacters(in: .whitespaces))
        while rest.hasPrefix("@") {
            guard let space = rest.firstIndex(of: " ") else { return false }
            // An attribute with arguments: skip to its closing parenthesis.
            if let open = rest.firstIndex(of: "("), open < space, let close = rest.firstIndex(of: ")") {
                rest = rest[rest.index(after: close)...].drop { $0 == " " }
            } else {
                rest = rest[space...].drop { $0 == " " }
            }
        }
        return rest.hasPrefix("public ")
    }
}
