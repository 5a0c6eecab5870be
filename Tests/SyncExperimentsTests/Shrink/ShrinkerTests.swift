@testable import SyncExperiments
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// Shrinking keeps the failure and makes the document smaller.
struct ShrinkerTests {
    static let failure = ExploreFailure.expectation(strategy: "dedupe", expectation: ExploreTests.duplicatePeak, actual: 1)

    @Test func aShrunkFailureIsSmallerAndStillFailsWhenReadAsAFile() throws {
        let target = try Fixtures.target()
        let result = try #require(Shrinker(target: target, seed: 3, failure: Self.failure).shrink())
        #expect(result.before == DocumentSize(of: target.document(seed: 3)))
        #expect(result.before.steps == 5 && result.before.replicas == 3)
        #expect(result.before.importedRecords == 20 && result.before.randomOperations == 15)
        // Two creates, the partition that keeps them apart and its heal, on two replicas.
        #expect(result.after.steps == 4)
        #expect(result.after.replicas == 2)
        #expect(result.after.importedRecords == 0 && result.after.randomOperations == 0)
        #expect(result.after.bytes < result.before.bytes)
        #expect(result.faultsWrittenOut)
        #expect(!result.budgetSpent)
        #expect(result.runs > 1 && result.runs < 100)

        let (document, failures) = try Fixtures.run(result.document)
        #expect(failures.map(\.signature).contains(Self.failure.signature))
        #expect(document.seed == 3)
        #expect(document.strategyNames == ["dedupe"])
        #expect(document.expectations == [ExploreTests.duplicatePeak])
        #expect(document.scenario.name == "late-create-seed-3")
        #expect(!document.scenario.steps.contains { if case .nemesis = $0.action { true } else { false } })
        #expect(result.document.steps.map { $0.atMicros } == result.document.steps.map { $0.atMicros }.sorted())
    }

    @Test func shrinkingIsDeterministic() throws {
        let target = try Fixtures.target()
        let first = try #require(Shrinker(target: target, seed: 4, failure: Self.failure).shrink())
        let second = try #require(Shrinker(target: target, seed: 4, failure: Self.failure).shrink())
        #expect(first.fileText(replay: "x") == second.fileText(replay: "x"))
        #expect(first.runs == second.runs)
    }

    @Test func theBudgetBoundsTheRuns() throws {
        let target = try Fixtures.target()
        let result = try #require(Shrinker(target: target, seed: 3, failure: Self.failure, maxRuns: 3).shrink())
        #expect(result.runs == 3)
        #expect(result.budgetSpent)
        #expect(try Fixtures.run(result.document).failures.map(\.signature).contains(Self.failure.signature))
        #expect(result.fileText(replay: "r").contains("3 shrink runs (the budget: smaller candidates were left untried)"))
    }

    /// A broken liveness promise is carried as `liveness equals 1`, which the
    /// shrunk file fails: here a network that loses all but one message in
    /// 10,000 (a nemesis that runs to `until` no longer breaks the promise:
    /// such a run is cut short, its liveness not judged).
    @Test func aLivenessFailureBecomesALivenessExpectation() throws {
        let target = try Fixtures.target(ExploreFixtures.lossyCreate)
        let liveness = ExploreFailure.liveness(strategy: "dedupe", quiesced: false, diverged: 1)
        let result = try #require(Shrinker(target: target, seed: 1, failure: liveness).shrink())
        let (document, failures) = try Fixtures.run(result.document)
        #expect(document.expectations == [Expectation(strategy: "dedupe", metric: .liveness, bound: .equals(1))])
        #expect(failures.contains(.expectation(strategy: "dedupe", expectation: document.expectations[0], actual: 0)))
        #expect(failures.contains { $0.signature == liveness.signature })
        #expect(result.after.steps <= result.before.steps)
    }

    /// The file's own figure is named when it differs from the seed's.
    @Test func theHeaderGivesTheFilesOwnFigure() throws {
        let document = try JSON5Value.parse(#"{ name: "x" }"#)
        let found = ExploreFailure.expectation(strategy: "crdt", expectation: Expectation(strategy: "crdt", metric: .lostWrites, bound: .equals(0)), actual: 4)
        let kept = ExploreFailure.expectation(strategy: "crdt", expectation: Expectation(strategy: "crdt", metric: .lostWrites, bound: .equals(0)), actual: 1)
        let size = DocumentSize(of: document)
        let result = ShrinkResult(file: "f.json5", scenarioName: "x", seed: 8, failure: found, document: document, documentFailure: kept,
                                  runs: 2, before: size, after: size, faultsWrittenOut: false, budgetSpent: false)
        #expect(result.fileText(replay: "r").split(separator: "\n")[1] == "// Failure: crdt: lostWrites = 0, actual 4 (in this file: lostWrites = 0, actual 1)")
    }

    @Test func theFileSaysWhereItCameFrom() throws {
        let result = try #require(Shrinker(target: try Fixtures.target(), seed: 3, failure: Self.failure).shrink())
        #expect(result.fileName == "late-create-seed-3.json5")
        let lines = result.fileText(replay: "simulate check out/late-create-seed-3.json5").split(separator: "\n").map(String.init)
        #expect(lines[0] == "// Shrunk by `simulate explore --shrink` from late-create.json5, seed 3.")
        #expect(lines[1] == "// Failure: dedupe: duplicates.peak = 0, actual 1")
        #expect(lines[2] == "// \(result.runs) shrink runs. Before → after: \(DocumentSize.comparison(result.before, result.after)).")
        #expect(lines[3] == "// The nemesis's partitions, heals, crashes and restarts are written out as plain steps.")
        #expect(lines[4] == "// Explore's faults: \(result.exploreFaultSteps.map { "steps[\($0)]" }.joined(separator: ", ")). "
            + "Without them this file passes, as late-create.json5 does with seed 3.")
        #expect(lines[5] == "// Replay: simulate check out/late-create-seed-3.json5")
        #expect(lines[6] == "{")
    }
}
