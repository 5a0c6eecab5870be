@testable import SyncExperiments
import Testing

/// Each option judged by its worst habit, harm by harm.
struct AdviseOverallTests {
    typealias F = AdviseFixtures

    /// Lost writes are worst under `offline-edits`, duplicates under
    /// `import`: the overall figure of each harm comes from its own worst
    /// habit.
    @Test func eachHarmTakesTheHabitWithTheHighestMean() {
        let option = AdviceOption(id: "cksyncengine/lww", habits: [
            F.runs("import", [.lostWrites: [0, 0, 0], .duplicatesPeak: [4, 4, 4]]),
            F.runs("offline-edits", [.lostWrites: [1, 0, 2], .duplicatesPeak: [0, 0, 0]]),
        ])
        let overall = AdviceOverall(option)
        #expect(overall.id == "cksyncengine/lww")
        #expect(overall[.lostWrites].habit == "offline-edits")
        #expect(overall.figures[.lostWrites] == HarmFigure([1, 0, 2], seeds: [1, 2, 3]))
        #expect(overall[.duplicatesPeak].habit == "import")
        #expect(overall.figures[.duplicatesPeak].mean == 4)
    }

    /// Equal means: the wider interval ([0, 1, 0, 1]: [0, 1.419]) over the
    /// narrower ([0.5, 0.5]); equal everything: the first habit.
    @Test func equalMeansTakeTheWiderIntervalThenTheFirstHabit() {
        let option = AdviceOption(id: "x", habits: [
            F.runs("seeding", [.dangling: [0.5, 0.5, 0.5, 0.5]], seeds: [1, 2, 3, 4]),
            F.runs("reinstall", [.dangling: [0, 1, 0, 1]], seeds: [1, 2, 3, 4]),
        ])
        let overall = AdviceOverall(option)
        #expect(overall[.dangling].habit == "reinstall")
        #expect(overall[.resurrected].habit == "seeding")
    }

    @Test func anOptionLosesDataWhenOneRunOfAHabitLostAWrite() {
        let lossy = AdviceOverall(AdviceOption(id: "nspckc/dedupe", habits: [
            F.runs("import", [.lostWrites: [0, 0, 1]]),
            F.runs("seeding", [.lostWrites: [0, 0, 0]]),
            F.runs("offline-edits", [.lostWrites: [2, 0, 0]]),
        ]))
        #expect(lossy.losesData)
        #expect(lossy.dataLossHabits == ["import", "offline-edits"])
        let safe = AdviceOverall(AdviceOption(id: "cksyncengine/keyid", habits: [
            F.runs("import", [.duplicatesPeak: [3, 3, 3]]),
        ]))
        #expect(!safe.losesData)
        #expect(safe.dataLossHabits.isEmpty)
    }

    /// A is better under `import` but worse under `offline-edits`; overall
    /// A's lost writes are 3 (its worst habit) against B's 1, so B ranks
    /// first.
    @Test func theOverallRankingJudgesEachOptionByItsWorstHabit() {
        let a = AdviceOption(id: "a", habits: [
            F.runs("import", [.lostWrites: [0, 0, 0]]), F.runs("offline-edits", [.lostWrites: [3, 3, 3]]),
        ])
        let b = AdviceOption(id: "b", habits: [
            F.runs("import", [.lostWrites: [1, 1, 1]]), F.runs("offline-edits", [.lostWrites: [1, 1, 1]]),
        ])
        let byImport = AdviceRanking([a, b].map { $0.runs(habit: "import")!.figures })
        #expect(byImport.tiers.map(\.options) == [[0], [1]])
        let overall = AdviceRanking([a, b].map { AdviceOverall($0).figures })
        #expect(overall.tiers.map(\.options) == [[1], [0]])
        #expect(overall.evidence == [.init(winner: 1, loser: 0, harm: .lostWrites)])
    }
}
