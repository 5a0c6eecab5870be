import SyncReport

/// Reads JSON text, as a command printed it, into the ``JSONValue`` the
/// tool writes, so that ``SchemaWalker`` can check a binary's output: an
/// integer literal is `.int`, any other number `.number` with its text.
public enum JSONText {
    public struct Failure: Error, CustomStringConvertible {
        public let offset: Int
        public let message: String
        public var description: String { "JSON at byte \(offset): \(message)" }
    }

    public static func parse(_ text: String) throws -> JSONValue {
        var reader = Reader(bytes: Array(text.utf8))
        let value = try reader.value()
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw Failure(offset: reader.index, message: "text after the value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ literal: String) throws {
            for byte in literal.utf8 {
                guard index < bytes.count, bytes[index] == byte else { throw Failure(offset: index, message: "expected \(literal)") }
                index += 1
            }
        }

        mutating func value() throws -> JSONValue {
            skipSpace()
            guard index < bytes.count else { throw Failure(offset: index, message: "unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            default: return try number()
            }
        }

        mutating func object() throws -> JSONValue {
            index += 1
            var members: [JSONValue.Member] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(":")
                members.append(JSONValue.Member(key, try value()))
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect("}")
                return .object(members)
            }
        }

        mutating func array() throws -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                items.append(try value())
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect("]")
                return .array(items)
            }
        }

        mutating func string() throws -> String {
            try expect("\"")
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw = [] }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { flush(); return String(scalars) }
                guard byte == UInt8(ascii: "\\") else { raw.append(byte); continue }
                flush()
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index ..< index + 4], as: UTF8.self), radix: 16) else {
                        throw Failure(offset: index, message: "bad \\u escape")
                    }
                    index += 4
                    var value = code
                    if (0xD800 ... 0xDBFF).contains(code), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                       let low = UInt32(String(decoding: bytes[index + 2 ..< index + 6], as: UTF8.self), radix: 16) {
                        value = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                default: scalars.append(Unicode.Scalar(escape))
                }
            }
            throw Failure(offset: index, message: "unterminated string")
        }

        mutating func number() throws -> JSONValue {
            let start = index
            while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start ..< index], as: UTF8.self)
            guard !text.isEmpty else { throw Failure(offset: start, message: "unexpected character") }
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int64(text) { return .int(integer) }
            guard Double(text) != nil else { throw Failure(offset: start, message: "bad number \(text)") }
            return .number(text)
        }
    }
}
