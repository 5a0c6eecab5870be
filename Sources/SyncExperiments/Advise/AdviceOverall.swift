/// One option judged across every habit: for each harm, its figure under
/// the habit where it does most harm.
///
/// A developer ships one option to users with every habit, so the overall
/// ranking judges each option by its worst habit, harm by harm (the worst
/// habit for lost writes may differ from the worst for duplicates). Rank
/// options overall with ``AdviceRanking`` over their ``figures``.
public struct AdviceOverall: Hashable, Sendable {
    /// A harm's figure under the habit that gave it.
    public struct Worst: Hashable, Sendable {
        /// The habit with the highest mean of the harm.
        public let habit: String
        /// The harm's figure under that habit.
        public let figure: HarmFigure
    }

    /// The option's ``AdviceOption/id``.
    public let id: String
    /// `worst[harm.index]` is the harm's worst habit and figure.
    private let worst: [Worst]
    /// Each harm's figure under its worst habit: what the overall ranking
    /// compares.
    public let figures: HarmFigures
    /// The habits under which some run lost a write (a ``HarmFigure/worst``
    /// of ``AdviceHarm/lostWrites`` above 0), in the option's habit order.
    ///
    /// One run is enough: a user who loses a typed edit once has lost it,
    /// whatever the mean says. When every option has such a habit, advise
    /// exits with status 1 and names them.
    public let dataLossHabits: [String]

    /// The option's overall figures.
    ///
    /// The worst habit of a harm is the one with the highest mean; between
    /// equal means, the one with the higher `high` (the wider interval, so
    /// the overall figure claims no more certainty than the runs give);
    /// then the first in the option's habit order, so the choice never
    /// depends on chance.
    public init(_ option: AdviceOption) {
        let worst = AdviceHarm.allCases.map { harm in
            var worst = option.habits[0]
            for runs in option.habits.dropFirst() {
                let (figure, worstFigure) = (runs.figures[harm], worst.figures[harm])
                if (figure.mean, figure.high) > (worstFigure.mean, worstFigure.high) { worst = runs }
            }
            return Worst(habit: worst.habit, figure: worst.figures[harm])
        }
        id = option.id
        self.worst = worst
        figures = HarmFigures { worst[$0.index].figure }
        dataLossHabits = option.habits.filter { $0.figures[.lostWrites].worst > 0 }.map(\.habit)
    }

    /// The harm's worst habit and its figure there.
    public subscript(harm: AdviceHarm) -> Worst { worst[harm.index] }

    /// True when some run under some habit lost a write (``dataLossHabits``).
    public var losesData: Bool { !dataLossHabits.isEmpty }
}
