import SyncModel
import Testing

/// MurmurHash3 x64 128, seed 0. Reference values are the `(h1, h2)` words
/// of the reference C++ `MurmurHash3_x64_128`; they agree with Guava's
/// `Murmur3_128HashFunctionTest` (for example "hell" and "hello" with seed 1).
struct StableHashTests {
    @Test func emptyInputHashesToZero() {
        let (h1, h2) = StableHash.hash128([])
        #expect(h1 == 0)
        #expect(h2 == 0)
        #expect(StableHash.hash128("") == (0, 0))
    }

    @Test func hello() {
        let (h1, h2) = StableHash.hash128("hello")
        #expect(h1 == 0xcbd8_a7b3_41bd_9b02)
        #expect(h2 == 0x5b1e_906a_48ae_1d19)
        #expect(hex((h1, h2)) == "cbd8a7b341bd9b025b1e906a48ae1d19")
    }

    /// The string usually published for this sentence,
    /// "6c1b07bc7bbc4be347939ac4a93c437a", is the digest's 16 bytes in
    /// little-endian order (Guava's `HashCode.toString`), not `h1` then
    /// `h2`: as words it is (0xe34bbc7bbc071b6c, 0x7a433ca9c49a9347).
    @Test func quickBrownFox() {
        let (h1, h2) = StableHash.hash128("The quick brown fox jumps over the lazy dog")
        #expect(h1 == 0xe34b_bc7b_bc07_1b6c)
        #expect(h2 == 0x7a43_3ca9_c49a_9347)
        #expect(littleEndianHex((h1, h2)) == "6c1b07bc7bbc4be347939ac4a93c437a")
    }

    @Test func guavaVectors() {
        #expect(StableHash.hash128("hell") == (0x6299_4269_3e10_f867, 0x92db_0b82_baeb_5347))
        #expect(StableHash.hash128(Array("hello".utf8), seed: 1) == (0xa78d_dff5_adae_8d10, 0x1289_00ef_2090_0135))
    }

    /// Inputs `0, 1, …, n-1` for lengths that reach every tail path: under
    /// one word, exactly one word, into the second word, whole blocks, and
    /// blocks plus tails.
    @Test(arguments: [
        (1, 0x4610_abe5_6eff_5cb5, 0x5162_2daa_78f8_3583),
        (7, 0xbd4c_6987_ca4b_0d68, 0x613a_ddd4_bd25_c787),
        (8, 0x47a7_e1bd_d68e_2fc8, 0x60e6_ee02_ec31_dcc7),
        (9, 0xfbb4_cb0f_6e81_2d32, 0x78de_751d_0200_ffb9),
        (15, 0x4723_1598_fd49_25e9, 0xcd84_6dee_88c6_7de9),
        (16, 0x4449_24b5_9190_3f30, 0xab90_6456_762f_e845),
        (17, 0x5c76_f40f_9fe7_c20e, 0xc15f_026b_9eda_a824),
        (31, 0x053d_d3e1_a32c_d094, 0x9ee5_9aef_b400_5490),
        (32, 0xc66d_9022_b62f_500f, 0x1c05_0a6e_34c3_1151),
        (33, 0x7d41_281b_faba_4612, 0x55ac_8073_a7d6_a30b),
        (40, 0xc3a0_54d8_418c_8064, 0xa001_ca30_974c_12ad),
    ] as [(Int, UInt64, UInt64)])
    func countingBytes(length: Int, h1: UInt64, h2: UInt64) {
        let bytes = (0 ..< length).map { UInt8($0) }
        let hash = StableHash.hash128(bytes)
        #expect(hash.0 == h1, "length \(length)")
        #expect(hash.1 == h2, "length \(length)")
    }

    @Test func everyLengthUpToFortyIsDeterministicAndDistinct() {
        var seen: [String: Int] = [:]
        for length in 0 ... 40 {
            let bytes = (0 ..< length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let first = StableHash.hash128(bytes)
            let again = StableHash.hash128(Array(bytes))
            #expect(first == again, "length \(length) is not deterministic")
            let key = hex(first)
            #expect(seen[key] == nil, "length \(length) collides with length \(seen[key] ?? -1)")
            seen[key] = length
        }
        #expect(seen.count == 41)
    }

    @Test func zeroBytesOfDifferentLengthsDiffer() {
        // Only the length tells these apart: it must reach the hash.
        let hashes = (0 ... 40).map { hex(StableHash.hash128([UInt8](repeating: 0, count: $0))) }
        #expect(Set(hashes).count == 41)
    }

    @Test func hash64IsTheFirstWord() {
        #expect(StableHash.hash64("hello") == 0xcbd8_a7b3_41bd_9b02)
        #expect(StableHash.hash64("") == 0)
    }

    @Test func stringHashIsTheHashOfItsUTF8() {
        let text = "Zoë 🐈 Ω"
        #expect(StableHash.hash128(text) == StableHash.hash128(Array(text.utf8)))
    }

    private func littleEndianHex(_ pair: (UInt64, UInt64)) -> String {
        var bytes: [UInt8] = []
        for word in [pair.0, pair.1] {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
