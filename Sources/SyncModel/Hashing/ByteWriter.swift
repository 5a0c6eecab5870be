/// Where the canonical byte form goes: into an array (``ByteWriter``) or
/// straight into a hash (``StableHasher``). Every variable-length part is
/// length-prefixed, so `("ab","c")` and `("a","bc")` never collide.
public protocol CanonicalBytes {
    /// Eight bytes, little-endian, whatever the machine.
    mutating func append(_ value: UInt64)
    /// A string's UTF-8 bytes, with no length: ``append(_:)-(String)`` adds it.
    mutating func appendUTF8(of text: String)
}

extension CanonicalBytes {
    /// Eight bytes, the value's bit pattern.
    public mutating func append(_ value: Int64) { append(UInt64(bitPattern: value)) }

    /// Eight bytes, as an `Int64`, so the form does not depend on the machine's word size.
    public mutating func append(_ value: Int) { append(Int64(value)) }

    /// The UTF-8 byte count, then the bytes: length-prefixed, so adjacent strings cannot collide.
    public mutating func append(_ text: String) {
        append(text.utf8.count)
        appendUTF8(of: text)
    }

    /// The id's high word, then its low word.
    public mutating func append(_ id: RecordID) {
        append(id.high)
        append(id.low)
    }
}

/// Builds the canonical byte form that ids, stored records and state
/// digests are made from.
public struct ByteWriter: CanonicalBytes, Sendable {
    /// Everything appended so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// An empty writer with room reserved for `capacity` bytes.
    public init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Eight bytes, little-endian, whatever the machine.
    public mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The string's UTF-8 bytes, with no length.
    public mutating func appendUTF8(of text: String) {
        // The view, not a copy of it: no array per string.
        bytes.append(contentsOf: text.utf8)
    }
}
