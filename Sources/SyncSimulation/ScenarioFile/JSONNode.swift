import Foundation

/// A parsed JSON5 value, before any meaning is given to it. Decoding into
/// this tree first (rather than straight into `Decodable` types) is what lets
/// every error name its path and every unknown key be caught.
indirect enum JSONNode: Decodable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONNode])
    case object([String: JSONNode])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null; return }
        if let value = try? container.decode(Bool.self) { self = .bool(value); return }
        if let value = try? container.decode(Int64.self) { self = .int(value); return }
        if let value = try? container.decode(Double.self) { self = .double(value); return }
        if let value = try? container.decode(String.self) { self = .string(value); return }
        if let value = try? container.decode([JSONNode].self) { self = .array(value); return }
        self = .object(try container.decode([String: JSONNode].self))
    }

    /// Parses JSON5 text (comments, trailing commas, unquoted keys).
    static func parse(_ data: Data) throws -> JSONNode {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        return try decoder.decode(JSONNode.self, from: data)
    }

    /// How the value reads in an error message: `42`, `"fast"`, `an object`.
    var shortDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
