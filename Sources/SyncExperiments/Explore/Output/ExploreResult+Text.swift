import SyncSimulation

/// `simulate explore`'s text: a header, a FAIL line per failing seed with
/// its replay, a SHRUNK line per shrunk failure, then the counts. The
/// command prints the FAIL lines before it shrinks, so each part is its own.
extension ExploreResult {
    /// `explore late-create: seeds 1..6, nemesis every=…, checking expectations, liveness and invariants`.
    public var headerLine: String {
        "explore \(scenarioName): \(Self.seedsText(seeds.map(\.seed))), nemesis \(nemesisArgument), "
            + "checking expectations, liveness\(checksInvariants ? " and invariants" : "")"
    }

    /// `FAIL  seed 3  dedupe  duplicates.peak = 0, actual 1  replay: …`, aligned.
    public func failLines() -> [String] {
        Self.aligned(failing.map { seed in
            let failure = seed.failures[0]
            let more = seed.failures.count > 1 ? " (and \(seed.failures.count - 1) more)" : ""
            return ["FAIL", "seed \(seed.seed)", failure.strategy, failure.summary + more, "replay: \(seed.replay)"]
        })
    }

    /// `SHRUNK  seed 3  dedupe  42 runs: steps 5 → 4, …  replay: simulate check …`,
    /// aligned; a shrink that kept no smaller file says so.
    public func shrinkLines() -> [String] {
        Self.aligned(failing.compactMap { seed -> [String]? in
            switch seed.shrink {
            case nil:
                return nil
            case .notReproduced:
                return ["SHRUNK", "seed \(seed.seed)", seed.failures[0].strategy,
                        "not reproduced with this strategy alone (runs of strategies should be independent: a SyncSim bug)"]
            case .written(let result, _, let replay)?:
                let budget = result.budgetSpent ? " (budget spent)" : ""
                let sizes = result.shrunk
                    ? DocumentSize.comparison(result.before, result.after)
                    : "no smaller file keeps this failure; wrote the scenario as explored"
                return ["SHRUNK", "seed \(result.seed)", result.failure.strategy, "\(result.runs) runs\(budget): \(sizes)", "replay: \(replay)"]
            }
        })
    }

    /// `3 passed, 3 failed`.
    public var summaryLine: String { "\(passedCount) passed, \(failedCount) failed" }

    /// `seeds 1..30` for a run of consecutive seeds, else `seeds 1,5,9`
    /// (or `12 seeds` when that is long).
    static func seedsText(_ seeds: [UInt64]) -> String {
        if let first = seeds.first, let last = seeds.last, seeds.count > 1, last >= first, last - first == UInt64(seeds.count - 1),
           zip(seeds, seeds.dropFirst()).allSatisfy({ $0 < $1 }) {
            return "seeds \(first)..\(last)"
        }
        return seeds.count <= 8 ? "seeds " + seeds.map(String.init).joined(separator: ",") : "\(seeds.count) seeds"
    }

    /// Rows with every column but the last padded to the widest.
    static func aligned(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0 ..< columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column] + String(repeating: " ", count: widths[column] - row[column].count)
            }.joined(separator: "  ")
        }
    }
}
