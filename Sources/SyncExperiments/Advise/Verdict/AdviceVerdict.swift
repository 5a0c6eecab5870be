/// What advise concludes from the runs: every option ranked under each
/// workload and overall, the option it recommends, the runner-up, and
/// whether every option loses data.
public struct AdviceVerdict: Sendable {
    /// The options, in the matrix's order (``AdviceMatrix/Result/options``).
    public let options: [AdviceOption]
    /// Each option judged by its worst workload, harm by harm.
    public let overall: [AdviceOverall]
    /// The harms ranked by, most important first.
    public let order: [AdviceHarm]
    /// The options ranked by their overall figures.
    public let ranking: AdviceRanking
    /// `habitRankings[w]`: the options ranked under workload `w` alone.
    public let habitRankings: [AdviceRanking]
    /// The option advise recommends: the best of the top tier.
    public let recommended: Int
    /// The next best: another option of the top tier, else the best of the second.
    public let runnerUp: Int?
    /// Each option's liabilities, which order options inside a tier.
    public let liabilities: [AdviceLiabilities]

    /// The verdict on `options` (each run under the same workloads, in the
    /// same order), ranked by `order`.
    public init(_ options: [AdviceOption], liabilities: [AdviceLiabilities]? = nil, order: [AdviceHarm] = AdviceHarm.defaultOrder) {
        precondition(!options.isEmpty, "advise weighs at least one option")
        let habits = options[0].habits.map(\.habit)
        precondition(options.allSatisfy { $0.habits.map(\.habit) == habits }, "every option runs the same workloads")
        self.options = options
        self.order = order
        let liabilities = liabilities ?? Array(repeating: .none, count: options.count)
        precondition(liabilities.count == options.count, "one liabilities figure per option")
        self.liabilities = liabilities
        let overall = options.map(AdviceOverall.init)
        self.overall = overall
        ranking = AdviceRanking(overall.map(\.figures), order: order)
        habitRankings = habits.indices.map { habit in AdviceRanking(options.map { $0.habits[habit].figures }, order: order) }
        let best = Self.best(ranking.tiers[0].options, overall: overall, liabilities: liabilities, order: order)
        recommended = best[0]
        runnerUp = best.count > 1 ? best[1] : ranking.tiers.count > 1
            ? Self.best(ranking.tiers[1].options, overall: overall, liabilities: liabilities, order: order)[0] : nil
    }

    /// The options of `tier`, best first (``best(_:overall:liabilities:order:)``).
    public func best(_ tier: [Int]) -> [Int] {
        Self.best(tier, overall: overall, liabilities: liabilities, order: order)
    }

    /// The options of one tier, best first. The intervals tie them, so
    /// this order claims no difference the runs support: it prefers an
    /// option with no run that lost data, then fewer records duplicated
    /// on the server and fewer refused changes (``AdviceLiabilities``),
    /// then the lower means in the ranking order, then the catalogue
    /// order, so that advise names one option and always the same one.
    static func best(_ tier: [Int], overall: [AdviceOverall], liabilities: [AdviceLiabilities], order: [AdviceHarm]) -> [Int] {
        tier.sorted { a, b in
            if overall[a].losesData != overall[b].losesData { return !overall[a].losesData }
            if liabilities[a].serverCopies != liabilities[b].serverCopies { return liabilities[a].serverCopies < liabilities[b].serverCopies }
            if liabilities[a].refusedChanges != liabilities[b].refusedChanges {
                return liabilities[a].refusedChanges < liabilities[b].refusedChanges
            }
            for harm in order where overall[a].figures[harm].mean != overall[b].figures[harm].mean {
                return overall[a].figures[harm].mean < overall[b].figures[harm].mean
            }
            return a < b
        }
    }

    /// True when every option lost a write under some workload: advise
    /// then exits 1 and names the workloads.
    public var everyOptionLosesData: Bool { overall.allSatisfy(\.losesData) }

    /// The options tied with the recommendation (its tier, without it).
    public var tiedWithRecommendation: [Int] {
        ranking.tiers[ranking.tierIndex(of: recommended)].options.filter { $0 != recommended }
    }
}
