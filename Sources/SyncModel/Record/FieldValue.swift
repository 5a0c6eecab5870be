/// The value of one field. Unset is `nil` at the use site, never a case here,
/// so "unset" and "empty string" stay different things.
public enum FieldValue: Hashable, Comparable, Sendable, CustomStringConvertible {
    case string(String)
    case int(Int64)

    /// The value as a user sees it: the text itself or the decimal number.
    public var description: String {
        switch self {
        case .string(let text): return text
        case .int(let number): return String(number)
        }
    }

    /// Strings are equal when their UTF-8 bytes are: "café" written with
    /// one code point or two is two values, as a SQLite `UNIQUE` index (and
    /// the stored bytes, and the derived ids) see it. Swift's own `==` on
    /// strings would call them equal.
    public static func == (lhs: FieldValue, rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return byteOrder(a, b) == 0
        default: return false
        }
    }

    /// Hashes the UTF-8 bytes, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .int(let number):
            hasher.combine(0)
            hasher.combine(number)
        case .string(let text):
            hasher.combine(1)
            hasher.combine(text.utf8.count)
            // The bytes in one call, not one call per byte: keys are hashed
            // at every lookup. Any string is hashed this same way.
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if hashed == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
        }
    }

    /// Ints order before strings; strings by their UTF-8 bytes, the same on
    /// every platform and locale. Used to order keys and break ties, never
    /// as a business rule.
    public static func < (lhs: FieldValue, rhs: FieldValue) -> Bool {
        order(lhs, rhs) < 0
    }

    /// Negative, zero or positive as `lhs` orders before, with or after
    /// `rhs` under `<`: one pass where `<` then `==` would take two. Sorting
    /// conflicts by key spends its time here.
    static func order(_ lhs: FieldValue, _ rhs: FieldValue) -> Int {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.string(let a), .string(let b)): return byteOrder(a, b)
        case (.int, .string): return -1
        case (.string, .int): return 1
        }
    }

    /// Orders two strings by their UTF-8 bytes (as `utf8.lexicographicallyPrecedes`
    /// does), comparing contiguous storage directly when both have it.
    private static func byteOrder(_ lhs: String, _ rhs: String) -> Int {
        let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in bufferOrder(left, right) }
        }
        if let order = fast ?? nil { return order }
        if lhs.utf8.lexicographicallyPrecedes(rhs.utf8) { return -1 }
        return lhs.utf8.elementsEqual(rhs.utf8) ? 0 : 1
    }

    private static func bufferOrder(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        if lhs.count == rhs.count, lhs.baseAddress == rhs.baseAddress { return 0 }
        let shared = Swift.min(lhs.count, rhs.count)
        for index in 0 ..< shared where lhs[index] != rhs[index] {
            return lhs[index] < rhs[index] ? -1 : 1
        }
        return lhs.count < rhs.count ? -1 : (lhs.count == rhs.count ? 0 : 1)
    }

    func write<Bytes: CanonicalBytes>(to writer: inout Bytes) {
        switch self {
        case .string(let text):
            writer.append(1)
            writer.append(text)
        case .int(let number):
            writer.append(2)
            writer.append(number)
        }
    }
}
