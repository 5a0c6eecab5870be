/// The byte-level check that comes before any XML is read: the file must
/// be UTF-8 (the encoding Xcode writes a model in) and hold only
/// characters XML 1.0 allows (§2.2: tab, line feed, carriage return, and
/// U+0020 up, less the surrogates, U+FFFE and U+FFFF).
enum ModelXMLBytes {
    /// The first byte that breaks either rule: its 1-based line and why.
    static func firstInvalid(_ bytes: [UInt8]) -> (line: Int, message: String)? {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0x0A {
                    line += 1
                    lineStart = index + 1
                } else if byte < 0x20, byte != 0x09, byte != 0x0D {
                    return (line, "the control character U+\(hex(UInt32(byte), width: 4)) (column \(index - lineStart + 1)) is not allowed in XML")
                }
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                return (line, "not UTF-8: byte 0x\(hex(UInt32(byte), width: 2)) (column \(index - lineStart + 1)) does not begin or continue "
                    + "a UTF-8 character; Xcode writes model files in UTF-8")
            }
            let scalar = decode(bytes, at: index, length: length)
            guard isXMLCharacter(scalar) else {
                return (line, "the character U+\(hex(scalar, width: 4)) (column \(index - lineStart + 1)) is not allowed in XML")
            }
            index += length
        }
        return nil
    }

    /// XML 1.0 §2.2's `Char`.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or 0
    /// (Unicode 15, table 3-7: no overlong forms, no surrogates, nothing
    /// past U+10FFFF).
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let (length, secondRange): (Int, ClosedRange<UInt8>) = switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0...0)
        }
        guard length > 0, index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }

    private static func decode(_ bytes: [UInt8], at index: Int, length: Int) -> UInt32 {
        var value = UInt32(bytes[index]) & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return value
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
