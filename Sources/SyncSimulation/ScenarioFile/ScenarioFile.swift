import Foundation
import SyncModel

/// Reads scenario files: JSON5 (comments and trailing commas allowed),
/// extension `.json5`. The shape is documented in `Scenarios/README.md`.
/// Every problem is reported as one ``ScenarioFileError`` naming the file,
/// the path inside it and what was expected; nothing is silently ignored.
public enum ScenarioFile {
    public static let fileExtension = "json5"

    /// Reads and checks the file at `path`. `seed` overrides the file's own,
    /// `engine` its sync engine, `preset` its stack (see
    /// ``parse(_:file:seed:overrides:engine:preset:)``).
    public static func load(_ path: String, seed: UInt64? = nil, engine: String? = nil,
                            preset: String? = nil) throws(ScenarioFileError) -> ScenarioDocument {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw ScenarioFileError(file: path, path: "", message: reason)
        }
        return try parse(data, file: path, seed: seed, overrides: [], engine: engine, preset: preset)
    }

    /// Checks the text of a scenario file; `file` names it in errors.
    public static func parse(_ data: Data, file: String, seed: UInt64? = nil) throws(ScenarioFileError) -> ScenarioDocument {
        try parse(data, file: file, seed: seed, overrides: [])
    }

    /// Microseconds in a duration as scenario files write it (`"80ms"`,
    /// `"1.5s"`, `"-2s"`); nil when the text is not one. For tools that
    /// read or edit a document's timeline before it is checked.
    public static func durationMicros(_ text: String) -> Int64? {
        Duration.micros(text)
    }

    /// A duration as scenario files write it, in the largest unit that
    /// keeps it whole: `2s`, `80ms`, `250us`.
    public static func durationText(_ micros: Int64) -> String {
        DurationText.text(micros)
    }

    /// The scenario files named by `paths`: files as given, folders
    /// searched (not recursively) for `*.json5`, sorted by name.
    public static func expand(_ paths: [String]) throws(ScenarioFileError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ScenarioFileError(file: path, path: "", message: "no such file or folder")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let scenarios = names.filter { $0.hasSuffix(".\(fileExtension)") }.sorted()
            guard !scenarios.isEmpty else {
                throw ScenarioFileError(file: path, path: "", message: "no .\(fileExtension) files in this folder")
            }
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            files += scenarios.map { "\(folder)/\($0)" }
        }
        return files
    }
}
