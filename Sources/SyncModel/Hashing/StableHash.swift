/// MurmurHash3 x64 128-bit, seed 0: a hash that is the same in every
/// process and on every platform, unlike Swift's `Hasher`, which is seeded
/// per process and so must never reach an id, a digest or an output.
public enum StableHash {
    /// Hashes `bytes` to 128 bits.
    public static func hash128(_ bytes: [UInt8], seed: UInt64 = 0) -> (UInt64, UInt64) {
        let c1: UInt64 = 0x87c3_7b91_1142_53d5
        let c2: UInt64 = 0x4cf5_ad43_2745_937f
        var h1 = seed
        var h2 = seed
        let blockCount = bytes.count / 16

        for block in 0 ..< blockCount {
            var k1 = readLittleEndian(bytes, at: block * 16)
            var k2 = readLittleEndian(bytes, at: block * 16 + 8)
            k1 = (k1 &* c1).rotatedLeft(31) &* c2
            h1 ^= k1
            h1 = (h1.rotatedLeft(27) &+ h2) &* 5 &+ 0x52dc_e729
            k2 = (k2 &* c2).rotatedLeft(33) &* c1
            h2 ^= k2
            h2 = (h2.rotatedLeft(31) &+ h1) &* 5 &+ 0x3849_5ab5
        }

        let tail = blockCount * 16
        var k1: UInt64 = 0
        var k2: UInt64 = 0
        let remaining = bytes.count & 15
        for offset in stride(from: remaining - 1, through: 8, by: -1) {
            k2 ^= UInt64(bytes[tail + offset]) << UInt64((offset - 8) * 8)
        }
        if remaining > 8 {
            k2 = (k2 &* c2).rotatedLeft(33) &* c1
            h2 ^= k2
        }
        for offset in stride(from: min(remaining, 8) - 1, through: 0, by: -1) {
            k1 ^= UInt64(bytes[tail + offset]) << UInt64(offset * 8)
        }
        if remaining > 0 {
            k1 = (k1 &* c1).rotatedLeft(31) &* c2
            h1 ^= k1
        }

        h1 ^= UInt64(bytes.count)
        h2 ^= UInt64(bytes.count)
        h1 = h1 &+ h2
        h2 = h2 &+ h1
        h1 = finalMix(h1)
        h2 = finalMix(h2)
        h1 = h1 &+ h2
        h2 = h2 &+ h1
        return (h1, h2)
    }

    /// Hashes a string's UTF-8 bytes.
    public static func hash128(_ text: String) -> (UInt64, UInt64) {
        hash128(Array(text.utf8))
    }

    /// 64 bits of ``hash128(_:seed:)-7vtn``, for deriving sub-seeds.
    public static func hash64(_ text: String) -> UInt64 {
        hash128(text).0
    }

    private static func readLittleEndian(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0 ..< 8 {
            value |= UInt64(bytes[offset + index]) << UInt64(index * 8)
        }
        return value
    }

    static func finalMix(_ input: UInt64) -> UInt64 {
        var k = input
        k ^= k >> 33
        k = k &* 0xff51_afd7_ed55_8ccd
        k ^= k >> 33
        k = k &* 0xc4ce_b9fe_1a85_ec53
        k ^= k >> 33
        return k
    }
}

extension UInt64 {
    @inline(__always)
    func rotatedLeft(_ count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
