import Foundation
import SyncModel
import SyncSimulation

extension ScenarioFile {
    /// Reads a scenario, with settings overridden by path as a sweep point
    /// does: `[("network.drop", "0.2"), ("replicas", "10")]`. A path that
    /// does not fit the document is an error naming it; a value the file
    /// would refuse is refused as the file's own would be. An error in what
    /// an override wrote (its value, or a key it added that the file does
    /// not allow: a typo in the path) blames the command line, `--vary PATH`
    /// (`option` names the option: `--set` for `check` and `run`), with the
    /// keys allowed there; an error elsewhere names the file.
    ///
    /// `engine` runs the scenario under another sync engine (`--engine`),
    /// `preset` as another stack (`--preset`): the scenario read is moved
    /// there (``ScenarioDocument/runningUnder(engine:)``,
    /// ``ScenarioDocument/runningAs(preset:)``), not read again. An override
    /// of the path `engine` or `preset` (a sweep's `--vary engine=…`) does
    /// the same, in its order among those changes; every other override is
    /// written into the document first. `engine` and `preset` come before
    /// every override, as a sweep's `--vary preset=…` given first does: what
    /// the overrides write stays on the new stack (`--preset sqlitedata
    /// --set cloudkit.conflict=fieldLWW` runs sqlitedata with fieldLWW).
    ///
    /// `strategies` (`--strategies`) replaces the file's list before the
    /// stack's refusals are checked: a preset refuses only what will run.
    /// `sizeCheck` holds the file to a work estimate before any pass over
    /// its imports and keys (``ScenarioSizeCheck``): what a command passes,
    /// so that a file too large is refused at once, not after expanding it.
    public static func parse(_ data: Data, file: String, seed: UInt64?, overrides: [(path: String, value: String)],
                             option: OverrideOption = .vary, engine: String? = nil, preset: String? = nil, strategies: [String]? = nil,
                             sizeCheck: ScenarioSizeCheck? = nil) throws(ScenarioFileError) -> ScenarioDocument {
        var tree: JSON5Value
        do {
            tree = try JSON5Value.document(data)
        } catch {
            throw ScenarioFileError(file: file, path: error.path, message: error.message, line: error.line)
        }
        // Where each override wrote, as error paths name places: the
        // places it added, then its own.
        var written: [(place: String, argument: String)] = []
        var stackChanges: [(path: String, value: String, argument: String?, kept: [String])] = []
        // The command line's stack first: every override is after it.
        let overridden = overrides.compactMap { JSON5Value.parsePath($0.path).map(JSON5Value.pathText) }
        if let engine { stackChanges.append(("engine", engine, nil, overridden)) }
        if let preset { stackChanges.append(("preset", preset, nil, overridden)) }
        for (index, (path, value)) in overrides.enumerated() {
            let argument = "\(option.name) \(path)"
            guard let parts = JSON5Value.parsePath(path) else {
                throw ScenarioFileError(file: file, path: path, message: "not a path such as network.drop or steps[1].import.count",
                                        argument: argument, argumentNamesFile: option.errorNamesFile)
            }
            if path == "engine" || path == "preset" {
                // What later overrides write stays, as in a document edited in this order.
                let later = overrides[(index + 1)...].compactMap { JSON5Value.parsePath($0.path).map(JSON5Value.pathText) }
                stackChanges.append((path, value, argument, later))
                continue
            }
            guard let changed = tree.setting(at: parts[...], to: ArgumentValue(value).value) else {
                throw ScenarioFileError(file: file, path: path, message: "the document has no such place to set", argument: argument,
                                        argumentNamesFile: option.errorNamesFile)
            }
            written += (tree.missingPlaces(along: parts) + [JSON5Value.pathText(parts)]).map { ($0, argument) }
            tree = changed
        }
        let root = Node(value: tree, path: "", file: file)
        var parser = ScenarioParser(root: root, seedOverride: seed, checkingSettings: stackChanges.isEmpty)
        parser.commandLineStrategies = strategies
        parser.sizeCheck = sizeCheck
        do throws(ScenarioFileError) {
            var document = try parser.parse()
            for change in stackChanges {
                // A name no engine or preset has is the command line's.
                if let unknown = ScenarioDocument.unknownStack(path: change.path, name: change.value, file: file) {
                    throw ScenarioFileError(file: file, path: unknown.path, message: unknown.message, argument: change.argument,
                                            argumentNamesFile: change.argument != nil && option.errorNamesFile)
                }
                document = change.path == "engine" ? try document.runningUnder(engine: change.value, keeping: change.kept)
                                                    : try document.runningAs(preset: change.value, keeping: change.kept)
            }
            return document
        } catch {
            guard let blamed = written.first(where: { $0.place == error.path }) else { throw error }
            throw ScenarioFileError(file: file, path: error.path, message: error.message, argument: blamed.argument,
                                    argumentNamesFile: option.errorNamesFile)
        }
    }
}
