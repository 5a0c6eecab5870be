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
        let options = AdviseInput.completed(given)
        let input = AdviseInput.read(options)
        let stacks = AdviseInput.stacks(options)
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
            OutputFiles.write(["advise.json": report.json().rendered(), "advise-runs.csv": report.runsCSV, "advise.md": report.markdown,
                               "advise.html": report.html], to: out)
        }
        print(options.format == .json ? report.json().rendered() : report.text, terminator: "")
        exit(report.exitStatus)
    }
}
