import SyncModel
import SyncSimulation

/// Bytes that are not UTF-8, and where: the offset of the first bad byte
/// (from 0) and its 1-based line and column, counted in characters as an
/// editor counts them up to that byte.
public struct UTF8DecodingError: Error, Sendable, CustomStringConvertible {
    /// The offset of the first bad byte, from 0.
    public let byteOffset: Int
    /// The bad byte's line, from 1.
    public let line: Int
    /// The bad byte's column, from 1, in characters.
    public let column: Int
    /// The bad byte, `0xFF`.
    public let byte: UInt8

    /// Where the bad byte is and what it is, for a person.
    public var description: String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "not valid UTF-8 at line \(line), column \(column) (byte \(byteOffset), 0x\(hex.count == 1 ? "0" + hex : hex))"
    }
}

/// Text from bytes that must be UTF-8, checked before anything reads it.
///
/// Foundation's JSON decoder traps on some invalid sequences instead of
/// throwing (an `0xFF` inside an unquoted key stops the process in
/// `BufferView._decodeScalar`), and `String(decoding:as:)` would quietly
/// put U+FFFD in their place. A hand-written file with a stray byte must
/// get an error that says where the byte is.
public enum UTF8Text {
    /// The text `bytes` spell; throws, naming the first bad byte, when they are not UTF-8.
    public static func decode(_ bytes: some Collection<UInt8>) throws(UTF8DecodingError) -> String {
        let array = Array(bytes)
        if let offset = firstInvalidOffset(array) {
            let (line, column) = position(of: offset, in: array)
            throw UTF8DecodingError(byteOffset: offset, line: line, column: column, byte: array[offset])
        }
        return String(decoding: array, as: UTF8.self)
    }

    /// The offset of the first byte of the first ill-formed sequence (Unicode 15, table 3-7: no overlong forms, no
    /// surrogates, nothing above U+10FFFF), nil when all are well formed.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            // The allowed range of the second byte, and how many follow it.
            let second: ClosedRange<UInt8>
            let trailing: Int
            switch lead {
            case 0xC2 ... 0xDF: (second, trailing) = (0x80 ... 0xBF, 0)
            case 0xE0: (second, trailing) = (0xA0 ... 0xBF, 1)
            case 0xE1 ... 0xEC, 0xEE ... 0xEF: (second, trailing) = (0x80 ... 0xBF, 1)
            case 0xED: (second, trailing) = (0x80 ... 0x9F, 1)
            case 0xF0: (second, trailing) = (0x90 ... 0xBF, 2)
            case 0xF1 ... 0xF3: (second, trailing) = (0x80 ... 0xBF, 2)
            case 0xF4: (second, trailing) = (0x80 ... 0x8F, 2)
            default: return index
            }
            // A sequence cut short or broken is reported at its first byte.
            guard index + 1 < bytes.count, second.contains(bytes[index + 1]) else { return index }
            for offset in index + 2 ..< index + 2 + trailing {
                guard offset < bytes.count, (0x80 ... 0xBF).contains(bytes[offset]) else { return index }
            }
            index += 2 + trailing
        }
        return nil
    }

    /// Line and column of `offset`: the valid text before it, read as
    /// characters, with `\n` ending a line.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = 1 + bytes[..<offset].count { $0 == UInt8(ascii: "\n") }
        let column = 1 + String(decoding: bytes[lineStart ..< offset], as: UTF8.self).count
        return (line, column)
    }
}
