import Foundation
import PackagePlugin

/// `swift package lint-cloudkit [--target NAME …] [--format text|json|sarif]
/// [--assume-cloudkit] [--schema-version V] [PATH …]`: runs `simulate lint`
/// once, on the given paths or else on the source folder of each Swift
/// target (tests left out), from the package's root so that findings, JSON
/// and SARIF name files by their path in the repository. Its output is
/// lint's; the command fails when lint exits non-zero.
@main
struct LintCloudKit: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var forwarded: [String] = []
        if let format = extractor.extractOption(named: "format").last { forwarded += ["--format", format] }
        if extractor.extractFlag(named: "assume-cloudkit") > 0 { forwarded.append("--assume-cloudkit") }
        if let version = extractor.extractOption(named: "schema-version").last { forwarded += ["--schema-version", version] }
        let root = context.package.directoryURL
        var paths = extractor.remainingArguments
        if paths.isEmpty {
            let targets = try targetNames.isEmpty
                ? context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }.filter { $0.kind == .generic || $0.kind == .executable }
                : context.package.targets(named: targetNames).compactMap { $0 as? SwiftSourceModuleTarget }
            paths = targets.map { relative($0.directoryURL, to: root) }
        }
        guard !paths.isEmpty else {
            throw LintCloudKitError(message: "no Swift target to lint; give a target (--target NAME) or a path")
        }

        let process = Process()
        process.executableURL = try context.tool(named: "simulate").url
        process.arguments = ["lint"] + paths + forwarded
        process.currentDirectoryURL = root
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw LintCloudKitError(message: "simulate lint exited with status \(process.terminationStatus)"
                + (process.terminationStatus == 1 ? ": a model would fail to load with CloudKit" : ""))
        }
    }

    /// `folder`'s path under `root` (`Sources/MyApp`), or its whole path
    /// when it lies elsewhere.
    func relative(_ folder: URL, to root: URL) -> String {
        let base = root.standardizedFileURL.path
        let path = folder.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}

struct LintCloudKitError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
