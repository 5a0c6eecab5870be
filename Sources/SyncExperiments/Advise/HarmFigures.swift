/// One figure per harm: an option under one habit, or an option overall.
///
/// The figures are held in ``AdviceHarm/allCases`` order, not in a
/// dictionary, so no hash order can reach a report or a tie-break.
public struct HarmFigures: Hashable, Sendable {
    /// `figures[harm.index]` is the figure of `harm`.
    private let figures: [HarmFigure]

    /// The figures `figure` gives, asked for each harm in the default order.
    public init(_ figure: (AdviceHarm) throws -> HarmFigure) rethrows {
        figures = try AdviceHarm.allCases.map(figure)
    }

    /// The figure of `harm`.
    public subscript(harm: AdviceHarm) -> HarmFigure { figures[harm.index] }
}
