import SyncReport
import SyncSimulation

extension AdviceReport {
    /// What `simulate advise --format json` prints and `--out` writes as
    /// `advise.json`: the envelope, what was advised on, the
    /// recommendation, then one entry per option and habit with each
    /// harm's `{mean, low, high, worst}` and the replay of its worst run.
    /// No wall-clock figure: the same runs print the same bytes.
    /// docs/report-schema.json describes it as `adviseOutput`.
    public func json() -> JSONValue {
        .document(command: "advise", [
            .init("model", .string(subject.model)),
            .init("keys", .array(subject.keys.map(JSONValue.string))),
            .init("devices", .int(subject.devices)),
            .init("seeds", .array(result.plan.seeds.map { .number(String($0)) })),
            .init("habits", .array(result.plan.workloads.map { workload in
                .object([.init("name", .string(workload.name)), .init("file", .string(workload.path))])
            })),
            .init("rank", .array(verdict.order.map { .string($0.jsonName) })),
            .init("notes", .array(subject.notes.map(JSONValue.string))),
            .init("warnings", .array(warnings.map(JSONValue.string))),
            .init("recommendation", recommendationJSON),
            .init("ranking", .array(verdict.ranking.tiers.map { tier in
                .array(verdict.best(tier.options).map { .string(result.options[$0].description) })
            })),
            .init("options", .array(optionEntries)),
            .init("exitStatus", .int(Int(exitStatus))),
        ])
    }

    private var recommendationJSON: JSONValue {
        func option(_ index: Int) -> JSONValue {
            let id = result.options[index]
            return .object(Self.idMembers(id) + [
                .init("stack", .string(Self.stackName(id.preset))),
                .init("steps", .array(AdviceSteps.steps(for: id).map(JSONValue.string))),
                .init("dataLossHabits", .array(verdict.overall[index].dataLossHabits.map(JSONValue.string))),
            ])
        }
        return .object([
            .init("sentence", .string(recommendationSentence)),
            .init("option", option(verdict.recommended)),
            .init("tiedWith", .array(verdict.tiedWithRecommendation.map { .string(result.options[$0].description) })),
            .init("runnerUp", verdict.runnerUp.map(option) ?? .null),
            .init("habits", .array(result.plan.workloads.indices.map { .string(habitSentence($0)) })),
            .init("everyOptionLosesData", .bool(verdict.everyOptionLosesData)),
        ])
    }

    /// One entry per option × habit, option by option.
    private var optionEntries: [JSONValue] {
        result.options.indices.flatMap { option in
            result.plan.workloads.indices.map { workload in
                let figures = verdict.options[option].habits[workload].figures
                let worstSeed = worstSeed(of: option, workload: workload)
                return .object(Self.idMembers(result.options[option]) + [
                    .init("habit", .string(result.plan.workloads[workload].name)),
                    .init("replay", .string(replay(option: option, workload: workload, seed: worstSeed))),
                ] + AdviceHarm.allCases.map { harm in
                    let figure = figures[harm]
                    return .init(harm.jsonName, .object([
                        .init("mean", .number(SweepNumber.text(figure.mean))),
                        .init("low", .number(SweepNumber.text(figure.low))),
                        .init("high", .number(SweepNumber.text(figure.high))),
                        .init("worst", .number(SweepNumber.text(figure.worst))),
                        .init("worstSeed", .number(String(figure.worstSeed))),
                    ]))
                })
            }
        }
    }

    private static func idMembers(_ id: AdviceOptionID) -> [JSONValue.Member] {
        [.init("preset", .string(id.preset)), .init("variant", id.variant.map(JSONValue.string) ?? .null), .init("strategy", .string(id.strategy))]
    }

    /// `advise-runs.csv`: one row per option × habit × seed, every metric
    /// in ``Metric/allCases`` order, each cell as `sweep-runs.csv` writes
    /// it (``Metric/csvCell(figure:)``; the variant `none` when there is none).
    public var runsCSV: String {
        var lines = [CSV.line(["preset", "variant", "strategy", "habit", "seed"] + Metric.allCases.map(\.rawValue))]
        for option in result.options.indices {
            let id = result.options[option]
            for workload in result.plan.workloads.indices {
                for (index, seed) in result.plan.seeds.enumerated() {
                    let cells = zip(Metric.allCases, result.figures[option][workload][index]).map { $0.csvCell(figure: $1) }
                    lines.append(CSV.line([id.preset, id.variant ?? Report.noVariant, id.strategy, result.plan.workloads[workload].name, String(seed)]
                        + cells))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
