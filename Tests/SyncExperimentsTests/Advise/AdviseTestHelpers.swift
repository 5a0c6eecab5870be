import SyncExperiments

/// Figures with exact intervals, for the comparison and ranking tests.
enum AdviseFixtures {
    /// A figure whose 95% interval is exactly [`low`, `high`].
    static func figure(_ low: Double, _ high: Double) -> HarmFigure {
        HarmFigure(mean: (low + high) / 2, low: low, high: high, worst: high, worstSeed: 1)
    }

    /// Figures with the given intervals, and exactly 0 for every other harm.
    static func figures(_ intervals: [AdviceHarm: (Double, Double)]) -> HarmFigures {
        HarmFigures { harm in intervals[harm].map { figure($0.0, $0.1) } ?? figure(0, 0) }
    }

    /// Runs of `habit` over `seeds` with the given values, and 0 in every
    /// run for every other harm.
    static func runs(_ habit: String, _ values: [AdviceHarm: [Double]], seeds: [UInt64] = [1, 2, 3]) -> AdviceHabitRuns {
        var all = values
        for harm in AdviceHarm.allCases where all[harm] == nil { all[harm] = Array(repeating: 0, count: seeds.count) }
        return AdviceHabitRuns(habit: habit, seeds: seeds, values: all)
    }
}
