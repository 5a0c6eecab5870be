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
        let result: AdviceMatrix.Result
        do {
            result = try AdviceMatrix.run(AdviceMatrix.Plan(workloads: input.workloads, stacks: stacks, seeds: options.seeds),
                                          checksInvariants: options.checksInvariants) { done, total in
                bar.update(done: done, total: total)
            }
        } catch {
            bar.clear()
            exitWithUsageError("advise: \(error.description)")
        }
        bar.clear()
        let order = AdviseInput.rankOrder(options)
        let report = AdviceReport(subject: input.subject(stacks: stacks), result: result, order: order)
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
        print(options.format == .json ? report.json().rendered() : report.text, terminator: "")
        exit(report.exitStatus)
    }
}
