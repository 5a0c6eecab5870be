/// Options ranked into tiers by lexicographic comparison of their harms:
/// the options of one tier are shown as tied, and each tier ranks above
/// the next because one of its options beats one of the next's.
///
/// "Tied" is not transitive: A may tie with B and B with C while A beats C,
/// so options cannot simply be sorted. Instead the ranking repeatedly
/// takes, from the options not yet ranked, those that no other remaining
/// option beats; they form the next tier.
///
/// Lexicographic comparison can also go round a cycle: A beats B on lost
/// writes while B beats C and C beats A on later harms, the earlier harms
/// tied. Every option of the cycle is then beaten, and the rule above
/// would take none of them. So options that beat one another round a
/// cycle count as one: a cycle that no option outside it beats is taken
/// whole, its members shown as tied (``Tier/containsCycle``). When all the
/// remaining options lie on one cycle, as A, B and C do, they form one
/// tier. An option beaten by a cycle ranks below it rather than joining
/// it, and an unbeaten option shares the tier of a cycle it ties with;
/// so every step from one tier to the next rests on an option of the
/// upper tier beating one of the lower (``evidence``).
///
/// Options are identified by their index in the array given; within a
/// tier they keep that order, which the caller makes a stable catalogue
/// order, so no tie is broken by chance.
public struct AdviceRanking: Hashable, Sendable {
    /// Options the ranking cannot tell apart.
    public struct Tier: Hashable, Sendable {
        /// Indices of the options, ascending (the input order).
        public let options: [Int]
        /// True when some option of the tier beats another of it, round a
        /// cycle that makes each of them beaten: they are shown as tied
        /// because no order of them respects every comparison.
        public let containsCycle: Bool
    }

    /// Why one tier ranks above the next: an option of the upper tier that
    /// beats an option of the lower one, and the harm that decided it.
    public struct Evidence: Hashable, Sendable {
        /// The index of the option in the upper tier.
        public let winner: Int
        /// The index of the option in the lower tier.
        public let loser: Int
        /// The first harm in the ranking order on which the winner's
        /// interval lies below the loser's.
        public let harm: AdviceHarm
    }

    /// The harms compared, most important first.
    public let order: [AdviceHarm]
    /// The tiers, best first; every option is in exactly one.
    public let tiers: [Tier]
    /// `evidence[k]` is why `tiers[k]` ranks above `tiers[k + 1]`: the
    /// first option of the lower tier (in input order) that an option of
    /// the upper tier beats, and the first option of the upper tier that
    /// beats it, so the two tiers' first options are named whenever the
    /// one beats the other ("X beats runner-up Y on lost writes").
    public let evidence: [Evidence]
    /// `comparisons[a][b]` is option `a` compared with option `b`.
    private let comparisons: [[OptionComparison]]

    /// Ranks `options` (one ``HarmFigures`` each: one habit's, or each
    /// option's overall figures) by `order`.
    public init(_ options: [HarmFigures], order: [AdviceHarm] = AdviceHarm.defaultOrder) {
        self.order = order
        let comparisons = options.map { option in options.map { option.compared(to: $0, order: order) } }
        self.comparisons = comparisons
        let beats = comparisons.map { row in row.map { $0.outcome == .better } }
        let reaches = Self.transitiveClosure(beats)

        var remaining = Array(options.indices)
        var tiers: [Tier] = []
        while !remaining.isEmpty {
            // Unbeaten, counting a cycle as one: every remaining option
            // that beats this one, directly or through others, is beaten
            // back by it round a cycle. A chain between two remaining
            // options never passes through a ranked one (that one would
            // have been taken with them), so the closure over all options
            // answers for the remaining ones.
            let tier = remaining.filter { option in
                remaining.allSatisfy { other in !reaches[other][option] || reaches[option][other] }
            }
            // Among finitely many options, some option or cycle is beaten
            // by nothing outside it.
            precondition(!tier.isEmpty, "some remaining option is unbeaten, counting cycles as one")
            let containsCycle = tier.contains { a in tier.contains { b in beats[a][b] } }
            tiers.append(Tier(options: tier, containsCycle: containsCycle))
            remaining.removeAll { tier.contains($0) }
        }
        self.tiers = tiers
        evidence = zip(tiers, tiers.dropFirst()).map { upper, lower in
            Self.evidence(upper: upper, lower: lower, comparisons: comparisons)
        }
    }

    /// Option `a` compared with option `b` over ``order``.
    public func comparison(_ a: Int, _ b: Int) -> OptionComparison { comparisons[a][b] }

    /// The index of the tier that holds `option`.
    public func tierIndex(of option: Int) -> Int {
        guard let index = tiers.firstIndex(where: { $0.options.contains(option) }) else {
            preconditionFailure("option \(option) was not ranked")
        }
        return index
    }

    /// `reaches[a][b]`: a chain of options from `a` to `b`, each beating
    /// the next (Warshall's algorithm; a few dozen options at most).
    private static func transitiveClosure(_ beats: [[Bool]]) -> [[Bool]] {
        var reaches = beats
        for via in reaches.indices {
            for from in reaches.indices where reaches[from][via] {
                for to in reaches.indices where reaches[via][to] {
                    reaches[from][to] = true
                }
            }
        }
        return reaches
    }

    /// The comparison that puts `upper` above `lower`.
    ///
    /// One exists: each cycle (or single option) of `lower` was unbeaten
    /// once `upper` had been taken but not before, so an option of `upper`
    /// beats one of its members directly.
    private static func evidence(upper: Tier, lower: Tier, comparisons: [[OptionComparison]]) -> Evidence {
        for loser in lower.options {
            for winner in upper.options {
                if case .better(let harm) = comparisons[winner][loser] {
                    return Evidence(winner: winner, loser: loser, harm: harm)
                }
            }
        }
        preconditionFailure("no option of tier \(upper.options) beats one of tier \(lower.options)")
    }
}
