import Foundation
import SyncReport

/// Checks a `JSONValue` against the part of JSON Schema (draft 2020-12)
/// that docs/report-schema.json uses: `$ref` into `$defs`, `oneOf`,
/// `type`, `const`, `enum`, `minimum`, `properties`, `required`,
/// `additionalProperties` and `items`. Stricter than a validator in two
/// ways, so the schema stays complete: an object key the schema does not
/// list fails even when `additionalProperties` is left out, and every key
/// emitted must have a `description`.
public struct SchemaWalker {
    public let root: [String: Any]

    public static let schemaURL = PackageRoot.url.appendingPathComponent("docs/report-schema.json")

    public static func load() throws -> SchemaWalker {
        let data = try Data(contentsOf: schemaURL)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw SchemaError.notAnObject }
        return SchemaWalker(root: root)
    }

    public enum SchemaError: Error { case notAnObject }

    /// The definition `name` under `$defs`.
    public func definition(_ name: String) -> [String: Any] {
        ((root["$defs"] as? [String: Any])?[name] as? [String: Any]) ?? [:]
    }

    /// Every way `value` departs from `node`, as `path: problem` lines;
    /// empty when it conforms.
    public func problems(_ value: JSONValue, against node: [String: Any], path: String = "$") -> [String] {
        let node = resolved(node)
        if let branches = node["oneOf"] as? [[String: Any]] {
            let outcomes = branches.map { problems(value, against: $0, path: path) }
            let passing = outcomes.filter(\.isEmpty).count
            if passing == 1 { return [] }
            if passing > 1 { return ["\(path): matches \(passing) branches of oneOf"] }
            return outcomes.min { $0.count < $1.count } ?? ["\(path): oneOf has no branches"]
        }
        var found: [String] = []
        if let types = node["type"].map(Self.typeNames), !types.contains(where: { Self.matches(value, type: $0) }) {
            return ["\(path): \(Self.describe(value)) where the schema allows \(types.joined(separator: " or "))"]
        }
        if let constant = node["const"], !Self.equal(value, constant) {
            found.append("\(path): \(Self.describe(value)) is not the constant \(constant)")
        }
        if let allowed = node["enum"] as? [Any], !allowed.contains(where: { Self.equal(value, $0) }) {
            found.append("\(path): \(Self.describe(value)) is not one of \(allowed)")
        }
        if let minimum = (node["minimum"] as? NSNumber)?.doubleValue, let number = Self.number(value), number < minimum {
            found.append("\(path): \(number) is below the minimum \(minimum)")
        }
        switch value {
        case .object(let members):
            let properties = node["properties"] as? [String: Any] ?? [:]
            let keys = members.map(\.key)
            for required in node["required"] as? [String] ?? [] where !keys.contains(required) {
                found.append("\(path): required key \(required) is missing")
            }
            for member in members {
                let memberPath = "\(path).\(member.key)"
                let child: [String: Any]
                if let property = properties[member.key] as? [String: Any] {
                    child = property
                } else if let additional = node["additionalProperties"] as? [String: Any] {
                    child = additional
                } else {
                    found.append("\(memberPath): a key the schema does not describe")
                    continue
                }
                if !hasDescription(child) { found.append("\(memberPath): described without a description") }
                found += problems(member.value, against: child, path: memberPath)
            }
        case .array(let items):
            guard let itemSchema = node["items"] as? [String: Any] else {
                if !items.isEmpty { found.append("\(path): an array whose items the schema does not describe") }
                break
            }
            for (index, item) in items.enumerated() {
                found += problems(item, against: itemSchema, path: "\(path)[\(index)]")
            }
        default:
            break
        }
        return found
    }

    /// Follows `$ref` (local `#/$defs/…` only) until a node without one.
    private func resolved(_ node: [String: Any]) -> [String: Any] {
        guard let reference = node["$ref"] as? String else { return node }
        let prefix = "#/$defs/"
        precondition(reference.hasPrefix(prefix), "only local references into $defs: \(reference)")
        return resolved(definition(String(reference.dropFirst(prefix.count))))
    }

    private func hasDescription(_ node: [String: Any]) -> Bool {
        if let text = node["description"] as? String, !text.isEmpty { return true }
        return node["$ref"] != nil && hasDescription(resolved(node))
    }

    private static func typeNames(_ type: Any) -> [String] {
        (type as? [String]) ?? [(type as? String) ?? "?"]
    }

    /// JSON Schema's types, read from how SyncSim wrote the value: `.int` is
    /// an integer; a formatted number is one when it has no fraction.
    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (value, type) {
        case (.null, "null"), (.bool, "boolean"), (.string, "string"), (.array, "array"), (.object, "object"): return true
        case (.int, "integer"), (.int, "number"), (.number, "number"): return true
        case (.number(let text), "integer"): return !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        default: return false
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .number(let text): return Double(text)
        default: return nil
        }
    }

    private static func equal(_ value: JSONValue, _ expected: Any) -> Bool {
        switch value {
        case .string(let text): return expected as? String == text
        case .bool(let flag): return expected as? Bool == flag
        case .int, .number: return number(value) == (expected as? NSNumber)?.doubleValue
        default: return false
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return String(flag)
        case .int(let number): return String(number)
        case .number(let text): return text
        case .string(let text): return "\"\(text)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
