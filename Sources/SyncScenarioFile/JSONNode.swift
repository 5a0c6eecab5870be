import Foundation
import SyncModel
import SyncSimulation

/// A parsed JSON5 value, before any meaning is given to it. Reading into
/// this tree first (rather than straight into `Decodable` types) is what
/// lets every error name its path and every unknown key be caught.
indirect enum JSONNode: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    /// A whole-number literal above `Int64.max`, up to `UInt64.max`: what
    /// a seed may be (``Seeds``). Every other setting reads it as the
    /// `Double` it would otherwise be.
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([JSONNode])
    case object([String: JSONNode])

    /// How the value reads in an error message: `42`, `"fast"`, `an object`.
    var shortDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .int(let value): return String(value)
        case .uint(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return "\"\(Echo.text(value))\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// Why bytes are not a scenario document, before any key is read.
enum JSONNodeReadError: Error {
    case notUTF8(UTF8DecodingError)
    case syntax(JSON5ParseError)
    /// The path of the repeated key and the key.
    case duplicateKey(path: String, key: String)

    var message: String {
        switch self {
        case .notUTF8(let error): return error.description
        case .syntax(let error): return "not valid JSON5 at line \(error.line), column \(error.column): \(error.message)"
        case .duplicateKey(_, let key): return "key '\(Echo.text(key))' is given twice"
        }
    }

    var path: String {
        guard case .duplicateKey(let path, _) = self else { return "" }
        return path
    }
}

extension JSONNode {
    /// Reads JSON5 text (comments, trailing commas, unquoted keys) with
    /// the project's own parser, ``JSON5Value/parse(_:)``: the bytes are
    /// checked as UTF-8 first, every syntax error has a line and column,
    /// and nothing in the input can trap. (Foundation's `JSONDecoder`,
    /// used before, trapped on invalid UTF-8 and gave no position.)
    static func parse(_ data: Data) throws(JSONNodeReadError) -> JSONNode {
        let text: String
        do {
            text = try UTF8Text.decode(data)
        } catch {
            throw .notUTF8(error)
        }
        let value: JSON5Value
        do {
            value = try JSON5Value.parse(text)
        } catch {
            throw .syntax(error)
        }
        if let repeated = value.firstRepeatedKey() { throw .duplicateKey(path: repeated.path, key: repeated.key) }
        return JSONNode(value)
    }

    /// The tree of `value`, whose keys ``JSON5Value/firstRepeatedKey()``
    /// has checked to differ; numbers read as ``JSON5Number`` reads them.
    init(_ value: JSON5Value) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .string(text)
        case .number(let literal):
            switch JSON5Number(literal: literal) {
            case .int(let whole): self = .int(whole)
            case .uint(let whole): self = .uint(whole)
            case .double(let fraction): self = .double(fraction)
            }
        case .array(let items): self = .array(items.map(JSONNode.init))
        case .object(let members):
            var nodes: [String: JSONNode] = [:]
            for member in members { nodes[member.key] = JSONNode(member.value) }
            self = .object(nodes)
        }
    }
}
