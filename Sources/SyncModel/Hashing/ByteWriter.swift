/// Builds the canonical byte form that ids and state digests are hashed
/// from: every variable-length part is length-prefixed, so `("ab","c")` and
/// `("a","bc")` never collide.
public struct ByteWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Little-endian, whatever the machine.
    public mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ value: Int64) { append(UInt64(bitPattern: value)) }

    public mutating func append(_ value: Int) { append(Int64(value)) }

    public mutating func append(_ text: String) {
        // The view, not a copy of it: no array per string hashed.
        append(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    public mutating func append(_ id: RecordID) {
        append(id.high)
        append(id.low)
    }
}
