import Foundation
import Testing

/// Runs the built `simulate` executable in a separate process, the way a
/// user would, and captures what it prints.
enum SimulateProcess {
    struct Output: Sendable {
        var status: Int32
        var stdoutData: Data
        var stderrData: Data
        var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
        var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    }

    enum LocateError: Error, CustomStringConvertible {
        case notFound([String])
        var description: String {
            switch self {
            case .notFound(let places):
                "the simulate executable was not found in the build products directory; looked in: "
                    + places.joined(separator: ", ")
                    + " (build it with `swift build --product simulate`, or set SIMULATE_BINARY)"
            }
        }
    }

    /// Places the test runner may live in: `simulate` is built next to it.
    /// On Linux the test bundle is an executable in the products directory;
    /// on macOS it is an `.xctest` bundle there.
    static func candidateDirectories() -> [URL] {
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL {
            directories.append(executable.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first {
            let runner = URL(fileURLWithPath: first).resolvingSymlinksInPath()
            directories.append(runner.deletingLastPathComponent())
            // .../debug/X.xctest/Contents/MacOS/X on macOS
            directories.append(runner.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent())
        }
        return directories
    }

    static func locate() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["SIMULATE_BINARY"], !override.isEmpty {
            let url = URL(fileURLWithPath: override)
            guard FileManager.default.isExecutableFile(atPath: url.path) else { throw LocateError.notFound([override]) }
            return url
        }
        let directories = candidateDirectories()
        for directory in directories {
            let candidate = directory.appendingPathComponent("simulate")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        throw LocateError.notFound(directories.map(\.path))
    }

    /// Runs `simulate` with `arguments`, stdin from /dev/null, stdout and
    /// stderr captured to files (no pipe can fill up and stall the child),
    /// in this process's environment less the variables `unsetting` names,
    /// plus `environment`. `GITHUB_ACTIONS` is left out unless `environment`
    /// sets it: under GitHub Actions it would add `::error` lines to the
    /// output of every failing `check`, and tests state exact output.
    ///
    /// `simulate` and `simulate run` off a terminal write a progress line
    /// once a run has gone on for 10 s; tests state exact stderr, and a
    /// loaded machine can make any debug run with invariant checks pass
    /// 10 s, so they run with `--quiet` unless a test says `quiet: false`.
    ///
    /// `standardOutput` and `standardError`, when given, are the child's
    /// instead of the capture files (`/dev/full`, a closed pipe), and
    /// `stdoutData` or `stderrData` is empty.
    static func run(_ arguments: [String], unsetting: [String] = [], environment: [String: String] = [:],
                    quiet: Bool = true, standardOutput: FileHandle? = nil, standardError: FileHandle? = nil) async throws -> Output {
        let executable = try locate()
        var arguments = arguments
        let informational = ["--help", "-h", "--version", "help"]
        let runs = arguments.first.map { $0 == "run" || $0.hasPrefix("-") } ?? true
        if quiet && runs && !arguments.contains("--quiet") && !arguments.contains(where: informational.contains) {
            arguments.append("--quiet")
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("simulate-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdoutURL = scratch.appendingPathComponent("stdout")
        let stderrURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var childEnvironment = ProcessInfo.processInfo.environment
        // Every run the tests make checks the simulator's invariants, as
        // the library does in a debug build (the binary alone does not).
        childEnvironment["SIMULATE_CHECK_INVARIANTS"] = "1"
        for name in unsetting + ["GITHUB_ACTIONS"] { childEnvironment[name] = nil }
        childEnvironment.merge(environment) { _, given in given }
        process.environment = childEnvironment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = standardOutput ?? stdoutHandle
        process.standardError = standardError ?? stderrHandle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { process in
                continuation.resume(returning: process.terminationReason == .exit ? process.terminationStatus : -1000 - process.terminationStatus)
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try stdoutHandle.close()
        try stderrHandle.close()
        return Output(
            status: status,
            stdoutData: try Data(contentsOf: stdoutURL),
            stderrData: try Data(contentsOf: stderrURL))
    }

    /// Parses the whole of `text` as one JSON object.
    static func parseObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any], "stdout is not a JSON object", sourceLocation: sourceLocation)
    }

    /// The one report in `--format json` output, which is always
    /// `{ schemaVersion, tool, toolVersion, reports: [ … ] }`.
    static func parseReport(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let document = try parseObject(text, sourceLocation: sourceLocation)
        let reports = try #require(document["reports"] as? [[String: Any]], "stdout has no reports array", sourceLocation: sourceLocation)
        try #require(reports.count == 1, "stdout holds \(reports.count) reports, not one", sourceLocation: sourceLocation)
        return reports[0]
    }
}
