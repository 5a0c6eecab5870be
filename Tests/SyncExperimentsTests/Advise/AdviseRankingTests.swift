@testable import SyncExperiments
import Testing

/// Ranking options into tiers.
struct AdviseRankingTests {
    typealias F = AdviseFixtures

    /// The options of the cycle: A beats C on lost writes (A [0, 1] lies
    /// below C [1.5, 3]; B [0.9, 2] overlaps both); with lost writes tied,
    /// C beats B and B beats A on copies lost (C 0, B 1, A 2).
    static let cycle = [
        F.figures([.lostWrites: (0, 1), .copiesLost: (2, 2)]),
        F.figures([.lostWrites: (0.9, 2), .copiesLost: (1, 1)]),
        F.figures([.lostWrites: (1.5, 3), .copiesLost: (0, 0)]),
    ]

    @Test func distinctOptionsFormOneTierEachWithTheHarmBetween() {
        let ranking = AdviceRanking([
            F.figures([.lostWrites: (2, 2)]),
            F.figures([.lostWrites: (0, 0)]),
            F.figures([.lostWrites: (1, 1)]),
        ])
        #expect(ranking.tiers.map(\.options) == [[1], [2], [0]])
        #expect(ranking.evidence == [
            .init(winner: 1, loser: 2, harm: .lostWrites),
            .init(winner: 2, loser: 0, harm: .lostWrites),
        ])
        #expect(ranking.tiers.allSatisfy { !$0.containsCycle })
        #expect(ranking.tierIndex(of: 0) == 2)
    }

    /// Options 1 and 3 overlap, so they share the first tier in input
    /// order, though option 3's mean (0.4) is below option 1's (1).
    @Test func tiedOptionsKeepTheInputOrder() {
        let ranking = AdviceRanking([
            F.figures([.lostWrites: (5, 6)]),
            F.figures([.lostWrites: (0.5, 1.5)]),
            F.figures([.lostWrites: (3, 4)]),
            F.figures([.lostWrites: (0, 0.8)]),
        ])
        #expect(ranking.tiers.map(\.options) == [[1, 3], [2], [0]])
        #expect(ranking.evidence.map(\.winner) == [1, 2])
    }

    /// A ties B, B ties C, A beats C: B ranks above C without beating it,
    /// and the evidence for the step names A, the option that does.
    @Test func tiesAreNotTransitive() {
        let ranking = AdviceRanking([
            F.figures([.lostWrites: (0, 1)]),
            F.figures([.lostWrites: (0.9, 2)]),
            F.figures([.lostWrites: (1.5, 3)]),
        ])
        #expect(ranking.tiers.map(\.options) == [[0, 1], [2]])
        #expect(ranking.evidence == [.init(winner: 0, loser: 2, harm: .lostWrites)])
    }

    /// The first option of the upper tier (0) ties the lower one's; the
    /// evidence names option 1, which beats it.
    @Test func theEvidenceNamesAnOptionThatReallyBeats() {
        let ranking = AdviceRanking([
            F.figures([.lostWrites: (0, 2)]),
            F.figures([.lostWrites: (0, 0.5)]),
            F.figures([.lostWrites: (1, 1.5)]),
        ])
        #expect(ranking.tiers.map(\.options) == [[0, 1], [2]])
        #expect(ranking.evidence == [.init(winner: 1, loser: 2, harm: .lostWrites)])
    }

    @Test func aCycleFormsOneTiedTier() {
        let ranking = AdviceRanking(Self.cycle)
        #expect(ranking.comparison(0, 2) == .better(on: .lostWrites))
        #expect(ranking.comparison(2, 1) == .better(on: .copiesLost))
        #expect(ranking.comparison(1, 0) == .better(on: .copiesLost))
        #expect(ranking.tiers == [.init(options: [0, 1, 2], containsCycle: true)])
        #expect(ranking.evidence.isEmpty)
    }

    /// D (lost writes 5) loses to every member of the cycle: it ranks below
    /// the cycle, not in its tier. E ties everyone (its intervals overlap
    /// or touch each of theirs) and so shares the cycle's tier.
    @Test func aCycleKeepsWhatItBeatsBelowAndWhatTiesItBeside() {
        let d = F.figures([.lostWrites: (5, 5)])
        let e = F.figures([.lostWrites: (0, 3), .copiesLost: (0, 2)])
        let ranking = AdviceRanking(Self.cycle + [d, e])
        #expect(ranking.tiers == [.init(options: [0, 1, 2, 4], containsCycle: true), .init(options: [3], containsCycle: false)])
        #expect(ranking.evidence == [.init(winner: 0, loser: 3, harm: .lostWrites)])
    }

    /// F beats every member of the cycle on copies lost (lost writes
    /// tied with A): it ranks alone above them.
    @Test func anOptionThatBeatsACycleRanksAboveIt() {
        let f = F.figures([.lostWrites: (0, 0), .copiesLost: (0, 0)])
        let ranking = AdviceRanking([f] + Self.cycle)
        #expect(ranking.tiers.map(\.options) == [[0], [1, 2, 3]])
        #expect(ranking.tiers.map(\.containsCycle) == [false, true])
        #expect(ranking.evidence == [.init(winner: 0, loser: 1, harm: .copiesLost)])
    }

    /// `--rank copiesLost` puts the cycle's second harm first: C, then B,
    /// then A, no cycle left.
    @Test func theOrderChangesTheRanking() throws {
        let ranking = AdviceRanking(Self.cycle, order: try AdviceHarm.rankOrder(parsing: "copiesLost"))
        #expect(ranking.tiers.map(\.options) == [[2], [1], [0]])
        #expect(ranking.evidence.map(\.harm) == [.copiesLost, .copiesLost])
    }

    @Test func optionsTiedOnEveryHarmShareOneTier() {
        let ranking = AdviceRanking([F.figures([.messages: (10, 20)]), F.figures([.messages: (15, 25)])])
        #expect(ranking.tiers == [.init(options: [0, 1], containsCycle: false)])
        #expect(AdviceRanking([]).tiers.isEmpty)
    }
}
