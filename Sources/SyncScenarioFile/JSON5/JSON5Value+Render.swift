import SyncModel
import SyncSimulation

extension JSON5Value {
    /// The value as readable JSON5, as the files in `Scenarios/` are
    /// written: the top-level object one member per line; below it, a value
    /// that fits in `width` columns on one line stays on one line, a longer
    /// one opens and lists its items two spaces in. Keys that are
    /// identifiers go unquoted; multi-line containers end with a trailing
    /// comma. The same tree always gives the same text.
    public func rendered(width: Int = 150) -> String {
        var lines: [String] = []
        render(into: &lines, prefix: "", indent: "", suffix: "", width: width, forceOpen: true)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The value on one line: `{ at: "1s", heal: true }`, `[1, 2]`.
    public var inline: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let literal): return literal
        case .string(let text): return Self.quoted(text)
        case .array(let items): return items.isEmpty ? "[]" : "[" + items.map(\.inline).joined(separator: ", ") + "]"
        case .object(let members):
            return members.isEmpty ? "{}" : "{ " + members.map { "\(Self.key($0.key)): \($0.value.inline)" }.joined(separator: ", ") + " }"
        }
    }

    private func render(into lines: inout [String], prefix: String, indent: String, suffix: String, width: Int, forceOpen: Bool) {
        let oneLine = indent + prefix + inline + suffix
        let isEmptyOrScalar: Bool
        switch self {
        case .array(let items): isEmptyOrScalar = items.isEmpty
        case .object(let members): isEmptyOrScalar = members.isEmpty
        default: isEmptyOrScalar = true
        }
        if isEmptyOrScalar || (!forceOpen && oneLine.count <= width) {
            lines.append(oneLine)
            return
        }
        let inner = indent + "  "
        switch self {
        case .array(let items):
            lines.append(indent + prefix + "[")
            for item in items {
                item.render(into: &lines, prefix: "", indent: inner, suffix: ",", width: width, forceOpen: false)
            }
            lines.append(indent + "]" + suffix)
        case .object(let members):
            lines.append(indent + prefix + "{")
            for member in members {
                member.value.render(into: &lines, prefix: "\(Self.key(member.key)): ", indent: inner, suffix: ",", width: width, forceOpen: false)
            }
            lines.append(indent + "}" + suffix)
        default:
            preconditionFailure("scalars render on one line")
        }
    }

    /// A key as written: bare when it is an identifier, else quoted.
    static func key(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return "\"\"" }
        func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0" ... "9").contains(scalar))) || scalar == "_" || scalar == "$"
        }
        let bare = !("0" ... "9").contains(first) && scalars.allSatisfy(isIdentifierScalar)
            && !["true", "false", "null", "Infinity", "NaN"].contains(text)
        return bare ? text : quoted(text)
    }

    /// A double-quoted string with JSON escapes, valid in JSON and JSON5:
    /// also what the reports' JSON documents (`JSONValue`) and tools that
    /// write scenario text by hand (`simulate lint --write-schema`) use.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
