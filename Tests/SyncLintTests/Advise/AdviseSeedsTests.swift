import Foundation
import SyncExperiments
import SyncScenarioFile
import SyncSimulation
import Testing
@testable import SyncLint

/// advise's default seeds (``AdviceSeeds``): 1..20, doubled while the
/// recommendation ties with an option whose means differ, up to 1..80.
struct AdviseSeedsTests {
    typealias F = AdviseHabitFixtures

    static func workloads(_ habits: [AdviceHabit]) throws -> [AdviceWorkloadFile] {
        let (model, keys) = try F.contacts()
        let workload = try AdviceWorkload(deviceCount: 3, dropProbability: 0)
        return try AdviceScenarioWriter.scenarios(for: model, source: "Model.swift", keys: keys, habits: habits, workload: workload)
            .map { AdviceWorkloadFile(name: $0.habit.rawValue, path: $0.fileName, data: Data($0.text.utf8)) }
    }

    static let subject = AdviceReport.Subject(model: "Contacts", keys: ["Contact.email"], devices: 3)

    /// The two options the tie below is between (SQLiteData's `keyid`
    /// under both readings, CKSyncEngine's `unique:objectTrump`): the
    /// whole matrix would find the same tie at several times the cost.
    static let tiedStacks = [AdviceStack(preset: "sqlitedata", strategies: ["keyid"]),
                             AdviceStack(preset: "cksyncengine", strategies: ["unique:objectTrump"])]

    /// Runs with more seeds, appended, are the runs of all the seeds at once.
    @Test func appendedSeedsAreTheRunsOfAllTheSeeds() throws {
        let files = try Self.workloads([.seeding, .offlineEdits])
        let stacks = [AdviceStack(preset: "cksyncengine", strategies: ["lww", "crdt"]), AdviceStack(preset: "ownserver", strategies: ["dedupe"])]
        let whole = try AdviceMatrix.run(AdviceMatrix.Plan(workloads: files, stacks: stacks, seeds: [1, 2, 3, 4]))
        let first = try AdviceMatrix.run(AdviceMatrix.Plan(workloads: files, stacks: stacks, seeds: [1, 2]))
        let later = try AdviceMatrix.run(AdviceMatrix.Plan(workloads: files, stacks: stacks, seeds: [3, 4]))
        let appended = first.appending(later)
        #expect(appended.plan.seeds == [1, 2, 3, 4])
        #expect(appended.options == whole.options)
        #expect(appended.figures == whole.figures)
    }

    /// Progress hears the total before any scenario is read, so that a log
    /// line can say something while a large model's scenarios are read
    /// (issue 41), and ends at every job done.
    @Test func progressHearsTheTotalBeforeAnyRun() throws {
        let files = try Self.workloads([.seeding, .offlineEdits])
        let stacks = [AdviceStack(preset: "cksyncengine", strategies: ["lww"])]
        let heard = LockedBox<[[Int]]>([])
        _ = try AdviceMatrix.run(AdviceMatrix.Plan(workloads: files, stacks: stacks, seeds: [1, 2])) { done, total in
            heard.withLock { $0.append([done, total]) }
        }
        let calls = heard.withLock { $0 }
        #expect(calls.first == [0, 4])
        #expect(calls.map { $0[0] }.max() == 4 && calls.allSatisfy { $0[1] == 4 })
    }

    /// Reinstall on CKSyncEngine and SQLiteData: at 1..20 and 1..40 the
    /// recommendation ties with `cksyncengine unique:objectTrump` although
    /// their mean messages differ; at 1..80 the intervals decide. The note
    /// says so, round by round, and no warning is left.
    @Test func anUndecidedTieDoublesTheSeedsUntilTheIntervalsDecide() throws {
        let files = try Self.workloads([.reinstall])
        let stacks = Self.tiedStacks
        let firstRound = AdviceReport(subject: Self.subject,
                                      result: try AdviceMatrix.run(AdviceMatrix.Plan(workloads: files, stacks: stacks, seeds: AdviceSeeds.first)))
        let tie = try #require(firstRound.undecidedTieOption)
        #expect(firstRound.result.options[tie.option].description == "cksyncengine [fetchBetween] unique:objectTrump")
        #expect(tie.harm == .messages)

        let report = try AdviceSeeds.report(workloads: files, stacks: stacks, subject: Self.subject, order: AdviceHarm.defaultOrder)
        #expect(report.result.plan.seeds == Array(1 ... 80))
        #expect(report.undecidedTieOption == nil)
        let note = try #require(report.subject.notes.last)
        #expect(note.hasPrefix("seeds 1..80, not the first round's 1..20: at 1..20 the recommendation ties with cksyncengine "
            + "[fetchBetween] unique:objectTrump although their means of network messages differ"), "\(note)")
        #expect(note.contains("; at 1..40 the recommendation ties with cksyncengine [fetchBetween] unique:objectTrump"))
        #expect(!report.text.contains("warning:"))
    }

    /// A first round that decides every tie is the report: 1..20, no note.
    @Test func aDecidedFirstRoundKeepsTwentySeeds() throws {
        let files = try Self.workloads([.import])
        let stacks = Self.tiedStacks
        let report = try AdviceSeeds.report(workloads: files, stacks: stacks, subject: Self.subject, order: AdviceHarm.defaultOrder)
        #expect(report.undecidedTieOption == nil)
        #expect(report.result.plan.seeds == AdviceSeeds.first)
        #expect(report.subject.notes.isEmpty)
    }
}
