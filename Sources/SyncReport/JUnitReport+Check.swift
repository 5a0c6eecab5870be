extension JUnitReport {
    /// A check as JUnit: a suite per scenario file (named by its path), a
    /// case per expectation and strategy (class: the scenario's name; name:
    /// `lww duplicates.final = 5`), a failure carrying the measured value and
    /// the replay command, and for a file that could not be parsed one
    /// errored case in its own suite. A case's time is its run's wall time,
    /// or 0 without `includesTiming` (`--no-timing`).
    public init(check: CheckResult, includesTiming: Bool) {
        self.init(name: "simulate check", suites: check.files.map { file in
            switch file.outcome {
            case .checked(let scenario, let cases):
                return JUnitSuite(name: file.path, cases: cases.map { item in
                    JUnitCase(classname: scenario, name: item.name, file: file.path, line: item.line,
                              timeSeconds: includesTiming ? item.wallSeconds : 0,
                              result: !item.isJudged ? .skipped(message: "\(item.name): \(item.measured): the run stopped at --max-events")
                                  : item.passed ? .passed : .failure(
                                  message: item.failureMessage,
                                  detail: "expected \(item.name)\nmeasured \(item.measured)\nreplay: \(item.replayCommand)"))
                })
            case .noExpectations:
                return JUnitSuite(name: file.path, cases: [])
            case .broken(let error):
                return JUnitSuite(name: file.path, cases: [
                    JUnitCase(classname: file.path, name: "load", file: file.path,
                              result: .error(message: error.description, detail: error.description)),
                ])
            }
        })
    }
}
