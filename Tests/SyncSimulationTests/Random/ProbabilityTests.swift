import SyncSimulation
import Testing

/// `chance` compares a 53-bit draw with an integer threshold.
struct ProbabilityTests {
    @Test func zeroIsNeverTrue() {
        let seed: UInt64 = 1
        var generator = Xoshiro256StarStar(seed: seed)
        #expect((0 ..< 100_000).allSatisfy { _ in !generator.chance(Probability(0)) }, "seed \(seed)")
        #expect(Probability.never.threshold == 0)
    }

    @Test func oneIsAlwaysTrue() {
        let seed: UInt64 = 2
        var generator = Xoshiro256StarStar(seed: seed)
        #expect((0 ..< 100_000).allSatisfy { _ in generator.chance(Probability(1)) }, "seed \(seed)")
        #expect(Probability(1).threshold == 1 << 53)
    }

    @Test(arguments: [UInt64(3), 4, 5])
    func tenPercentIsAboutTenPercent(seed: UInt64) {
        var generator = Xoshiro256StarStar(seed: seed, stream: "chance")
        let probability = Probability(0.1)
        var hits = 0
        for _ in 0 ..< 100_000 where generator.chance(probability) { hits += 1 }
        #expect((9_000 ... 11_000).contains(hits), "seed \(seed): \(hits) hits of 100000")
    }

    @Test func thresholdRoundsToNearest() {
        #expect(Probability(0.5).threshold == 1 << 52)
        #expect(Probability(0.25).threshold == 1 << 51)
    }
}
