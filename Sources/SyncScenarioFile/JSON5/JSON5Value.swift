import SyncModel
import SyncSimulation

/// A scenario document as written: a JSON5 tree whose objects keep their
/// keys in the file's order, and whose numbers keep their literal text.
///
/// The one JSON5 tree of the project: ``ScenarioFile`` reads every
/// scenario from it (numbers as ``JSON5Number`` reads them), `--vary` edits
/// it before that, and explore and shrink edit it too, render it for a
/// person to read (the file's key order kept), and hand the text back to
/// ``ScenarioFile``, the authority on what a file means.
public indirect enum JSON5Value: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number's literal text (`42`, `0.5`, `1e3`), so that rendering
    /// never changes a value the author wrote.
    case number(String)
    case string(String)
    case array([JSON5Value])
    /// Members in the document's order.
    case object([Member])

    /// One member of an object: its key and value.
    public struct Member: Hashable, Sendable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSON5Value

        /// The member `key` with `value`.
        public init(_ key: String, _ value: JSON5Value) {
            self.key = key
            self.value = value
        }
    }

    /// A whole number.
    public static func int(_ value: Int64) -> JSON5Value { .number(String(value)) }

    /// The value of member `key`, nil when absent or not an object.
    public subscript(key: String) -> JSON5Value? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// This object with member `key` set to `value`: replaced where it
    /// stands, or else inserted after the member `after` names (the first
    /// present), or else appended. Removed when `value` is nil.
    public func setting(_ key: String, to value: JSON5Value?, after: [String] = []) -> JSON5Value {
        guard case .object(var members) = self else { preconditionFailure("setting '\(key)' on a value that is not an object") }
        if let index = members.firstIndex(where: { $0.key == key }) {
            if let value { members[index].value = value } else { members.remove(at: index) }
            return .object(members)
        }
        guard let value else { return self }
        let anchor = after.lazy.compactMap { name in members.firstIndex { $0.key == name } }.first
        members.insert(Member(key, value), at: anchor.map { $0 + 1 } ?? members.count)
        return .object(members)
    }

    /// The items of an array; nil for anything else.
    public var arrayItems: [JSON5Value]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    /// The text of a string; nil for anything else.
    public var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The whole number the literal spells (decimal, or hexadecimal with
    /// `0x`), nil for anything else.
    public var intValue: Int64? {
        guard case .number(var text) = self else { return nil }
        let negative = text.hasPrefix("-")
        if negative || text.hasPrefix("+") { text.removeFirst() }
        let magnitude: Int64?
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            magnitude = Int64(text.dropFirst(2), radix: 16)
        } else {
            magnitude = Int64(text)
        }
        return magnitude.map { negative ? -$0 : $0 }
    }
}
