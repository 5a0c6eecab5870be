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
        return try JSONNode(value, path: "")
    }

    /// The tree of `value`. An object may not name a key twice (a decoder
    /// would silently keep one of the values; a scenario must not).
    /// Numbers are read as `JSONDecoder` read them, so no document changes
    /// meaning: a literal whose value is a whole number that fits `Int64`
    /// (`3`, `1.0`, `1e3`, `0x10`) is `.int`, a whole-number literal above
    /// that up to `UInt64.max` (`18446744073709551615`, `0xFFFFFFFFFFFFFFFF`)
    /// is `.uint`, which keeps every digit of a seed and reads as the same
    /// `Double` anywhere else, and any other `.double`.
    init(_ value: JSON5Value, path: String) throws(JSONNodeReadError) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .string(text)
        case .number(let literal): self = Self.number(literal)
        case .array(let items):
            var nodes: [JSONNode] = []
            nodes.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { nodes.append(try JSONNode(item, path: "\(path)[\(index)]")) }
            self = .array(nodes)
        case .object(let members):
            var nodes: [String: JSONNode] = [:]
            for member in members {
                let childPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                guard nodes[member.key] == nil else { throw .duplicateKey(path: childPath, key: member.key) }
                nodes[member.key] = try JSONNode(member.value, path: childPath)
            }
            self = .object(nodes)
        }
    }

    /// A literal ``JSON5Value/parse(_:)`` has checked to be a number.
    static func number(_ literal: String) -> JSONNode {
        let negative = literal.hasPrefix("-")
        let unsigned = literal.drop { $0 == "-" || $0 == "+" }
        if unsigned.hasPrefix("0x") || unsigned.hasPrefix("0X") {
            let parsed = UInt64(unsigned.dropFirst(2), radix: 16)
            let magnitude = parsed ?? UInt64.max
            if magnitude <= UInt64(Int64.max) { return .int(negative ? -Int64(magnitude) : Int64(magnitude)) }
            if negative && magnitude == UInt64(Int64.max) + 1 { return .int(.min) }
            if !negative, let parsed { return .uint(parsed) }
            return .double(negative ? -Double(magnitude) : Double(magnitude))
        }
        if let whole = Int64(literal) { return .int(whole) }
        if !negative, let whole = UInt64(unsigned, radix: 10) { return .uint(whole) }
        let value: Double
        switch unsigned {
        case "Infinity": value = .infinity
        case "NaN": value = .nan
        default: value = Double(unsigned) ?? .nan
        }
        let signed = negative ? -value : value
        if signed.isFinite && signed == signed.rounded(.towardZero) && abs(signed) < 0x1p63 { return .int(Int64(signed)) }
        return .double(signed)
    }
}
