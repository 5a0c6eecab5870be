/// How `simulate lint --format` prints the reports.
public enum LintFormat: String, CaseIterable, Sendable {
    /// `FILE:LINE: severity: message [rule]` lines and the summary.
    case text
    /// One JSON document (docs/report-schema.json, `lintOutput`).
    case json
    /// SARIF 2.1.0, the log GitHub code scanning reads.
    case sarif
}
