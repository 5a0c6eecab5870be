import SyncReport

/// Everything one `simulate lint` run found: a report per model, in the
/// order the paths were given and, under a folder, the order the models
/// were found. Every format prints the same reports and the run exits the
/// same way whatever the format.
public struct LintResult: Sendable {
    /// One report per model linted, in the order found.
    public let reports: [LintReport]

    /// The result of linting these models.
    public init(reports: [LintReport]) {
        self.reports = reports
    }

    /// 1 when any model would fail to load with CloudKit, else 0.
    public var exitStatus: Int32 { reports.map(\.exitStatus).max() ?? 0 }

    /// What `--format` prints; `annotates` adds GitHub's workflow commands
    /// to the text (the other formats are documents and take none).
    public func rendered(_ format: LintFormat, annotates: Bool = false) -> String {
        switch format {
        case .text: text(annotates: annotates)
        case .json: json().rendered()
        case .sarif: sarif().rendered()
        }
    }

    /// One report prints as it always has; several each start with a
    /// `== PATH (KIND)` line and are separated by a blank line. With
    /// `annotates`, each report's findings follow it as `::error …` lines.
    public func text(annotates: Bool = false) -> String {
        let blocks = reports.map { report in
            let header = reports.count > 1 ? ["== \(report.path) (\(report.model.kind.rawValue))"] : []
            let annotations = annotates ? report.findings.map(\.githubAnnotation) : []
            return (header + report.lines + annotations).joined(separator: "\n") + "\n"
        }
        return blocks.joined(separator: "\n")
    }
}
