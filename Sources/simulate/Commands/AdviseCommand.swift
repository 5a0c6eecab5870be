import Foundation
import SyncExperiments
import SyncLint
import SyncReport
import SyncScenarioFile
import SyncSimulation

/// `simulate advise INPUT`: reads the model, writes each habit's
/// scenario, runs every option under each, and prints the verdict.
enum AdviseCommand {
    static func advise(_ given: AdviseOptions) -> Never {
        let (options, file) = AdviseInput.completed(given)
        let input = AdviseInput.read(options, file: file)
        let stacks = input.stacks(options)
        let bar = ProgressBar("advise", quiet: options.quiet)
        let order = AdviseInput.rankOrder(options)
        let subject = input.subject(stacks: stacks)
        let report: AdviceReport
        do {
            let progress: @Sendable (Int, Int) -> Void = { done, total in bar.update(done: done, total: total) }
            if let seeds = options.seedsGiven {
                let result = try AdviceMatrix.run(AdviceMatrix.Plan(workloads: input.workloads, stacks: stacks, seeds: seeds),
                                                  checksInvariants: options.checksInvariants, progress: progress)
                report = AdviceReport(subject: subject, result: result, order: order)
            } else {
                report = try AdviceSeeds.report(workloads: input.workloads, stacks: stacks, subject: subject, order: order,
                                                checksInvariants: options.checksInvariants, progress: progress)
            }
        } catch {
            bar.clear()
            exitWithUsageError("advise: \(error.description)")
        }
        bar.clear()
        if let out = options.out {
            // The files name each scenario relative to DIR (DIR/scenarios/, or
            // --write-scenarios D's path as given): they read the same wherever DIR is.
            let paths = input.workloads.map { workload in
                options.scenariosOut == nil ? "scenarios/" + (workload.path as NSString).lastPathComponent : workload.path
            }
            let files = report.relocated(to: paths)
            OutputFiles.write(["advise.json": files.json().rendered(), "advise-runs.csv": files.runsCSV, "advise.md": files.markdown,
                               "advise.html": files.html], to: out)
        }
        StandardOutput.write(options.format == .json ? report.json().rendered() : report.text)
        StandardOutput.exit(report.exitStatus)
    }
}
