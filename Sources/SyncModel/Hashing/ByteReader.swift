/// Reads what ``ByteWriter`` wrote, failing cleanly on truncated or
/// malformed input (a damaged database must not crash the reader).
public struct ByteReader {
    public struct Malformed: Error, Sendable, CustomStringConvertible {
        public let offset: Int
        public var description: String { "malformed record bytes at offset \(offset)" }
    }

    private let bytes: [UInt8]
    public private(set) var offset = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var isAtEnd: Bool { offset == bytes.count }

    public mutating func uint64() throws(Malformed) -> UInt64 {
        guard offset + 8 <= bytes.count else { throw Malformed(offset: offset) }
        var value: UInt64 = 0
        for index in 0 ..< 8 { value |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
        offset += 8
        return value
    }

    public mutating func int64() throws(Malformed) -> Int64 { Int64(bitPattern: try uint64()) }

    /// A count or index: non-negative and at most `limit`.
    public mutating func int(atMost limit: Int) throws(Malformed) -> Int {
        let value = try int64()
        guard value >= 0 && value <= Int64(limit) else { throw Malformed(offset: offset - 8) }
        return Int(value)
    }

    public mutating func string() throws(Malformed) -> String {
        let start = offset
        let count = try int(atMost: bytes.count)
        // Checked after the length itself is read: the text must fit in what is left.
        guard count <= bytes.count - offset else { throw Malformed(offset: start) }
        let slice = bytes[offset ..< offset + count]
        offset += count
        return String(decoding: slice, as: UTF8.self)
    }

    public mutating func recordID() throws(Malformed) -> RecordID {
        RecordID(high: try uint64(), low: try uint64())
    }
}
