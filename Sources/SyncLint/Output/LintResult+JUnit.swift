import SyncReport

extension JUnitReport {
    /// A lint as JUnit (`simulate lint --junit FILE`): a suite per model
    /// (named by its path) with one case, "loads with CloudKit", that fails
    /// when the model has an error, and one failed case per error at its
    /// file and line, so a test-report tool annotates each. Warnings and
    /// notes fail nothing, as they fail nothing in the exit status.
    public init(lint: LintResult) {
        self.init(name: "simulate lint", suites: lint.reports.map { report in
            let errors = report.findings.filter { $0.severity == .error }
            let summary = JUnitCase(
                classname: report.model.name, name: "loads with CloudKit", file: report.path,
                result: errors.isEmpty ? .passed : .failure(message: report.verdictSentence,
                                                            detail: errors.map(\.description).joined(separator: "\n")))
            return JUnitSuite(name: report.path, cases: [summary] + errors.map { finding in
                JUnitCase(classname: report.model.name, name: "\(finding.rule.rawValue) at line \(finding.location.line)",
                          file: finding.location.file, line: finding.location.line,
                          result: .failure(message: finding.message, detail: finding.description))
            })
        })
    }
}
