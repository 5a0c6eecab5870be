/// One option's runs under one habit: a value of every harm for every
/// seed, and the figures advise reports for them.
///
/// The values are held in harm order (``AdviceHarm/allCases``) and seed
/// order, so no dictionary order reaches a figure or a report.
public struct AdviceHabitRuns: Hashable, Sendable {
    /// The habit's name as the user types it (`import`, `offline-edits`).
    public let habit: String
    /// The seeds run, in the order the values follow.
    public let seeds: [UInt64]
    /// `values[harm.index][i]` is the harm's value in the run with `seeds[i]`.
    private let values: [[Double]]
    /// Each harm's figure over the seeds.
    public let figures: HarmFigures

    /// The runs of `habit`: `values[harm]` holds the harm's value for each
    /// of `seeds`, in the same order; every harm needs its values.
    ///
    /// The dictionary is only looked up, harm by harm in the default order.
    public init(habit: String, seeds: [UInt64], values: [AdviceHarm: [Double]]) {
        precondition(!seeds.isEmpty, "habit \(habit): at least one seed")
        precondition(Set(seeds).count == seeds.count, "habit \(habit): each seed once, not \(seeds)")
        let values = AdviceHarm.allCases.map { harm in
            guard let perSeed = values[harm] else { preconditionFailure("habit \(habit): no values of \(harm.rawValue)") }
            precondition(perSeed.count == seeds.count, "habit \(habit): \(perSeed.count) values of \(harm.rawValue) for \(seeds.count) seeds")
            return perSeed
        }
        self.habit = habit
        self.seeds = seeds
        self.values = values
        figures = HarmFigures { harm in HarmFigure(values[harm.index], seeds: seeds) }
    }

    /// The harm's value in each run, in seed order: a row each of
    /// `advise-runs.csv`.
    public func values(of harm: AdviceHarm) -> [Double] { values[harm.index] }
}
