import Foundation
import SyncExperiments
import SyncSimulation

/// `simulate explore`: seeded fault schedules over one scenario, a line per
/// failing seed with the command that replays it, and with `--shrink` a
/// minimal scenario file per failure.
enum ExploreCommands {
    static func explore(_ options: CommandLineOptions) -> Never {
        let file = options.paths[0]
        guard let data = FileManager.default.contents(atPath: file) else { exitWithUsageError("\(file): no such file") }
        let plan = Explore.Plan(file: file, text: String(decoding: data, as: UTF8.self), seeds: options.seeds,
                                nemesis: options.nemesis ?? ExploreNemesis(), checksInvariants: options.checksInvariants)
        let bar = ProgressBar("explore", quiet: options.quiet)
        let target: Explore.Target
        let outcomes: [Explore.SeedOutcome]
        do {
            target = try Explore.prepare(plan)
            outcomes = try Explore.run(target, seeds: plan.seeds) { bar.update(done: $0, total: $1) }
        } catch {
            bar.clear()
            exitWithUsageError(error.description)
        }
        bar.clear()

        let failing = outcomes.filter(\.failed)
        print("explore \(target.scenarioName): \(seedsText(plan.seeds)), nemesis \(plan.nemesis.argument(runUntilMicros: target.runUntilMicros)), "
            + "checking expectations, liveness\(plan.checksInvariants ? " and invariants" : "")")
        printAligned(failing.map { outcome in
            let failure = outcome.failures[0]
            let more = outcome.failures.count > 1 ? " (and \(outcome.failures.count - 1) more)" : ""
            return ["FAIL", "seed \(outcome.seed)", failure.strategy, failure.summary + more,
                    "replay: " + replay(options, target: target, seed: outcome.seed, failure: failure)]
        })
        if options.shrink && !failing.isEmpty {
            let shrinkBar = ProgressBar("shrink", quiet: options.quiet)
            let results = Explore.shrink(target, failing: failing) { shrinkBar.update(done: $0, total: $1) }
            shrinkBar.clear()
            printAligned(zip(failing, results).map { outcome, result in
                guard let result else {
                    return ["SHRUNK", "seed \(outcome.seed)", outcome.failures[0].strategy,
                            "not reproduced with this strategy alone (runs of strategies should be independent: a SyncSim bug)"]
                }
                let path = (options.out! as NSString).appendingPathComponent(result.fileName)
                var command = "simulate check \(shellQuoted(path))"
                if case .invariant = result.failure { command += " --check-invariants" }
                OutputFiles.write([result.fileName: result.fileText(replay: command)], to: options.out!)
                let budget = result.budgetSpent ? " (budget spent)" : ""
                return ["SHRUNK", "seed \(result.seed)", result.failure.strategy,
                        "\(result.runs) runs\(budget): \(DocumentSize.comparison(result.before, result.after))", "replay: \(command)"]
            })
        }
        print("\(outcomes.count - failing.count) passed, \(failing.count) failed")
        exit(failing.isEmpty ? 0 : 1)
    }

    /// The command that runs exactly this seed's schedule again.
    static func replay(_ options: CommandLineOptions, target: Explore.Target, seed: UInt64, failure: ExploreFailure) -> String {
        var command = "simulate explore \(shellQuoted(target.file)) --seeds \(seed)..\(seed)"
        if let nemesis = options.nemesis { command += " --nemesis \(nemesis.argument(runUntilMicros: target.runUntilMicros))" }
        if case .invariant = failure { command += " --check-invariants" }
        return command
    }

    /// `seeds 1..30` for a run of consecutive seeds, else `seeds 1,5,9`
    /// (or `12 seeds` when that is long).
    static func seedsText(_ seeds: [UInt64]) -> String {
        if let first = seeds.first, let last = seeds.last, seeds.count > 1, last >= first, last - first == UInt64(seeds.count - 1),
           zip(seeds, seeds.dropFirst()).allSatisfy({ $0 + 1 == $1 }) {
            return "seeds \(first)..\(last)"
        }
        return seeds.count <= 8 ? "seeds " + seeds.map(String.init).joined(separator: ",") : "\(seeds.count) seeds"
    }

    /// Rows with every column but the last padded to the widest.
    static func printAligned(_ rows: [[String]]) {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0 ..< columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        for row in rows {
            print(row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column] + String(repeating: " ", count: widths[column] - row[column].count)
            }.joined(separator: "  "))
        }
    }

    /// A path as a shell reads it: bare when it holds only safe characters.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0" ... "9").contains($0) || "/._-+:@%".unicodeScalars.contains($0)) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
