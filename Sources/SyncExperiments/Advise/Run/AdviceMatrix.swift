import Foundation
import SyncScenarioFile
import SyncSimulation

/// Every option advise weighs, run under every workload with every seed:
/// one sweep per workload and stack (the preset set with `--vary preset=P`,
/// its strategies with `--strategies`), so each run is the one `simulate
/// run FILE --preset P --strategies S --seed N` makes, in parallel and
/// deterministic.
public enum AdviceMatrix {
    /// What to run.
    public struct Plan: Sendable {
        /// The scenarios every option runs, one per habit (and drop rate).
        public let workloads: [AdviceWorkloadFile]
        /// The stacks, each with its strategies.
        public let stacks: [AdviceStack]
        /// The seeds of every option under every workload, in order.
        public let seeds: [UInt64]

        /// A plan with at least one workload, stack and seed.
        public init(workloads: [AdviceWorkloadFile], stacks: [AdviceStack], seeds: [UInt64]) {
            precondition(!workloads.isEmpty && !stacks.isEmpty && !seeds.isEmpty, "advise runs at least one of each")
            self.workloads = workloads
            self.stacks = stacks
            self.seeds = seeds
        }

        /// Every run: workloads × stacks × seeds (each run is one preset's strategies).
        public var jobCount: Int { workloads.count * stacks.count * seeds.count }
    }

    /// The figures of every run.
    public struct Result: Sendable {
        /// What was run.
        public let plan: Plan
        /// Every option run, stack by stack in the plan's order, then as
        /// the sweep orders a preset's runs (strategy, then variant).
        public let options: [AdviceOptionID]
        /// `figures[option][workload][seed]`: every metric's
        /// ``Metric/figure(in:)``, in ``Metric/allCases`` order.
        public let figures: [[[[Double?]]]]

        /// The same figures with each workload's file at another path
        /// (`paths[w]`): a report written under `--out DIR` names the
        /// scenarios relative to DIR, so its bytes do not depend on where
        /// DIR is.
        public func relocated(to paths: [String]) -> Result {
            precondition(paths.count == plan.workloads.count, "one path per workload")
            let workloads = zip(plan.workloads, paths).map { AdviceWorkloadFile(name: $0.name, path: $1, data: $0.data) }
            return Result(plan: Plan(workloads: workloads, stacks: plan.stacks, seeds: plan.seeds), options: options, figures: figures)
        }

        /// These runs followed by `later`'s: the same workloads, stacks and
        /// options run with more seeds, each seed's figures as its own run
        /// gave them (a run depends on its seed alone).
        public func appending(_ later: Result) -> Result {
            precondition(later.options == options && later.plan.workloads.map(\.data) == plan.workloads.map(\.data)
                         && later.plan.stacks == plan.stacks, "the same options under the same workloads")
            precondition(Set(later.plan.seeds).isDisjoint(with: plan.seeds), "each seed once")
            let figures = zip(self.figures, later.figures).map { option, more in zip(option, more).map { $0 + $1 } }
            return Result(plan: Plan(workloads: plan.workloads, stacks: plan.stacks, seeds: plan.seeds + later.plan.seeds),
                          options: options, figures: figures)
        }

        /// Each option's harms under each workload, as the ranking reads them.
        public var adviceOptions: [AdviceOption] {
            options.indices.map { option in
                AdviceOption(id: options[option].description, habits: plan.workloads.indices.map { workload in
                    let runs = figures[option][workload]
                    var values: [AdviceHarm: [Double]] = [:]
                    for harm in AdviceHarm.allCases {
                        let column = Metric.allCases.firstIndex(of: harm.metric)!
                        // Every harm's metric is a count or a duration, never null.
                        values[harm] = runs.map { $0[column] ?? 0 }
                    }
                    return AdviceHabitRuns(habit: plan.workloads[workload].name, seeds: plan.seeds, values: values)
                })
            }
        }

        /// Each option's liabilities: mean `serverDuplicates` and
        /// `rejected` over all its runs, workload by workload in order.
        public var liabilities: [AdviceLiabilities] {
            func mean(_ metric: Metric, _ option: Int) -> Double {
                let column = Metric.allCases.firstIndex(of: metric)!
                let values = figures[option].flatMap { $0.map { $0[column] ?? 0 } }
                return values.reduce(0, +) / Double(values.count)
            }
            return options.indices.map { AdviceLiabilities(serverCopies: mean(.serverDuplicates, $0), refusedChanges: mean(.rejected, $0)) }
        }

        /// The seeds whose run of `option` under `workload` did not quiesce:
        /// its figures are where the run stopped, not where sync ended.
        public func unquiescedSeeds(option: Int, workload: Int) -> [UInt64] {
            let column = Metric.allCases.firstIndex(of: .quiesced)!
            return plan.seeds.indices.filter { figures[option][workload][$0][column] == 0 }.map { plan.seeds[$0] }
        }
    }

    /// Runs the plan; `progress` hears (runs done, runs in all) from any thread.
    public static func run(_ plan: Plan, checksInvariants: Bool = InvariantChecker.enabledByDefault,
                           progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws(ScenarioFileError) -> Result {
        var options: [AdviceOptionID] = []
        // figures[option][workload][seed], filled workload by workload.
        var figures: [[[[Double?]]]] = []
        var done = 0
        // The total at once, before any scenario is read: reading a large
        // model's scenarios takes a while, and a log's progress line needs a
        // total before it says anything (issue 41: advise on a model of
        // 110,000 entities ran past a minute without a line).
        progress(0, plan.jobCount)
        for (workloadIndex, workload) in plan.workloads.enumerated() {
            var option = 0
            for stack in plan.stacks {
                let sweep = Sweep.Plan(file: workload.path, data: workload.data,
                                       parameters: [SweepParameter(path: "preset", values: [stack.preset])],
                                       seeds: plan.seeds, strategies: stack.strategies)
                let before = done
                let runs = try Sweep.run(sweep, checksInvariants: checksInvariants) { finished, _ in
                    progress(before + finished, plan.jobCount)
                }
                done += plan.seeds.count
                for (column, run) in runs.runs.enumerated() {
                    let id = AdviceOptionID(preset: stack.preset, variant: run.variant, strategy: run.strategy)
                    if workloadIndex == 0 {
                        options.append(id)
                        figures.append([])
                    }
                    precondition(options[option] == id, "\(workload.name) ran \(id) where the first workload ran \(options[option])")
                    figures[option].append(plan.seeds.indices.map { seed in runs.values[seed]![column] })
                    option += 1
                }
            }
            precondition(option == options.count, "\(workload.name) ran \(option) options, the first workload \(options.count)")
        }
        return Result(plan: plan, options: options, figures: figures)
    }
}
