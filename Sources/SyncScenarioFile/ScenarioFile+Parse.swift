import Foundation
import SyncModel
import SyncSimulation

extension ScenarioFile {
    /// Reads a scenario, with settings overridden by path as a sweep point
    /// does: `[("network.drop", "0.2"), ("replicas", "10")]`. A path that
    /// does not fit the document is an error naming it; a value the file
    /// would refuse is refused as the file's own would be. An error in what
    /// an override wrote (its value, or a key it added that the file does
    /// not allow: a typo in the path) blames the command line, `--vary PATH`,
    /// with the keys allowed there; an error elsewhere names the file.
    ///
    /// `engine` runs the scenario under another sync engine (`--engine`):
    /// the document's `engine` is set to it, its `preset` and the settings
    /// of every other engine are left out; its own settings for that engine
    /// stay. `preset` runs it as another stack (`--preset`): the document's
    /// `preset` is set to it, and its `engine`, `topology` and every engine
    /// setting are left out, so the stack is the preset's alone. An override
    /// of the path `engine` or `preset` (a sweep's `--vary engine=…`) does
    /// the same.
    public static func parse(_ data: Data, file: String, seed: UInt64?, overrides: [(path: String, value: String)],
                             engine: String? = nil, preset: String? = nil) throws(ScenarioFileError) -> ScenarioDocument {
        var tree: JSON5Value
        do {
            tree = try JSON5Value.document(data)
        } catch {
            throw ScenarioFileError(file: file, path: error.path, message: error.message)
        }
        // Where each override wrote, as error paths name places: the
        // places it added, then its own.
        var written: [(place: String, argument: String)] = []
        for (path, value) in overrides {
            let argument = "--vary \(path)"
            guard let parts = JSON5Value.parsePath(path) else {
                throw ScenarioFileError(file: file, path: path, message: "not a path such as network.drop or steps[1].import.count",
                                        argument: argument)
            }
            do throws(ScenarioFileError) {
                switch path {
                case "engine": tree = try tree.runningUnder(engine: value, file: file)
                case "preset": tree = try tree.runningAs(preset: value, file: file)
                default:
                    let argumentValue = ArgumentValue(value)
                    guard let changed = tree.setting(at: parts[...], to: argumentValue.value) else {
                        throw ScenarioFileError(file: file, path: path, message: "the document has no such place to set")
                    }
                    let place = JSON5Value.pathText(parts)
                    written += (tree.missingPlaces(along: parts) + [place]).map { ($0, argument) }
                    tree = changed
                }
            } catch {
                throw ScenarioFileError(file: file, path: error.path, message: error.message, argument: argument)
            }
        }
        if let engine { tree = try tree.runningUnder(engine: engine, file: file) }
        if let preset { tree = try tree.runningAs(preset: preset, file: file) }
        let root = Node(value: tree, path: "", file: file)
        var parser = ScenarioParser(root: root, seedOverride: seed)
        let document: ScenarioDocument
        do throws(ScenarioFileError) {
            document = try parser.parse()
        } catch {
            guard let blamed = written.first(where: { $0.place == error.path }) else { throw error }
            throw ScenarioFileError(file: file, path: error.path, message: error.message, argument: blamed.argument)
        }
        return document
    }
}
