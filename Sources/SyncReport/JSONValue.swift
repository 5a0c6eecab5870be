import SyncScenarioFile
import SyncSimulation

/// A JSON document built by hand, so key order and number formatting are
/// fixed by this code, never by a dictionary's hash order or a formatter.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    /// A number already formatted (for fixed-point decimals).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Keys in the order given.
    case object([Member])

    /// A key and its value; an object keeps its members in the order written.
    public struct Member: Hashable, Sendable {
        /// The member's name.
        public let key: String
        /// Its value.
        public let value: JSONValue
        /// The member `key: value`.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An integer from an `Int`.
    public static func int(_ value: Int) -> JSONValue { .int(Int64(value)) }

    /// Two-space indented text with a trailing newline.
    public func rendered() -> String {
        var output = ""
        write(to: &output, indent: 0)
        output += "\n"
        return output
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .number(let text): output += text
        case .string(let text): output += JSON5Value.quoted(text)
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                item.write(to: &output, indent: indent + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                output += JSON5Value.quoted(member.key)
                output += ": "
                member.value.write(to: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        }
    }
}

extension JSONValue.Member {
    /// `"variant": "importFirst"` for a run of a preset's variant; nothing
    /// for a scenario without variants, whose documents stay as they were.
    package static func variant(_ name: String?) -> [JSONValue.Member] {
        name.map { [JSONValue.Member("variant", .string($0))] } ?? []
    }
}

extension JSONValue {
    /// What every `--format json` output of the tool is: `schemaVersion`,
    /// `tool`, `toolVersion` and `command` (the command word a user types:
    /// `run`, `check`, `sweep`, …), then the command's own members.
    public static func document(command: String, _ payload: [Member]) -> JSONValue {
        .object([
            .init("schemaVersion", .int(Int64(Report.schemaVersion))),
            .init("tool", .string("SyncSim")),
            .init("toolVersion", .string(ToolVersion.current)),
            .init("command", .string(command)),
        ] + payload)
    }
}

extension JSONValue.Member {
    /// An expectation's bound as members: `equals`, or `min` and/or
    /// `max`, each as the file wrote it. What run's, check's and explore's
    /// JSON give for a metric expectation.
    public static func bound(_ bound: Expectation.Bound) -> [JSONValue.Member] {
        switch bound {
        case .equals(let value):
            return [.init("equals", .number(ExpectationText.number(value)))]
        case .range(let min, let max):
            return (min.map { [.init("min", .number(ExpectationText.number($0)))] } ?? [])
                + (max.map { [.init("max", .number(ExpectationText.number($0)))] } ?? [])
        }
    }
}
