import Foundation
import SyncReport
import SyncSimulation

/// What `simulate explore` found, seed by seed: the one value that its
/// text, JSON, JUnit and GitHub outputs and its exit status are all read
/// from.
public struct ExploreResult: Sendable {
    /// The scenario file, as given.
    public let file: String
    /// The scenario's `name`.
    public let scenarioName: String
    /// The nemesis's settings, every key spelt out as `--nemesis` takes them.
    public let nemesisArgument: String
    /// Whether the runs checked the simulator's invariants.
    public let checksInvariants: Bool
    /// In the order of `--seeds`.
    public var seeds: [ExploreSeedResult]

    /// Every seed's outcome, with the command that replays it. `nemesisGiven`:
    /// `--nemesis` was given, so replays spell the settings out.
    public init(target: Explore.Target, outcomes: [Explore.SeedOutcome], nemesisGiven: Bool) {
        file = target.file
        scenarioName = target.scenarioName
        nemesisArgument = target.nemesis.argument(runUntilMicros: target.runUntilMicros)
        checksInvariants = target.checksInvariants
        seeds = outcomes.map { outcome in
            var replay = ReplayCommand.explore(file: target.file, seed: outcome.seed,
                                               nemesis: nemesisGiven ? target.nemesis.argument(runUntilMicros: target.runUntilMicros) : nil)
            if case .invariant? = outcome.failures.first { replay.add("--check-invariants") }
            return ExploreSeedResult(outcome: outcome, replay: replay.description, failureLines: outcome.failures.map(target.line(of:)))
        }
    }

    /// The seeds that failed, in the order of `--seeds`.
    public var failing: [ExploreSeedResult] { seeds.filter(\.failed) }
    /// Seeds with no failure.
    public var passedCount: Int { seeds.count - failedCount }
    /// Seeds with at least one failure.
    public var failedCount: Int { seeds.filter(\.failed).count }

    /// 1 when a seed failed, else 0.
    public var exitStatus: ExitStatus { failedCount > 0 ? .expectationFailed : .passed }

    /// Records what `--shrink` made of each failing seed: `results` in
    /// the order of ``failing`` (``Explore/shrink(_:failing:maxRuns:progress:)``),
    /// each file to be written under `folder`.
    public mutating func recordShrinks(_ results: [ShrinkResult?], folder: String) {
        let failingIndices = seeds.indices.filter { seeds[$0].failed }
        precondition(failingIndices.count == results.count, "one shrink per failing seed")
        for (index, result) in zip(failingIndices, results) {
            guard let result else {
                seeds[index].shrink = .notReproduced
                continue
            }
            let path = (folder as NSString).appendingPathComponent(result.fileName)
            var replay = ReplayCommand.check(file: path)
            if case .invariant = result.failure { replay.add("--check-invariants") }
            seeds[index].shrink = .written(result, path: path, replay: replay.description)
        }
    }
}

/// One seed's part of an explore.
public struct ExploreSeedResult: Sendable {
    /// The seed and its failures.
    public let outcome: Explore.SeedOutcome
    /// The command that runs exactly this seed's schedule again.
    public let replay: String
    /// Each failure's expectation's line in the scenario file; nil for a
    /// liveness or an invariant failure.
    public let failureLines: [Int?]
    /// What `--shrink` made of the first failure; nil without `--shrink`
    /// and for a passing seed.
    public var shrink: ExploreShrink?

    /// The seed that was run.
    public var seed: UInt64 { outcome.seed }
    /// The seed's failures; empty when it passed.
    public var failures: [ExploreFailure] { outcome.failures }
    /// Whether the seed failed.
    public var failed: Bool { outcome.failed }

    /// Where an annotation of this seed points: the first failure's
    /// expectation's line, else the file's first line.
    public var annotationLine: Int { failureLines.first.flatMap { $0 } ?? 1 }

    /// `lww duplicates.final = 20, actual 10 (and 1 more)`: the first
    /// failure, as every output names it.
    public var failureText: String? {
        guard let first = failures.first else { return nil }
        return "\(first.strategy) \(first.summary)" + (failures.count > 1 ? " (and \(failures.count - 1) more)" : "")
    }
}

/// What `--shrink` made of a failing seed.
public enum ExploreShrink: Sendable {
    /// The file to write at `path`, and the command that checks it.
    case written(ShrinkResult, path: String, replay: String)
    /// The first failure did not recur with its strategy alone: runs of
    /// strategies should be independent, so this is a SyncSim bug.
    case notReproduced
}
