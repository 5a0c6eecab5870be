import SyncExperiments
import Testing

/// Comparing two options on one harm, and over an ordered list of harms.
struct AdviseComparisonTests {
    typealias F = AdviseFixtures

    @Test func disjointIntervalsDecide() {
        let none = HarmFigure([0, 0, 0], seeds: [1, 2, 3])
        let two = HarmFigure([2, 2, 2], seeds: [1, 2, 3])
        #expect((none.low, none.high) == (0, 0))
        #expect((two.low, two.high) == (2, 2))
        #expect(none.compared(to: two) == .better)
        #expect(two.compared(to: none) == .worse)
    }

    /// Worked by hand (df = 3, t = 3.182):
    /// [0, 4, 0, 4]: mean 2, sd √(16/3) = 2.3094, half 3.182 × 2.3094 / 2
    /// = 3.6743, interval [0 (clamped from −1.674), 5.674];
    /// [1, 3, 1, 3]: mean 2, sd √(4/3) = 1.1547, half 3.182 × 1.1547 / 2
    /// = 1.8371, interval [0.163, 3.837]. They overlap: tied.
    @Test func overlappingIntervalsTie() {
        let wide = HarmFigure([0, 4, 0, 4], seeds: [1, 2, 3, 4])
        let narrow = HarmFigure([1, 3, 1, 3], seeds: [1, 2, 3, 4])
        #expect(abs(narrow.low - 0.162871) < 1e-6)
        #expect(wide.compared(to: narrow) == .tied)
        #expect(narrow.compared(to: wide) == .tied)
    }

    /// A lower mean is not enough: [1, 1, 1, 1] has mean 1 against 2, but
    /// 1 lies inside [0.163, 3.837]. Against [0, 0, 0, 0] the same interval
    /// is clear of 0, and the difference is claimed.
    @Test func aLowerMeanInsideTheOtherIntervalTies() {
        let narrow = HarmFigure([1, 3, 1, 3], seeds: [1, 2, 3, 4])
        #expect(HarmFigure([1, 1, 1, 1], seeds: [1, 2, 3, 4]).compared(to: narrow) == .tied)
        #expect(HarmFigure([0, 0, 0, 0], seeds: [1, 2, 3, 4]).compared(to: narrow) == .better)
    }

    @Test func touchingIntervalsTie() {
        #expect(F.figure(0, 1).compared(to: F.figure(1, 2)) == .tied)
        #expect(F.figure(1, 2).compared(to: F.figure(0, 1)) == .tied)
        #expect(F.figure(0, 1).compared(to: F.figure(1.000_001, 2)) == .better)
        // The clamp makes [0, 2, 0, 2]'s interval start at 0 ([−0.837,
        // 2.837] before), where all-zero runs end: touching, tied.
        let zeros = HarmFigure([0, 0, 0, 0], seeds: [1, 2, 3, 4])
        let some = HarmFigure([0, 2, 0, 2], seeds: [1, 2, 3, 4])
        #expect(some.low == 0)
        #expect(zeros.compared(to: some) == .tied)
    }

    @Test func equalIntervalsTie() {
        #expect(F.figure(1, 3).compared(to: F.figure(1, 3)) == .tied)
        #expect(F.figure(0, 0).compared(to: F.figure(0, 0)) == .tied)
    }

    @Test func theSecondHarmDecidesWhenTheFirstIsTied() {
        let a = F.figures([.lostWrites: (0, 2), .copiesLost: (0, 0)])
        let b = F.figures([.lostWrites: (1, 3), .copiesLost: (1, 1)])
        #expect(a.compared(to: b, order: AdviceHarm.defaultOrder) == .better(on: .copiesLost))
        #expect(b.compared(to: a, order: AdviceHarm.defaultOrder) == .worse(on: .copiesLost))
        #expect(b.compared(to: a, order: AdviceHarm.defaultOrder).decidingHarm == .copiesLost)
    }

    /// No amount of a later harm outweighs an earlier one, and `--rank`
    /// turns that around.
    @Test func theFirstHarmThatDiffersDecidesWhateverFollows() {
        let a = F.figures([.lostWrites: (0, 0), .copiesLost: (9, 9)])
        let b = F.figures([.lostWrites: (1, 1), .copiesLost: (0, 0)])
        #expect(a.compared(to: b, order: AdviceHarm.defaultOrder) == .better(on: .lostWrites))
        let copiesFirst = [AdviceHarm.copiesLost, .lostWrites]
        #expect(a.compared(to: b, order: copiesFirst) == .worse(on: .copiesLost))
    }

    @Test func tiedOnEveryHarmIsTiedAndNamesNoHarm() {
        let a = F.figures([.lostWrites: (0, 2), .messages: (10, 20)])
        let b = F.figures([.lostWrites: (1, 3), .messages: (15, 25)])
        let comparison = a.compared(to: b, order: AdviceHarm.defaultOrder)
        #expect(comparison == .tied)
        #expect(comparison.decidingHarm == nil)
        #expect(comparison.outcome == .tied)
    }
}
