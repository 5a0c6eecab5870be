import SyncReport
import SyncSimulation

extension ExploreResult {
    /// What `simulate explore --format json` prints: the envelope every
    /// SyncSim document has, the scenario and the nemesis, then per seed
    /// its verdict, failures, replay and shrunk file, the totals and the
    /// exit status. No wall-clock figure, so the same explore prints the
    /// same bytes. docs/report-schema.json describes it as `exploreOutput`.
    public func json() -> JSONValue {
        .object([
            .init("schemaVersion", .int(Report.schemaVersion)),
            .init("tool", .string("SyncSim")),
            .init("toolVersion", .string(ToolVersion.current)),
            .init("command", .string("explore")),
            .init("file", .string(file)),
            .init("scenario", .string(scenarioName)),
            .init("nemesis", .string(nemesisArgument)),
            .init("checksInvariants", .bool(checksInvariants)),
            .init("seeds", .array(seeds.map { $0.json() })),
            .init("totals", .object([
                .init("seeds", .int(seeds.count)),
                .init("passed", .int(passedCount)),
                .init("failed", .int(failedCount)),
            ])),
            .init("exitStatus", .int(Int(exitStatus.rawValue))),
        ])
    }
}

extension ExploreSeedResult {
    /// `shrunk` only with `--shrink` on a failing seed: the file written,
    /// or null when the failure did not recur with its strategy alone.
    func json() -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("seed", .number(String(seed))),
            .init("verdict", .string(failed ? "failed" : "passed")),
            .init("failures", .array(zip(failures, failureLines).map { $0.json(line: $1) })),
            .init("replay", .string(replay)),
        ]
        switch shrink {
        case nil: break
        case .notReproduced: members.append(.init("shrunk", .null))
        case .written(let result, let path, let replay): members.append(.init("shrunk", result.json(path: path, replay: replay)))
        }
        return .object(members)
    }
}

extension ExploreFailure {
    /// `kind`, `strategy` and `summary` always; an expectation's metric,
    /// bound (as `check --format json` gives it), measured value and line
    /// in the file; liveness's `quiesced` and `diverged`; an invariant's name.
    func json(line: Int?) -> JSONValue {
        switch self {
        case .expectation(let strategy, let expectation, let actual):
            let bound = [JSONValue.Member("bound", .string(ExpectationText.bound(expectation.bound)))]
                + JSONValue.Member.bound(expectation.bound)
            return .object([
                .init("kind", .string("expectation")),
                .init("strategy", .string(strategy)),
                .init("summary", .string(summary)),
                .init("metric", .string(expectation.metric.rawValue)),
            ] + bound + [
                .init("actual", actual.map { .number(ExpectationText.number($0)) } ?? .null),
            ] + (line.map { [.init("line", .int($0))] } ?? []))
        case .liveness(let strategy, let quiesced, let diverged):
            return .object([
                .init("kind", .string("liveness")),
                .init("strategy", .string(strategy)),
                .init("summary", .string(summary)),
                .init("quiesced", .bool(quiesced)),
                .init("diverged", .int(diverged)),
            ])
        case .invariant(let strategy, let name, _):
            return .object([
                .init("kind", .string("invariant")),
                .init("strategy", .string(strategy)),
                .init("summary", .string(summary)),
                .init("invariant", .string(name)),
            ])
        }
    }
}

extension ShrinkResult {
    /// The shrunk file: where, how to check it, what it took and how much
    /// smaller it is, and where explore's faults stand in it.
    func json(path: String, replay: String) -> JSONValue {
        .object([
            .init("file", .string(path)),
            .init("replay", .string(replay)),
            .init("smaller", .bool(shrunk)),
            .init("runs", .int(runs)),
            .init("budgetSpent", .bool(budgetSpent)),
            .init("failure", .string(documentFailure.summary)),
            .init("faultsWrittenOut", .bool(faultsWrittenOut)),
            .init("failureNeedsFaults", .bool(failureNeedsFaults)),
            .init("exploreFaultSteps", .array(exploreFaultSteps.map { .int($0) })),
            .init("before", before.json()),
            .init("after", after.json()),
        ])
    }
}

extension DocumentSize {
    func json() -> JSONValue {
        .object([
            .init("steps", .int(steps)),
            .init("replicas", .int(replicas)),
            .init("importedRecords", .int(importedRecords)),
            .init("randomOperations", .int(randomOperations)),
            .init("bytes", .int(bytes)),
        ])
    }
}
