import Foundation
import SyncExperiments
import SyncScenarioFile
import SyncSimulation
import Testing
@testable import SyncLint

/// Issue 32's "What must hold", end to end: the contacts model keyed by
/// `email`, its habits written as scenarios, every option run through the
/// run matrix and judged by the verdict.
struct AdviseVerdictTests {
    typealias F = AdviseHabitFixtures

    /// The matrix of `habits` on the contacts model, 3 devices, drop 0.
    static func matrix(_ habits: [AdviceHabit], seeds: [UInt64] = [1, 2, 3]) throws -> AdviceMatrix.Result {
        let (model, keys) = try F.contacts()
        let workload = try AdviceWorkload(deviceCount: 3, dropProbability: 0)
        let files = try AdviceScenarioWriter.scenarios(for: model, source: "Model.swift", keys: keys, habits: habits, workload: workload)
            .map { AdviceWorkloadFile(name: $0.habit.rawValue, path: $0.fileName, data: Data($0.text.utf8)) }
        return try AdviceMatrix.run(AdviceMatrix.Plan(workloads: files, stacks: AdviceStack.all(), seeds: seeds))
    }

    static func option(_ result: AdviceMatrix.Result, _ preset: String, _ strategy: String, variant: String? = nil) -> Int {
        // A preset with variants runs the option once per variant: with no
        // variant named, the first (the habits here delete nothing, so the
        // reupload readings agree); a named reading matches its variants.
        let index = result.options.firstIndex { option in
            option.preset == preset && option.strategy == strategy
                && (variant.map { ScenarioVariant.matches($0, run: option.variant) } ?? true)
        }
        guard let index else {
            preconditionFailure("\(preset) \(strategy) was not run")
        }
        return index
    }

    /// Import only: `lww` on `cksyncengine` shows what `simulate run` of
    /// the written file shows (K·2 duplicates: three devices import the
    /// same K keys), every option whose record names come from the key
    /// shows none, and advise recommends one of those.
    @Test func importAloneRecommendsRecordNamesFromTheKey() throws {
        let result = try Self.matrix([.import])
        let report = AdviceReport(subject: .init(model: "Contacts", keys: ["Contact.email"], devices: 3), result: result)
        let lww = Self.option(result, "cksyncengine", "lww")
        let runs = try F.run(try F.contactsText(.import), preset: "cksyncengine", strategies: ["lww"])
        #expect(runs[0].duplicates.peak == F.k * 2)
        let figures = report.verdict.options[lww].habits[0].figures
        #expect(figures[.duplicatesPeak] == HarmFigure(mean: Double(F.k * 2), low: Double(F.k * 2), high: Double(F.k * 2),
                                                       worst: Double(F.k * 2), worstSeed: 1))
        // The matrix's seed-1 run is `simulate run`'s, figure for figure.
        let column = Metric.allCases.firstIndex(of: .duplicatesSeconds)!
        #expect(result.figures[lww][0][0][column] == Metric.duplicatesSeconds.figure(in: runs[0]))

        let keyDerived = result.options.indices.filter { ["keyid", "crdt"].contains(result.options[$0].strategy) }
        // Once per variant: cksyncengine has two, sqlitedata four (keyid only).
        #expect(keyDerived.map { result.options[$0].preset }
            == Array(repeating: "cksyncengine", count: 4) + Array(repeating: "sqlitedata", count: 4) + ["ownserver", "ownserver"])
        for option in keyDerived {
            #expect(report.verdict.overall[option].figures[.duplicatesPeak].worst == 0, "\(result.options[option])")
        }
        #expect(keyDerived.contains(report.verdict.recommended), "recommended \(result.options[report.verdict.recommended])")
        #expect(report.exitStatus == 0)
        #expect(report.text.hasPrefix("Recommendation: For Contacts on 3 devices, ship "))
        // Identical figures are a tie, not a ranking.
        let keyid = Self.option(result, "cksyncengine", "keyid")
        let crdt = Self.option(result, "cksyncengine", "crdt")
        #expect(report.verdict.ranking.tierIndex(of: keyid) == report.verdict.ranking.tierIndex(of: crdt))
        #expect(report.verdict.ranking.tierIndex(of: lww) > report.verdict.ranking.tierIndex(of: keyid))
    }

    /// Offline edits of records created once: no option makes a duplicate,
    /// so nothing is ranked on duplicates; lost writes and divergence decide.
    @Test func offlineEditsAloneRankOnLostWritesAndDivergence() throws {
        let result = try Self.matrix([.offlineEdits])
        let report = AdviceReport(subject: .init(model: "Contacts", keys: ["Contact.email"], devices: 3), result: result)
        let verdict = report.verdict
        for option in result.options.indices {
            #expect(verdict.overall[option].figures[.duplicatesPeak].worst == 0, "\(result.options[option])")
            #expect(verdict.overall[option].figures[.duplicateSeconds].worst == 0, "\(result.options[option])")
        }
        #expect(!verdict.ranking.evidence.isEmpty, "the options are not all tied")
        for evidence in verdict.ranking.evidence {
            #expect(![.duplicatesPeak, .duplicateSeconds].contains(evidence.harm), "ranked on \(evidence.harm)")
        }
        // The recommendation and every option tied with it lost nothing.
        for option in verdict.ranking.tiers[0].options {
            #expect(verdict.overall[option].figures[.lostWrites].worst == 0, "\(result.options[option])")
        }
        // `lww` keeps the last record whole: one device's offline edits of
        // another field are lost; `crdt` merges per field and loses none.
        let lww = Self.option(result, "cksyncengine", "lww")
        let crdt = Self.option(result, "cksyncengine", "crdt")
        #expect(verdict.overall[lww].figures[.lostWrites].mean > 0)
        #expect(verdict.overall[crdt].figures[.lostWrites].worst == 0)
        #expect(verdict.ranking.comparison(crdt, lww) == .better(on: .lostWrites))
        // No write lost in 3 runs: 0%, with the Wilson interval worked out
        // by hand, [0, 1.96²/(3 + 1.96²)] = [0, 56%].
        #expect(report.lossRateText(option: crdt, habit: "offline-edits") == "0% [0, 56]")
    }
}
