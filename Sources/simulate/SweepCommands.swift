import Foundation
import SyncReport
import SyncSimulation

/// `simulate sweep` and `simulate merge`.
enum SweepCommands {
    static func sweep(_ options: CommandLineOptions) {
        let file = options.paths[0]
        guard let data = FileManager.default.contents(atPath: file) else { exitWithUsageError("\(file): no such file") }
        let plan = Sweep.Plan(file: file, data: data, parameters: options.variations, seeds: options.seeds, strategies: options.strategyNames)
        let bar = ProgressBar(enabled: !options.quiet && isatty(STDERR_FILENO) == 1)
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
            print("wrote \((options.out! as NSString).appendingPathComponent(name)): \(runs.values.count) of \(plan.jobCount) jobs")
            return
        }
        finish(plan, runs, out: options.out, format: options.format)
    }

    static func merge(_ options: CommandLineOptions) {
        do {
            var parts: [SweepParts.Part] = []
            for path in options.paths { parts.append(try SweepParts.read(path)) }
            let (plan, runs) = try SweepParts.merge(parts, paths: options.paths)
            finish(plan, runs, out: options.out, format: options.format)
        } catch {
            exitWithUsageError(error.description)
        }
    }

    /// Writes the summary files and every run's figures (`sweep-runs.csv`)
    /// under `out`, and prints the Markdown summary, or with `--format
    /// json` the document `sweep.json` holds.
    private static func finish(_ plan: Sweep.Plan, _ runs: Sweep.Runs, out: String?, format: CommandLineOptions.Format) {
        let result = Sweep.summarize(plan, runs)
        if let out {
            OutputFiles.write(result, to: out)
            OutputFiles.write(["sweep-runs.csv": runs.csv(plan: plan)], to: out)
        }
        print(format == .json ? result.json().rendered() : result.markdown(), terminator: "")
    }
}

/// `[######......] 120/450 jobs · ETA 42 s` on stderr, redrawn in place.
///
/// `@unchecked Sendable` is safe: the only mutable state, `started` and
/// `lastDrawn`, is read and written only while `lock` is held, and sweep
/// threads reach the bar only through `update`.
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var started: ContinuousClock.Instant?
    private var lastDrawn = -1

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func update(done: Int, total: Int) {
        guard enabled, total > 0 else { return }
        lock.withLock {
            let now = ContinuousClock.now
            let start = started ?? now
            started = start
            let width = 30
            let filled = done * width / total
            guard filled != lastDrawn || done == total else { return }
            lastDrawn = filled
            let seconds = (now - start) / .seconds(1)
            let remaining = done > 0 ? seconds / Double(done) * Double(total - done) : 0
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            FileHandle.standardError.write(Data("\r\u{1B}[K[\(bar)] \(done)/\(total) jobs · ETA \(Int(remaining.rounded())) s".utf8))
        }
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
