import Foundation

/// A scenario file's `advise` block: the workload `simulate advise FILE`
/// assumes when its options do not say (`simulate run` ignores the block).
///
/// Each setting is kept in the words its option takes (`drop: [0, 0.1]`
/// becomes `0,0.1`), so the block and the command line are checked by one
/// parser each, and a value given on the command line wins.
public struct ScenarioAdviceBlock: Sendable, Equatable {
    /// `devices: 3`.
    public var devices: Int?
    /// `habits: ["import", "offline-edits"]`, as `--habits` takes them.
    public var habits: String?
    /// `offline: "30s"`.
    public var offline: String?
    /// `drop: 0.1` or `drop: [0, 0.1]`, as `--drop` takes them.
    public var drop: String?
    /// `seeds: "1..20"` or `seeds: [1, 2, 3]`, as `--seeds` takes them.
    public var seeds: String?
    /// `rank: ["lostWrites", "duplicatesPeak"]`, as `--rank` takes them.
    public var rank: String?
    /// `presets: ["cksyncengine"]`, as `--presets` takes them.
    public var presets: String?

    /// The members a block may have, in the order the docs list them.
    public static let keys = ["devices", "habits", "offline", "drop", "seeds", "rank", "presets"]

    /// An empty block: every setting from the command line or its default.
    public init() {}

    /// The `advise` block of the scenario file whose document is `root`
    /// (named `file` in errors); an empty block when the file has none. A
    /// member of the wrong kind, or one the block does not know, is an
    /// error at its path.
    static func read(root: JSON5Value, file: String) throws(ScenarioFileError) -> ScenarioAdviceBlock {
        guard let block = root["advise"] else { return ScenarioAdviceBlock() }
        guard case .object(let members) = block else {
            throw ScenarioFileError(file: file, path: "advise", message: "expected an object with \(keys.joined(separator: ", "))")
        }
        var result = ScenarioAdviceBlock()
        for member in members {
            let path = "advise.\(member.key)"
            func fail(_ expected: String) -> ScenarioFileError {
                ScenarioFileError(file: file, path: path, message: "expected \(expected)")
            }
            switch member.key {
            case "devices":
                guard let count = member.value.intValue, let devices = Int(exactly: count) else { throw fail("a whole number of devices") }
                result.devices = devices
            case "offline":
                guard let text = member.value.stringValue else { throw fail("a duration such as \"30s\"") }
                result.offline = text
            case "habits", "rank", "presets":
                guard let list = Self.words(member.value) else { throw fail("a list of names, such as [\"a\", \"b\"], or one name") }
                switch member.key {
                case "habits": result.habits = list
                case "rank": result.rank = list
                default: result.presets = list
                }
            case "drop":
                guard let list = Self.numbers(member.value) else { throw fail("a drop probability, or a list of them such as [0, 0.1]") }
                result.drop = list
            case "seeds":
                if let range = member.value.stringValue {
                    result.seeds = range
                } else if let list = Self.numbers(member.value) {
                    result.seeds = list
                } else {
                    throw fail("a range such as \"1..20\" or a list of seeds")
                }
            default:
                throw ScenarioFileError(file: file, path: path, message: "unknown key '\(Echo.text(member.key))'; an advise block takes "
                    + keys.joined(separator: ", "))
            }
        }
        return result
    }

    /// The file's `schema` member as lines of a top-level member (two
    /// spaces in, a trailing comma), for advise to write into each habit's
    /// scenario as the file gives it; nil when the file has no schema.
    static func schemaMemberLines(root: JSON5Value) -> [String]? {
        guard let schema = root["schema"] else { return nil }
        // The member rendered as a document's only member, without the document's braces.
        let lines = JSON5Value.object([.init("schema", schema)]).rendered().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Array(lines.dropFirst().prefix { $0 != "}" })
    }

    /// `["a", "b"]` or `"a"` as `a,b`.
    private static func words(_ value: JSON5Value) -> String? {
        if let word = value.stringValue { return word }
        guard let items = value.arrayItems else { return nil }
        let words = items.compactMap(\.stringValue)
        return words.count == items.count && !words.isEmpty ? words.joined(separator: ",") : nil
    }

    /// `[0, 0.1]` or `0.1` as `0,0.1`, each number as written.
    private static func numbers(_ value: JSON5Value) -> String? {
        if case .number(let text) = value { return text }
        guard let items = value.arrayItems, !items.isEmpty else { return nil }
        var texts: [String] = []
        for item in items {
            guard case .number(let text) = item else { return nil }
            texts.append(text)
        }
        return texts.joined(separator: ",")
    }
}
