import SyncSimulation

extension CheckResult {
    /// What `simulate check --format json` prints: every file, every case
    /// with its bound, measured value, line and replay command, then the
    /// totals and the exit status. Keys in a fixed order.
    public func json() -> JSONValue {
        .document(command: "check", [
            .init("files", .array(files.map { $0.json() })),
            .init("totals", .object([
                .init("files", .int(files.count)),
                .init("passed", .int(passedCount)),
                .init("failed", .int(failedCount)),
            ] + (notJudgedCount == 0 ? [] : [JSONValue.Member("notJudged", .int(notJudgedCount))]) + [
                .init("errors", .int(brokenCount)),
            ])),
            .init("exitStatus", .int(Int(exitStatus.rawValue))),
        ])
    }
}

extension CheckFile {
    /// `status` is `passed`, `failed` (some case failed), `not judged`
    /// (no case failed and one was about a run `--max-events` stopped),
    /// `no expectations` or `error`.
    func json() -> JSONValue {
        var members: [JSONValue.Member] = [.init("file", .string(path))]
        switch outcome {
        case .checked(let scenario, let cases):
            members += [
                .init("scenario", .string(scenario)),
                .init("status", .string(cases.contains(where: \.failed) ? "failed" : cases.allSatisfy(\.passed) ? "passed" : "not judged")),
                .init("expectations", .array(cases.map { $0.json() })),
            ]
        case .noExpectations(let scenario):
            members += [
                .init("scenario", .string(scenario)),
                .init("status", .string("no expectations")),
                .init("expectations", .array([])),
            ]
        case .broken(let error):
            members += [
                .init("status", .string("error")),
                .init("error", .object([
                    .init("path", .string(error.path)),
                    .init("message", .string(error.message)),
                    .init("description", .string(error.description)),
                ])),
            ]
        }
        return .object(members)
    }
}

extension CheckCase {
    /// A metric case: the bound both as `run`'s JSON gives it (`equals`,
    /// `min`, `max`) and as text (`bound`: `= 400`, `≥ 100`). A value case:
    /// the record, field and replica, `equals` as the file wrote it (a
    /// string, a number, a boolean or null) and `actual` as the fetch
    /// returned it (null for an unset field and for no record; `found`
    /// tells them apart).
    func json() -> JSONValue {
        switch outcome {
        case .metric(let outcome): return json(outcome)
        case .value(let outcome): return json(outcome)
        }
    }

    private func json(_ outcome: ExpectationOutcome) -> JSONValue {
        let bound = [JSONValue.Member("bound", .string(ExpectationText.bound(outcome.expectation.bound)))]
            + JSONValue.Member.bound(outcome.expectation.bound)
        return .object([
            .init("strategy", .string(outcome.strategy)),
        ] + JSONValue.Member.variant(outcome.variant) + [
            .init("metric", .string(outcome.expectation.metric.rawValue)),
        ] + bound + [
            .init("actual", outcome.actual.map { .number(ExpectationText.number($0)) } ?? .null),
            .init("passed", .bool(passed)),
        ] + judgedMember + [
            .init("line", .int(line)),
            .init("replay", .string(replayCommand)),
        ])
    }

    /// `judged: false` for a case about a run `--max-events` stopped
    /// (`passed` is then false too, and it is not a failure); absent
    /// otherwise.
    private var judgedMember: [JSONValue.Member] {
        isJudged ? [] : [.init("judged", .bool(false))]
    }

    private func json(_ outcome: ValueOutcome) -> JSONValue {
        let expectation = outcome.expectation
        let equals: JSONValue
        switch expectation.expected {
        case .null: equals = .null
        case .text(let text, quoted: true): equals = .string(text)
        case .text(let text, quoted: false): equals = text == "true" || text == "false" ? .bool(text == "true") : .number(text)
        }
        let actual: JSONValue
        switch outcome.actual {
        case .noRecord, .value(nil): actual = .null
        case .value(.string(let text)?): actual = .string(text)
        case .value(.int(let number)?): actual = .int(number)
        }
        return .object([
            .init("strategy", .string(outcome.strategy)),
        ] + JSONValue.Member.variant(outcome.variant) + [
            .init("record", .string(expectation.recordText)),
            .init("field", .string(expectation.fieldName)),
            .init("replica", .string(outcome.replica)),
            .init("bound", .string(ExpectationText.bound(ScenarioExpectationOutcome.value(outcome)))),
            .init("equals", equals),
            .init("actual", actual),
            .init("found", .bool(outcome.actual != .noRecord)),
            .init("passed", .bool(passed)),
        ] + judgedMember + [
            .init("line", .int(line)),
            .init("replay", .string(replayCommand)),
        ])
    }
}
