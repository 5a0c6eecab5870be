/// Reads what ``ByteWriter`` wrote, failing cleanly on truncated or
/// malformed input (a damaged database must not crash the reader).
public struct ByteReader {
    /// Thrown when the bytes end early or hold a value out of range.
    public struct Malformed: Error, Sendable, CustomStringConvertible {
        /// Where the bad read started, in bytes from the start.
        public let offset: Int
        /// Names the offset, for the error a damaged database reports.
        public var description: String { "malformed record bytes at offset \(offset)" }
    }

    private let bytes: [UInt8]
    /// Bytes consumed so far: where the next read starts.
    public private(set) var offset = 0

    /// A reader at the start of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// True when every byte has been read; decoders check it so trailing bytes count as damage.
    public var isAtEnd: Bool { offset == bytes.count }

    /// Eight bytes, little-endian; throws when fewer than eight are left.
    public mutating func uint64() throws(Malformed) -> UInt64 {
        guard offset + 8 <= bytes.count else { throw Malformed(offset: offset) }
        var value: UInt64 = 0
        for index in 0 ..< 8 { value |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
        offset += 8
        return value
    }

    /// Eight bytes read as a signed value, as ``CanonicalBytes`` writes an `Int64`.
    public mutating func int64() throws(Malformed) -> Int64 { Int64(bitPattern: try uint64()) }

    /// A count or index: non-negative and at most `limit`.
    public mutating func int(atMost limit: Int) throws(Malformed) -> Int {
        let value = try int64()
        guard value >= 0 && value <= Int64(limit) else { throw Malformed(offset: offset - 8) }
        return Int(value)
    }

    /// A length-prefixed UTF-8 string; throws when the length runs past the end.
    public mutating func string() throws(Malformed) -> String {
        let start = offset
        let count = try int(atMost: bytes.count)
        // Checked after the length itself is read: the text must fit in what is left.
        guard count <= bytes.count - offset else { throw Malformed(offset: start) }
        let slice = bytes[offset ..< offset + count]
        offset += count
        return String(decoding: slice, as: UTF8.self)
    }

    /// A record id: its high word, then its low word.
    public mutating func recordID() throws(Malformed) -> RecordID {
        RecordID(high: try uint64(), low: try uint64())
    }
}
