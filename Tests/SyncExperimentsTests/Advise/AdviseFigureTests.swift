import SyncExperiments
import Testing

/// A harm's `{mean, low, high, worst}` over seeds.
struct AdviseFigureTests {
    @Test func equalValuesHaveAnIntervalOfWidthZero() {
        let figure = HarmFigure([2, 2, 2], seeds: [7, 8, 9])
        #expect(figure == HarmFigure(mean: 2, low: 2, high: 2, worst: 2, worstSeed: 7))
    }

    /// As in SweepStatisticsTests: mean 2.5, sd √(5/3) = 1.290994,
    /// half-width 3.182 × 1.290994 / 2 = 2.053972.
    @Test func theIntervalIsStudentsT() {
        let figure = HarmFigure([1, 2, 3, 4], seeds: [10, 11, 12, 13])
        #expect(figure.mean == 2.5)
        #expect(abs(figure.low - 0.446028) < 1e-6)
        #expect(abs(figure.high - 4.553972) < 1e-6)
        #expect(figure.worst == 4 && figure.worstSeed == 13)
    }

    /// Mean 2, sd √(16/3) = 2.309401, half-width 3.182 × 2.309401 / 2 =
    /// 3.674257: the interval [−1.674257, 5.674257] would reach below any
    /// possible count, so its low end is 0.
    @Test func theLowEndIsClampedAtZero() {
        let figure = HarmFigure([0, 4, 0, 4], seeds: [1, 2, 3, 4])
        #expect(figure.low == 0)
        #expect(abs(figure.high - 5.674257) < 1e-6)
        #expect(figure.mean == 2)
    }

    /// Seeds are not sorted: the worst is the first seed *in the given
    /// order* with the largest value, neither the smallest seed (1) nor the
    /// last one reaching it.
    @Test func theWorstSeedIsTheFirstWithTheLargestValue() {
        let figure = HarmFigure([1, 5, 2, 5], seeds: [7, 3, 9, 1])
        #expect(figure.worst == 5)
        #expect(figure.worstSeed == 3)
    }

    @Test func oneSeedIsItsOwnInterval() {
        #expect(HarmFigure([3], seeds: [42]) == HarmFigure(mean: 3, low: 3, high: 3, worst: 3, worstSeed: 42))
    }

    @Test func runsUnderAHabitKeepEachHarmsValuesInSeedOrder() {
        let runs = AdviseFixtures.runs("import", [.duplicatesPeak: [4, 6, 5]], seeds: [30, 10, 20])
        #expect(runs.values(of: .duplicatesPeak) == [4, 6, 5])
        #expect(runs.figures[.duplicatesPeak].worstSeed == 10)
        #expect(runs.figures[.duplicatesPeak].mean == 5)
        #expect(runs.figures[.lostWrites] == HarmFigure(mean: 0, low: 0, high: 0, worst: 0, worstSeed: 30))
    }
}
