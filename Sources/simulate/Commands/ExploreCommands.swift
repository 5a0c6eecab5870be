import Foundation
import SyncExperiments
import SyncReport
import SyncSimulation

/// `simulate explore`: seeded fault schedules over one scenario, a line per
/// failing seed with the command that replays it (or one JSON document),
/// with `--shrink` a minimal scenario file per failure, and JUnit XML and
/// GitHub annotations when asked. Every line and document comes from
/// ``ExploreResult``; this sequences, writes and prints.
enum ExploreCommands {
    static func explore(_ options: ExploreOptions) -> Never {
        let file = options.paths[0]
        guard let data = FileManager.default.contents(atPath: file) else { exitWithUsageError("\(file): no such file") }
        var plan = Explore.Plan(file: file, text: String(decoding: data, as: UTF8.self), seeds: options.seeds,
                                nemesis: options.nemesis ?? ExploreNemesis(), checksInvariants: options.checksInvariants)
        plan.limits = options.limits.runLimits
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

        var result = ExploreResult(target: target, outcomes: outcomes, nemesisGiven: options.nemesis != nil)
        let text = options.format == .table
        if text {
            // Printed before the shrink, which can take a while.
            StandardOutput.writeLine(result.headerLine)
            for line in result.failLines() { StandardOutput.writeLine(line) }
        }
        if options.shrink, let out = options.out, result.failedCount > 0 {
            let shrinkBar = ProgressBar("shrink", quiet: options.quiet)
            let shrinks = Explore.shrink(target, failing: result.failing.map(\.outcome)) { shrinkBar.update(done: $0, total: $1) }
            shrinkBar.clear()
            result.recordShrinks(shrinks, folder: out)
            for seed in result.failing {
                guard case .written(let shrunk, _, let replay)? = seed.shrink else { continue }
                OutputFiles.write([shrunk.fileName: shrunk.fileText(replay: replay)], to: out)
            }
            if text { for line in result.shrinkLines() { StandardOutput.writeLine(line) } }
        }
        let annotations = GitHubAnnotation.isEnabled(environment: ProcessInfo.processInfo.environment) ? result.githubAnnotations() : []
        if text {
            for line in annotations { StandardOutput.writeLine(line) }
            StandardOutput.writeLine(result.summaryLine)
        } else {
            StandardOutput.write(result.json().rendered())
            // Stdout holds one JSON document, so the annotations go to
            // stderr: the Actions runner reads workflow commands from both.
            StandardError.write(annotations.map { $0 + "\n" }.joined())
        }
        if let junitPath = options.junitPath { OutputFiles.write(JUnitReport(explore: result, includesTiming: options.includesTiming), toFile: junitPath) }
        StandardOutput.exit(result.exitStatus.rawValue)
    }
}
