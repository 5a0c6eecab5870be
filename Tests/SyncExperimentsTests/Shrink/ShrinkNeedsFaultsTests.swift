@testable import SyncExperiments
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// Issue 28, item 2: a shrunk failure keeps what made the original fail. It
/// fails with the faults explore found and, as the original does, passes
/// without them; when no smaller file does both, the result is the
/// scenario as explored.
struct ShrinkNeedsFaultsTests {
    static let twentyDuplicates = Expectation(strategy: "lww", metric: .duplicatesFinal, bound: .equals(20))
    static let lostImport = ExploreFailure.expectation(strategy: "lww", expectation: twentyDuplicates, actual: 10)

    static func offlineImport(seeds: [UInt64] = [1]) throws -> Explore.Target {
        try Explore.prepare(Explore.Plan(file: "offline-import.json5", text: ExploreFixtures.offlineImport, seeds: seeds, checksInvariants: false))
    }

    /// `document` without the steps at `indices`.
    static func removingSteps(_ indices: [Int], from document: JSON5Value) -> JSON5Value {
        document.withSteps(document.steps.enumerated().filter { !indices.contains($0.offset) }.map(\.element))
    }

    /// The file passes every seed without faults, and fails on these with them.
    @Test func theOfflineImportFailsOnlyUnderTheNemesis() throws {
        let seeds = Array(UInt64(1) ... 20)
        let target = try Self.offlineImport(seeds: seeds)
        let outcomes = try Explore.run(target, seeds: seeds)
        #expect(outcomes.filter(\.failed).map(\.seed) == [4, 5, 11, 13, 14, 17, 20])
        #expect(outcomes.filter(\.failed).allSatisfy { $0.failures == [Self.lostImport] })
        for seed in seeds {
            let calm = try target.runner.read(Self.removingSteps([target.nemesisStepIndex], from: target.document(seed: seed)))
            #expect(target.runner.run(calm).failures.isEmpty, "seed \(seed)")
        }
    }

    /// Before the fix, seed 4 shrank to an empty file (steps 4 → 0,
    /// replicas 3 → 1) that has 0 duplicates and fails with no fault at all.
    @Test func seedFourShrinksToTheCrashThatLosesAnImport() throws {
        let target = try Self.offlineImport()
        let result = try #require(Shrinker(target: target, seed: 4, failure: Self.lostImport).shrink())
        #expect(result.shrunk)
        #expect(result.failureNeedsFaults)
        #expect(result.faultsWrittenOut)
        #expect(result.documentFailure == Self.lostImport)
        #expect(result.document.steps.map(\.inline) == [
            #"{ at: "0s", crash: "r2" }"#,
            #"{ at: "100ms", on: "all", import: { entity: "User", count: 10 } }"#,
            #"{ at: "300ms", restart: "r2" }"#,
        ])
        #expect(result.exploreFaultSteps == [0, 2])
        #expect(result.document.untilMicros == 2_300_000)
        #expect(DocumentSize.comparison(result.before, result.after)
            == "steps 4 → 3, replicas 3 → 3, imported records 30 → 30, random operations 0 → 0, bytes 594 → 529")
        #expect(!result.document.rendered().contains(JSON5Value.exploreFaultKey), "no mark is left in the file")

        #expect(try Fixtures.run(result.document).failures == [Self.lostImport])
        #expect(try Fixtures.run(Self.removingSteps(result.exploreFaultSteps, from: result.document)).failures.isEmpty)
        #expect(result.fileText(replay: "r").contains(
            "// Explore's faults: steps[0], steps[2]. Without them this file passes, as offline-import.json5 does with seed 4.\n"))
    }

    /// The property, on every failing seed of 1…20: the shrunk file fails
    /// with explore's faults and passes without them.
    @Test(arguments: [4, 5, 11, 13, 14, 17, 20] as [UInt64])
    func noShrunkFileFailsWithoutTheFaults(seed: UInt64) throws {
        let target = try Self.offlineImport()
        let result = try #require(Shrinker(target: target, seed: seed, failure: Self.lostImport).shrink())
        #expect(result.failureNeedsFaults)
        #expect(!result.exploreFaultSteps.isEmpty)
        #expect(try Fixtures.run(result.document).failures.map(\.signature) == [Self.lostImport.signature], "seed \(seed)")
        #expect(try Fixtures.run(Self.removingSteps(result.exploreFaultSteps, from: result.document)).failures.isEmpty, "seed \(seed)")
    }

    /// A failure the file has without any fault does not need the faults:
    /// the shrink may drop them, and every step, as before.
    @Test func aFailureWithoutFaultsMayLoseThem() throws {
        let text = ExploreFixtures.offlineImport.replacingOccurrences(of: "equals: 20", with: "equals: 25")
        let target = try Explore.prepare(Explore.Plan(file: "offline-import.json5", text: text, seeds: [1], checksInvariants: false))
        let failure = try #require(try Explore.outcome(target, seed: 1).failures.first)
        let result = try #require(Shrinker(target: target, seed: 1, failure: failure).shrink())
        #expect(!result.failureNeedsFaults)
        #expect(result.shrunk)
        #expect(result.after.steps == 0 && result.after.replicas == 1)
        #expect(result.exploreFaultSteps.isEmpty)
        #expect(!result.fileText(replay: "r").contains("Explore's faults"))
    }

    /// Under one crash for the first second, pair-import loses a device's
    /// import on every seed; no smaller file keeps that failure and passes
    /// without the crash, so the result is the scenario as explored.
    @Test func whenNoSmallerFileKeepsTheFailureTheOriginalIsTheResult() throws {
        let nemesis = try #require(ExploreNemesis(argument: ExploreFixtures.pairImportNemesis))
        let target = try Explore.prepare(Explore.Plan(file: "pair-import.json5", text: ExploreFixtures.pairImport, seeds: [1], nemesis: nemesis,
                                                      checksInvariants: false))
        let failure = ExploreFailure.expectation(strategy: "lww", expectation: Expectation(strategy: "lww", metric: .duplicatesFinal, bound: .equals(1)),
                                                 actual: 0)
        #expect(try Explore.outcome(target, seed: 1).failures == [failure])
        let result = try #require(Shrinker(target: target, seed: 1, failure: failure).shrink())
        #expect(!result.shrunk)
        #expect(result.failureNeedsFaults)
        #expect(!result.faultsWrittenOut)
        #expect(!result.budgetSpent)
        let explored = try #require(Shrinker(target: target, seed: 1, failure: failure).reduced(target.document(seed: 1)))
        #expect(result.document == explored.unmarked)
        #expect(result.document.steps.map(\.inline) == [
            #"{ at: "100ms", on: "all", import: { entity: "User", count: 1 } }"#,
            #"{ at: "0s", nemesis: { every: "1s", until: "1s", partition: 0.0, crash: 1.0 } }"#,
        ])
        #expect(result.exploreFaultSteps == [1])
        let lines = result.fileText(replay: "r").split(separator: "\n").map(String.init)
        #expect(lines[3] == "// No smaller file keeps this failure: this is the scenario as explored, cut to the failing strategy and expectation.")
        #expect(lines[4] == "// The fault schedule is still the nemesis step, drawn from this file's seed.")
        #expect(lines[5] == "// Explore's faults: steps[1]. Without them this file passes, as pair-import.json5 does with seed 1.")
        #expect(try Fixtures.run(result.document).failures == [failure])
        #expect(try Fixtures.run(Self.removingSteps([1], from: result.document)).failures.isEmpty)
    }
}
