import TestSupport
import Testing

/// Pins the test generator: if its outputs ever changed, every seeded
/// property test would silently test different cases.
struct TestRandomTests {
    @Test func firstOutputsOfSeedZeroMatchTheReference() {
        var generator = TestRandom(seed: 0)
        #expect(generator.next() == 0xe220_a839_7b1d_cdaf)
        #expect(generator.next() == 0x6e78_9e6a_a1b9_65f4)
        #expect(generator.next() == 0x06c4_5d18_8009_454f)
    }

    @Test func shuffleIsAPermutation() {
        var generator = TestRandom(seed: 7)
        var items = Array(0 ..< 50)
        generator.shuffle(&items)
        #expect(items.sorted() == Array(0 ..< 50))
        #expect(items != Array(0 ..< 50))
    }
}
