import Foundation
import SyncExperiments
import SyncReport
import SyncScenarioFile
import SyncSimulation

/// `simulate sweep` and `simulate merge`.
enum SweepCommands {
    static func sweep(_ options: SweepOptions) {
        let file = options.paths[0]
        guard let data = FileManager.default.contents(atPath: file) else { exitWithUsageError("\(file): no such file") }
        var plan = Sweep.Plan(file: file, data: data, parameters: options.variations, seeds: options.seeds, strategies: options.strategyNames)
        plan.limits = options.limits.runLimits
        let bar = ProgressBar("sweep", quiet: options.quiet)
        let runs: Sweep.Runs
        do {
            runs = try Sweep.run(plan, shard: options.shard.index, of: options.shard.count, store: options.store,
                                 checksInvariants: options.checksInvariants) { done, total in
                bar.update(done: done, total: total)
            }
        } catch {
            bar.clear()
            exitWithUsageError(error.description)
        }
        bar.clear()
        if options.shard.count > 1 {
            let name = SweepParts.fileName(shard: options.shard.index, of: options.shard.count)
            OutputFiles.write([name: SweepParts.json(plan: plan, runs: runs, shard: options.shard.index, of: options.shard.count).rendered()],
                              to: options.out!)
            StandardOutput.writeLine("wrote \((options.out! as NSString).appendingPathComponent(name)): \(runs.values.count) of \(plan.jobCount) jobs")
            return
        }
        finish(plan, runs, out: options.out, format: options.format)
    }

    static func merge(_ options: MergeOptions) {
        do {
            var parts: [SweepParts.Part] = []
            for path in options.paths { parts.append(try SweepParts.read(path)) }
            let (plan, runs) = try SweepParts.merge(parts, paths: options.paths)
            finish(plan, runs, out: options.out, format: options.format, command: .merge)
        } catch {
            exitWithUsageError(error.description)
        }
    }

    /// Writes the summary files and every run's figures (`sweep-runs.csv`)
    /// under `out`, and prints the Markdown summary, or with `--format
    /// json` the document `sweep.json` holds, its envelope naming `command`.
    private static func finish(_ plan: Sweep.Plan, _ runs: Sweep.Runs, out: String?, format: OutputFormat, command: Command = .sweep) {
        var result = Sweep.summarize(plan, runs)
        result.command = command.rawValue
        if let out {
            OutputFiles.write(result, to: out)
            OutputFiles.write(["sweep-runs.csv": runs.csv(plan: plan)], to: out)
        }
        StandardOutput.write(format == .json ? result.json().rendered() : result.markdown())
    }
}
