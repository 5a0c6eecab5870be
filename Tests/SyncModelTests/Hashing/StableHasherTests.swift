import Testing
import TestSupport
import SyncModel

/// The streaming hasher must give exactly the bits of hashing the array
/// `ByteWriter` builds: ids, digests and key hashes depend on it.
@Suite struct StableHasherTests {
    /// Random mixes of words and strings of every length, so that blocks
    /// split anywhere: inside a word, inside a string, at the tail.
    @Test(arguments: 0 ..< 64)
    func matchesHashingTheWrittenBytes(seed: Int) {
        var random = TestRandom(seed: UInt64(seed))
        var writer = ByteWriter()
        var hasher = StableHasher(seed: UInt64(seed % 3))
        for _ in 0 ..< random.below(12) {
            if random.below(2) == 0 {
                let word = UInt64(random.below(1 << 30)) &* 0x9e37_79b9_7f4a_7c15
                writer.append(word)
                hasher.append(word)
            } else {
                let text = String((0 ..< random.below(40)).map { _ in random.pick(Array("abcé€😀 ")) })
                writer.append(text)
                hasher.append(text)
            }
        }
        let expected = StableHash.hash128(writer.bytes, seed: UInt64(seed % 3))
        let hashed = hasher.finalize()
        #expect(hashed.0 == expected.0 && hashed.1 == expected.1, "seed \(seed): \(writer.bytes.count) bytes")
    }

    @Test func nothingHashesAsTheEmptyArray() {
        let (high, low) = StableHasher().finalize()
        #expect((high, low) == StableHash.hash128([]))
    }

    /// One byte at a time across a block boundary, then a word that is no
    /// longer aligned.
    @Test func unalignedWordsAfterSingleBytes() {
        var bytes: [UInt8] = []
        var hasher = StableHasher()
        for byte in UInt8(1) ... 13 {
            bytes.append(byte)
            hasher.append(byte: byte)
        }
        var writer = ByteWriter()
        writer.append(UInt64(0x0102_0304_0506_0708))
        hasher.append(UInt64(0x0102_0304_0506_0708))
        let (high, low) = hasher.finalize()
        #expect((high, low) == StableHash.hash128(bytes + writer.bytes))
    }
}
