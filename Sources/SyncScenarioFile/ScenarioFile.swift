import Foundation
import SyncModel
import SyncSimulation

/// Reads scenario files: JSON5 (comments and trailing commas allowed),
/// extension `.json5`. The shape is documented in `Scenarios/README.md`.
/// Every problem is reported as one ``ScenarioFileError`` naming the file,
/// the path inside it and what was expected; nothing is silently ignored.
public enum ScenarioFile {
    /// The extension of scenario files, without its dot.
    public static let fileExtension = "json5"

    /// Reads and checks the file at `path`. `seed` overrides the file's own,
    /// `overrides` its settings by path (`--set cloudkit.conflict=fieldLWW`,
    /// named `--set` in errors), `engine` its sync engine, `preset` its
    /// stack, `strategies` its strategy list (see
    /// ``parse(_:file:seed:overrides:option:engine:preset:strategies:sizeCheck:)``,
    /// which also says how they combine and what `sizeCheck` does).
    public static func load(_ path: String, seed: UInt64? = nil, overrides: [(path: String, value: String)] = [],
                            engine: String? = nil, preset: String? = nil,
                            strategies: [String]? = nil, sizeCheck: ScenarioSizeCheck? = nil) throws(ScenarioFileError) -> ScenarioDocument {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw ScenarioFileError(file: path, path: "", message: reason)
        }
        return try parse(data, file: path, seed: seed, overrides: overrides, option: .set, engine: engine, preset: preset, strategies: strategies,
                         sizeCheck: sizeCheck)
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
    /// searched for `*.json5`: a folder's own files sorted by name, then
    /// each subfolder's (hidden ones skipped), subfolders sorted by name.
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
            let scenarios = scenarioFiles(in: path.hasSuffix("/") ? String(path.dropLast()) : path)
            guard !scenarios.isEmpty else {
                throw ScenarioFileError(file: path, path: "", message: "no .\(fileExtension) files in this folder")
            }
            files += scenarios
        }
        return files
    }

    /// `folder`'s scenario files, then its subfolders', each level sorted
    /// by name (byte order, the same on every platform).
    private static func scenarioFiles(in folder: String) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var files: [String] = []
        var folders: [String] = []
        for name in names {
            let path = "\(folder)/\(name)"
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                folders.append(path)
            } else if name.hasSuffix(".\(fileExtension)") {
                files.append(path)
            }
        }
        return files + folders.flatMap(scenarioFiles(in:))
    }
}
