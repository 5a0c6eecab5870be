import SyncModel
import SyncSimulation

/// Setting one value deep inside a scenario document: how a sweep varies
/// `network.drop` or `steps[1].import.count` before the file is read.
extension JSON5Value {
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
    /// names them: what ``setting(at:to:)`` would create. Empty when the
    /// whole path exists.
    func missingPlaces(along path: [PathPart]) -> [String] {
        var node: JSON5Value? = self
        var missing: [String] = []
        for end in path.indices {
            switch (node, path[end]) {
            case (.object?, .key(let key)): node = node?[key]
            case (.array(let items)?, .index(let index)) where index < items.count: node = items[index]
            default: node = nil
            }
            if case .none = node { missing.append(Self.pathText(path[...end])) }
        }
        return missing
    }

    /// This tree with `value` at `path`; missing object keys are created
    /// (after the object's members: no reader depends on their order), an
    /// index must exist. Nil when the path runs into something else.
    func setting(at path: ArraySlice<PathPart>, to value: JSON5Value) -> JSON5Value? {
        guard let first = path.first else { return value }
        switch (self, first) {
        case (.object, .key(let key)):
            guard let child = (self[key] ?? .object([])).setting(at: path.dropFirst(), to: value) else { return nil }
            return setting(key, to: child)
        case (.array(var items), .index(let index)) where index < items.count:
            guard let child = items[index].setting(at: path.dropFirst(), to: value) else { return nil }
            items[index] = child
            return .array(items)
        default:
            return nil
        }
    }
}

/// A command-line value (`--vary PATH=VALUE`) as the file would hold it: a
/// whole number, a number, true or false, else a string (`"100ms"`). A
/// number reads as the same literal in a file would (``JSON5Number``):
/// `replicas=3.0` is 3, as `replicas: 3.0` is.
struct ArgumentValue {
    /// The value as the tree holds it: `.number("0.2")`, `.bool(true)`,
    /// `.string("100ms")`.
    let value: JSON5Value

    /// The value `text` on the command line reads as.
    init(_ text: String) {
        if let number = Int64(text) {
            value = .number(String(number))
        } else if let number = Seeds.parse(text), number > UInt64(Int64.max) {
            value = .number(String(number))
        } else if let number = Double(text), number.isFinite {
            // `String(number)` reads back as exactly `number`.
            value = .number(String(number))
        } else if text == "true" || text == "false" {
            value = .bool(text == "true")
        } else {
            value = .string(text)
        }
    }
}

extension ScenarioFile {
    /// The value an override's text (`--vary network.drop=0.1`) writes into
    /// a document: `.number("0.1")`, `.bool(true)`, `.string("100ms")`.
    public static func overrideValue(_ text: String) -> JSON5Value {
        ArgumentValue(text).value
    }
}
