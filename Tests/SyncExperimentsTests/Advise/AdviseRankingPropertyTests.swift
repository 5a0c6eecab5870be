import SyncExperiments
import SyncSimulation
import Testing

/// What every ranking holds, over random options whose intervals tie often
/// and sometimes go round cycles.
struct AdviseRankingPropertyTests {
    @Test(arguments: UInt64(0)..<64)
    func tiersAreBackedByComparisonsAndNeverContradictThem(seed: UInt64) {
        var random = Xoshiro256StarStar(seed: seed, stream: "advise-ranking")
        // Three harms vary, the rest are 0; intervals of integer ends and
        // widths 0 to 2 overlap often and not transitively, so cycles occur.
        let varied = AdviceHarm.defaultOrder.prefix(3)
        let options = (0..<(2 + random.index(below: 7))).map { _ in
            HarmFigures { harm in
                guard varied.contains(harm) else { return AdviseFixtures.figure(0, 0) }
                let low = Double(random.index(below: 6))
                return AdviseFixtures.figure(low, low + Double(random.index(below: 3)))
            }
        }
        let ranking = AdviceRanking(options)
        let replay = "seed \(seed): swift test --filter 'AdviseRankingPropertyTests'"

        #expect(ranking.tiers.flatMap { $0.options }.sorted() == Array(options.indices), "\(replay)")
        #expect(ranking.tiers.allSatisfy { $0.options == $0.options.sorted() }, "\(replay)")
        for a in options.indices {
            for b in options.indices {
                let (forth, back) = (ranking.comparison(a, b), ranking.comparison(b, a))
                #expect(forth.outcome == back.outcome.reversed && forth.decidingHarm == back.decidingHarm, "\(replay): \(a) vs \(b)")
                guard case .better = forth else { continue }
                let (tierA, tierB) = (ranking.tierIndex(of: a), ranking.tierIndex(of: b))
                #expect(tierA <= tierB, "\(replay): \(a) beats \(b) but ranks below it")
                if tierA == tierB { #expect(ranking.tiers[tierA].containsCycle, "\(replay): \(a) beats \(b) in one tier without a cycle") }
            }
        }
        #expect(ranking.evidence.count == ranking.tiers.count - 1, "\(replay)")
        for (k, evidence) in ranking.evidence.enumerated() {
            #expect(ranking.tiers[k].options.contains(evidence.winner), "\(replay)")
            #expect(ranking.tiers[k + 1].options.contains(evidence.loser), "\(replay)")
            #expect(ranking.comparison(evidence.winner, evidence.loser) == .better(on: evidence.harm), "\(replay)")
        }
    }
}
