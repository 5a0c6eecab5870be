/// ``StableHash/hash128(_:seed:)`` computed as the bytes arrive, with no
/// array in between: what a store pays per key and per record digest, so
/// the hot path allocates nothing to hash. Fed the same bytes, it gives the
/// same 128 bits as hashing the array ``ByteWriter`` would have built.
public struct StableHasher: CanonicalBytes {
    private static let c1: UInt64 = 0x87c3_7b91_1142_53d5
    private static let c2: UInt64 = 0x4cf5_ad43_2745_937f

    private var h1: UInt64
    private var h2: UInt64
    /// Bytes of the current 16-byte block not yet mixed in, little-endian.
    private var k1: UInt64 = 0
    private var k2: UInt64 = 0
    private var pending = 0
    private var length = 0

    /// A hasher with nothing appended; `seed` plays the part of ``StableHash``'s seed.
    public init(seed: UInt64 = 0) {
        h1 = seed
        h2 = seed
    }

    /// Eight bytes, little-endian. Whole words on a word boundary go in without a byte loop.
    public mutating func append(_ value: UInt64) {
        switch pending {
        case 0:
            k1 = value
            pending = 8
            length += 8
        case 8:
            k2 = value
            length += 8
            mixBlock()
        default:
            for shift in stride(from: 0, to: 64, by: 8) { append(byte: UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
    }

    /// The string's UTF-8 bytes, with no length, read in place.
    public mutating func appendUTF8(of text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { append(byte: byte) }
        }
    }

    /// One byte; a full 16-byte block is mixed in at once.
    public mutating func append(byte: UInt8) {
        if pending < 8 {
            k1 |= UInt64(byte) << UInt64(pending * 8)
        } else {
            k2 |= UInt64(byte) << UInt64((pending - 8) * 8)
        }
        pending += 1
        length += 1
        if pending == 16 { mixBlock() }
    }

    /// The 128 bits of everything appended.
    public func finalize() -> (UInt64, UInt64) {
        var h1 = self.h1
        var h2 = self.h2
        if pending > 8 { h2 ^= (k2 &* Self.c2).rotatedLeft(33) &* Self.c1 }
        if pending > 0 { h1 ^= (k1 &* Self.c1).rotatedLeft(31) &* Self.c2 }
        h1 ^= UInt64(length)
        h2 ^= UInt64(length)
        h1 = h1 &+ h2
        h2 = h2 &+ h1
        h1 = StableHash.finalMix(h1)
        h2 = StableHash.finalMix(h2)
        h1 = h1 &+ h2
        h2 = h2 &+ h1
        return (h1, h2)
    }

    private mutating func mixBlock() {
        h1 ^= (k1 &* Self.c1).rotatedLeft(31) &* Self.c2
        h1 = (h1.rotatedLeft(27) &+ h2) &* 5 &+ 0x52dc_e729
        h2 ^= (k2 &* Self.c2).rotatedLeft(33) &* Self.c1
        h2 = (h2.rotatedLeft(31) &+ h1) &* 5 &+ 0x3849_5ab5
        k1 = 0
        k2 = 0
        pending = 0
    }
}
