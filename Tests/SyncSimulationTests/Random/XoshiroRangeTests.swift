import SyncSimulation
import Testing

/// Bounded draws stay inside their ranges, including the edge cases of
/// Lemire's method (bound 1, bounds near `UInt64.max`, the full range).
struct XoshiroRangeTests {
    static let bounds: [UInt64] = [
        1, 2, 3, 7, 10, 1_000, 1 << 32, (1 << 63) + 1,
        UInt64.max / 3, UInt64.max - 1, UInt64.max,
    ]

    /// Each bound is also the seed of its generator.
    @Test(arguments: bounds)
    func nextBelowStaysInRange(bound: UInt64) {
        var generator = Xoshiro256StarStar(seed: bound, stream: "below")
        let outOfRange = (0 ..< 20_000).map { _ in generator.next(below: bound) }.filter { $0 >= bound }
        #expect(outOfRange.isEmpty, "seed \(bound), stream below: \(outOfRange.prefix(3))")
    }

    @Test func boundOneIsAlwaysZero() {
        let seed: UInt64 = 5
        var generator = Xoshiro256StarStar(seed: seed)
        #expect((0 ..< 1_000).allSatisfy { _ in generator.next(below: 1) == 0 }, "seed \(seed)")
    }

    @Test func smallBoundHitsEveryValueEvenly() {
        let seed: UInt64 = 6
        var generator = Xoshiro256StarStar(seed: seed)
        var seen = Array(repeating: 0, count: 7)
        for _ in 0 ..< 7_000 { seen[Int(generator.next(below: 7))] += 1 }
        #expect(seen.allSatisfy { $0 > 800 && $0 < 1_200 }, "seed \(seed): counts \(seen)")
    }

    @Test func nearMaxBoundSpreadsOverTheWholeRange() {
        let seed: UInt64 = 8
        var generator = Xoshiro256StarStar(seed: seed)
        let draws = (0 ..< 1_000).map { _ in generator.next(below: UInt64.max - 1) }
        #expect(draws.contains { $0 > UInt64.max / 2 }, "seed \(seed)")
        #expect(draws.contains { $0 < UInt64.max / 2 }, "seed \(seed)")
    }

    @Test func nextInIsInclusiveAtBothEnds() {
        let seed: UInt64 = 9
        var generator = Xoshiro256StarStar(seed: seed)
        var seen: Set<Int64> = []
        for _ in 0 ..< 2_000 { seen.insert(generator.next(in: -2 ... 2)) }
        // Every value, and nothing outside the range.
        #expect(seen == [-2, -1, 0, 1, 2], "seed \(seed)")
    }

    @Test func nextInSingleValueRange() {
        let seed: UInt64 = 10
        var generator = Xoshiro256StarStar(seed: seed)
        #expect((0 ..< 100).allSatisfy { _ in generator.next(in: 42 ... 42) == 42 }, "seed \(seed)")
        #expect(generator.next(in: Int64.max ... Int64.max) == Int64.max, "seed \(seed)")
        #expect(generator.next(in: Int64.min ... Int64.min) == Int64.min, "seed \(seed)")
    }

    @Test func nextInFullRangeUsesEveryBit() {
        let seed: UInt64 = 11
        var generator = Xoshiro256StarStar(seed: seed)
        let draws = (0 ..< 1_000).map { _ in generator.next(in: Int64.min ... Int64.max) }
        #expect(draws.contains { $0 < 0 }, "seed \(seed)")
        #expect(draws.contains { $0 > 0 }, "seed \(seed)")
    }

    @Test func nextInExtremeNegativeRange() {
        let seed: UInt64 = 12
        var generator = Xoshiro256StarStar(seed: seed)
        var seen: Set<Int64> = []
        for _ in 0 ..< 1_000 { seen.insert(generator.next(in: Int64.min ... (Int64.min + 3))) }
        #expect(seen == [Int64.min, Int64.min + 1, Int64.min + 2, Int64.min + 3], "seed \(seed)")
    }

    @Test func indexBelowStaysInRange() {
        let seed: UInt64 = 13
        var generator = Xoshiro256StarStar(seed: seed)
        var seen: Set<Int> = []
        for _ in 0 ..< 1_000 { seen.insert(generator.index(below: 3)) }
        #expect(seen == [0, 1, 2], "seed \(seed)")
    }
}
