extension CheckFile {
    /// What `simulate check` prints for this file: a PASS or FAIL line per
    /// case, aligned, and the replay command after a failure; a NOTE for a
    /// file that expects nothing; an ERROR line for a broken one.
    public func textLines() -> [String] {
        switch outcome {
        case .checked(let scenario, let cases):
            var lines = ExpectationText.lines(cases.map { (scenario, $0.outcome) })
            if let failed = cases.first(where: \.failed) {
                lines.append("      replay: \(failed.replayCommand)")
            }
            return lines
        case .noExpectations(let scenario):
            return ["NOTE  \(scenario)  no expectations in \(path)"]
        case .broken(let error):
            return ["ERROR  \(error.description)"]
        }
    }
}

extension CheckResult {
    /// `12 passed, 1 failed`, then `, 2 not judged` when a case was about
    /// a run `--max-events` stopped, and `, 1 error` when a file was
    /// broken.
    public var summaryLine: String {
        let notJudged = notJudgedCount == 0 ? "" : ", \(notJudgedCount) not judged"
        let errors = brokenCount == 0 ? "" : ", \(brokenCount) error\(brokenCount == 1 ? "" : "s")"
        return "\(passedCount) passed, \(failedCount) failed\(notJudged)\(errors)"
    }
}
