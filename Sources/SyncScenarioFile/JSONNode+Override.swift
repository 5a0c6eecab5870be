import Foundation
import SyncModel
import SyncSimulation

/// Setting one value deep inside a scenario document: how a sweep varies
/// `network.drop` or `steps[1].import.count` before the file is read.
extension JSONNode {
    typealias PathPart = JSON5Value.PathPart

    /// `network.delay[0]` → key network, key delay, index 0; nil when malformed.
    static func parsePath(_ path: String) -> [PathPart]? {
        var parts: [PathPart] = []
        for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(segment)
            let name = rest.prefix { $0 != "[" }
            guard !name.isEmpty else { return nil }
            parts.append(.key(String(name)))
            rest = rest.dropFirst(name.count)
            while rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex) ..< close]), index >= 0 else { return nil }
                parts.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { return nil }
        }
        return parts.isEmpty ? nil : parts
    }

    /// `network.delay[0]`, as a ``Node`` names that place in errors (a
    /// long key shortened by ``Echo``).
    static func pathText(_ parts: some Collection<PathPart>) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .key(let key): text += (text.isEmpty ? "" : ".") + Echo.text(key)
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The places along `path` that this tree lacks, as ``pathText(_:)``
    /// names them: what ``setting(_:to:)`` would create. Empty when the
    /// whole path exists.
    func missingPlaces(along path: [PathPart]) -> [String] {
        var node: JSONNode? = self
        var missing: [String] = []
        for end in path.indices {
            switch (node, path[end]) {
            case (.object(let members)?, .key(let key)): node = members[key]
            case (.array(let items)?, .index(let index)) where index < items.count: node = items[index]
            default: node = nil
            }
            if case .none = node { missing.append(Self.pathText(path[...end])) }
        }
        return missing
    }

    /// A command-line value as the file would hold it: a whole number, a
    /// number, true or false, else a string (`"100ms"`).
    static func fromArgument(_ text: String) -> JSONNode {
        if let number = Int64(text) { return .int(number) }
        if let number = Seeds.parse(text), number > UInt64(Int64.max) { return .uint(number) }
        if let number = Double(text), number.isFinite { return .double(number) }
        if text == "true" || text == "false" { return .bool(text == "true") }
        return .string(text)
    }

    /// This tree with `value` at `path`; missing object keys are created,
    /// an index must exist. Nil when the path runs into something else.
    func setting(_ path: ArraySlice<PathPart>, to value: JSONNode) -> JSONNode? {
        guard let first = path.first else { return value }
        switch (self, first) {
        case (.object(var members), .key(let key)):
            guard let child = (members[key] ?? .object([:])).setting(path.dropFirst(), to: value) else { return nil }
            members[key] = child
            return .object(members)
        case (.array(var items), .index(let index)) where index < items.count:
            guard let child = items[index].setting(path.dropFirst(), to: value) else { return nil }
            items[index] = child
            return .array(items)
        default:
            return nil
        }
    }
}

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
        var tree: JSONNode
        do {
            tree = try JSONNode.parse(data)
        } catch {
            throw ScenarioFileError(file: file, path: error.path, message: error.message)
        }
        // Where each override wrote, as error paths name places: the
        // places it added, then its own.
        var written: [(place: String, argument: String)] = []
        for (path, value) in overrides {
            let argument = "--vary \(path)"
            guard let parts = JSONNode.parsePath(path) else {
                throw ScenarioFileError(file: file, path: path, message: "not a path such as network.drop or steps[1].import.count",
                                        argument: argument)
            }
            do throws(ScenarioFileError) {
                switch path {
                case "engine": tree = try tree.runningUnder(engine: value, file: file)
                case "preset": tree = try tree.runningAs(preset: value, file: file)
                default:
                    guard let changed = tree.setting(parts[...], to: JSONNode.fromArgument(value)) else {
                        throw ScenarioFileError(file: file, path: path, message: "the document has no such place to set")
                    }
                    written += (tree.missingPlaces(along: parts) + [JSONNode.pathText(parts)]).map { ($0, argument) }
                    tree = changed
                }
            } catch {
                throw ScenarioFileError(file: file, path: error.path, message: error.message, argument: argument)
            }
        }
        if let engine { tree = try tree.runningUnder(engine: engine, file: file) }
        if let preset { tree = try tree.runningAs(preset: preset, file: file) }
        var parser = ScenarioParser(root: Node(value: tree, path: "", file: file), seedOverride: seed)
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

extension JSONNode {
    /// The document under another engine: see ``ScenarioFile/parse(_:file:seed:overrides:engine:preset:)``.
    func runningUnder(engine: String, file: String) throws(ScenarioFileError) -> JSONNode {
        guard let entry = EngineCatalog.entry(named: engine), case .object(var members) = self else {
            throw ScenarioFileError(file: file, path: "engine", message: "cannot run under engine '\(Echo.text(engine))'; engines: \(EngineCatalog.allNames.joined(separator: ", "))"
                + Suggestion.didYouMean(engine, among: EngineCatalog.allNames))
        }
        members["engine"] = .string(engine)
        members["preset"] = nil
        for key in EngineCatalog.settingsKeys where key != entry.settingsKey { members[key] = nil }
        return .object(members)
    }

    /// The document as another stack: see ``ScenarioFile/parse(_:file:seed:overrides:engine:preset:)``.
    func runningAs(preset: String, file: String) throws(ScenarioFileError) -> JSONNode {
        guard PresetCatalog.preset(named: preset) != nil, case .object(var members) = self else {
            throw ScenarioFileError(file: file, path: "preset", message: "cannot run as preset '\(Echo.text(preset))'; presets: \(PresetCatalog.allNames.joined(separator: ", "))"
                + Suggestion.didYouMean(preset, among: PresetCatalog.allNames))
        }
        members["preset"] = .string(preset)
        for key in ["engine", "topology", "hubRunsAppCode"] + EngineCatalog.settingsKeys { members[key] = nil }
        return .object(members)
    }
}
