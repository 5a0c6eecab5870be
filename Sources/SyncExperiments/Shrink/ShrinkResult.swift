import SyncScenarioFile
import SyncSimulation

/// A minimised failure: the document, what it took, and how much smaller it is.
public struct ShrinkResult: Sendable {
    /// The explored scenario file, as given.
    public let file: String
    /// The scenario's `name`.
    public let scenarioName: String
    /// The seed whose failure was shrunk.
    public let seed: UInt64
    /// The failure found by explore, which the document still shows.
    public let failure: ExploreFailure
    /// The smallest document found that still fails the same way.
    public let document: JSON5Value
    /// How `document` fails: the same failure, with this run's figures.
    public let documentFailure: ExploreFailure
    /// Candidates run, the baseline included.
    public let runs: Int
    /// The document explore ran for this seed (the file, its nemesis step and the seed).
    public let before: DocumentSize
    /// The size of ``document``.
    public let after: DocumentSize
    /// True when the nemesis's faults are written out as plain steps.
    public let faultsWrittenOut: Bool
    /// True when the run budget ran out before no smaller candidate failed.
    public let budgetSpent: Bool
    /// False when no smaller file kept the failure: `document` is then the
    /// scenario as explored (the failing strategy and expectation only,
    /// the nemesis step, the seed).
    public var shrunk = true
    /// True when the explored document passed without explore's faults:
    /// the failure needs them, and `document` too fails with them and
    /// passes without them.
    public var failureNeedsFaults = false
    /// Where explore's faults stand in `document`'s steps, from 0: the
    /// nemesis step, or the steps it was written out as.
    public var exploreFaultSteps: [Int] = []

    /// `<scenario>-seed-<S>.json5`, with characters other than letters,
    /// digits, `.`, `_` and `-` in the scenario name replaced by `-`.
    public var fileName: String {
        let safe = String(scenarioName.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0" ... "9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
                ? Character(scalar) : "-"
        })
        return "\(safe)-seed-\(seed).\(ScenarioFile.fileExtension)"
    }

    /// The file to write: a header comment (where it came from, the
    /// failure, the runs and sizes, and `replay`), then the document.
    public func fileText(replay: String) -> String {
        var header = [
            "Shrunk by `simulate explore --shrink` from \(file), seed \(seed).",
            "Failure: \(failure.strategy): \(failure.summary)"
                + (documentFailure.summary == failure.summary ? "" : " (in this file: \(documentFailure.summary))"),
            "\(runs) shrink runs\(budgetSpent ? " (the budget: smaller candidates were left untried)" : ""). Before → after: \(DocumentSize.comparison(before, after)).",
        ]
        if !shrunk {
            header.append("No smaller file keeps this failure: this is the scenario as explored, cut to the failing strategy and expectation.")
        }
        header.append(faultsWrittenOut
            ? "The nemesis's partitions, heals, crashes and restarts are written out as plain steps."
            : "The fault schedule is still the nemesis step, drawn from this file's seed.")
        if failureNeedsFaults {
            let steps = exploreFaultSteps.map { "steps[\($0)]" }.joined(separator: ", ")
            header.append("Explore's faults: \(steps). Without them this file passes, as \(file) does with seed \(seed).")
        }
        if case .invariant = failure {
            header.append("The failure is a broken invariant, which only a run with invariant checks shows.")
        }
        header.append("Replay: \(replay)")
        return header.map { "// \($0)\n" }.joined() + document.rendered()
    }
}
