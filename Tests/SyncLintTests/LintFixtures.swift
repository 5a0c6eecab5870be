import Foundation
@testable import SyncLint

/// Paths of the fixtures in `Tests/SyncLintTests/Fixtures`, found from this
/// file's own path so that `swift test` needs no resource bundle.
enum LintFixtures {
    static var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    }

    static func path(_ relative: String) -> String { root + "/" + relative }

    /// The package root, the nearest folder above this file holding
    /// `Package.swift` (this target does not depend on TestSupport's
    /// ``PackageRoot``), so a test finds `docs/` from any folder.
    static var packageRoot: URL {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        return folder
    }

    static let brokenCoreData = path("CoreData/Broken.xcdatamodeld")
    /// The current version's `contents`, as findings name it.
    static let brokenCoreDataContents = brokenCoreData + "/Broken 2.xcdatamodel/contents"
    static let cleanCoreData = path("CoreData/Library.xcdatamodeld")
    static let malformedCoreData = path("CoreData/Malformed.xcdatamodel")
    static let brokenSwiftData = path("SwiftData/Broken")
    static let cleanSwiftData = path("SwiftData/Library")

    /// A finding reduced to what the tests compare: `FILE:LINE`, severity,
    /// rule.
    static func triples(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.location) \($0.severity.rawValue) \($0.rule.rawValue)" }
    }

    /// Scans `source` as one file named `Model.swift` and builds its model.
    static func swiftModel(_ source: String) throws -> DataModel {
        let tokens = try SwiftLexer.tokens(of: source)
        let scanned = SwiftModelScanner.scan(tokens, file: "Model.swift")
        return SwiftDataModelBuilder.build(scanned.classes, findings: scanned.findings, name: "Model")
    }

    /// The findings for `source` (one file), sorted.
    static func swiftFindings(_ source: String) throws -> [Finding] {
        ModelChecker.findings(for: try swiftModel(source))
    }

    /// A fresh folder holding `files` (relative path → text).
    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("synclint-\(UUID().uuidString)")
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder.path
    }
}
