import Foundation
import SyncScenarioFile
import SyncSimulation

/// Reads a scenario document through ``SyncSimulation/ScenarioFile`` (the
/// one authority on what a file means), runs every strategy it names on
/// memory stores, and lists its failures.
struct DocumentRunner: Sendable {
    /// Names the document in errors.
    let file: String
    let checksInvariants: Bool
    /// Each run's limits (`--max-events`, `--max-memory`).
    var limits = RunLimits()

    struct Outcome: Sendable {
        /// Broken invariants first (strategy order), then expectations that
        /// did not hold (the file's order, then strategy order), then broken
        /// liveness promises (strategy order).
        let failures: [ExploreFailure]
        /// The runs that finished, in strategy order.
        let results: [RunResult]
    }

    /// Reads the document as a file holding exactly `tree` would be read.
    func read(_ tree: JSON5Value, seed: UInt64? = nil) throws(ScenarioFileError) -> ScenarioDocument {
        try ScenarioFile.parse(Data(tree.rendered().utf8), file: file, seed: seed)
    }

    /// Runs `document`: each strategy alone, so that an invariant broken
    /// under one still leaves the others' figures.
    func run(_ document: ScenarioDocument) -> Outcome {
        var results: [RunResult] = []
        var invariants: [ExploreFailure] = []
        var scenario = document.scenario
        limits.apply(to: &scenario)
        for name in document.strategyNames {
            let strategy = StrategyCatalog.strategy(named: name)!
            do {
                results += try Comparison.run(scenario: scenario, strategies: [strategy], seed: document.seed,
                                              store: .memory, checksInvariants: checksInvariants)
            } catch {
                switch error {
                case .invariant(let violation):
                    invariants.append(.invariant(strategy: name, name: violation.name, description: violation.description))
                case .store(let storeError):
                    preconditionFailure("a memory store failed to open: \(storeError.message)")
                }
            }
        }
        let expectations = ExpectationOutcome.check(document.expectations, against: results)
            .filter { !$0.passed }
            .map { ExploreFailure.expectation(strategy: $0.strategy, expectation: $0.expectation, actual: $0.actual) }
        let liveness = results.filter { $0.liveness == .failed }
            .map { ExploreFailure.liveness(strategy: $0.strategy, quiesced: $0.quiesced, diverged: $0.diverged) }
        return Outcome(failures: invariants + expectations + liveness, results: results)
    }
}
