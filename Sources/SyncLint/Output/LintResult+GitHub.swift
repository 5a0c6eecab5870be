import SyncReport

extension Finding {
    /// The GitHub Actions workflow command that annotates the finding's
    /// line: `::error file=F,line=L,title=lint RULE::message` (`::warning`
    /// for a warning, `::notice` for a note), escaped as the runner reads it.
    public var githubAnnotation: String {
        let level: GitHubAnnotation.Level = switch severity {
        case .error: .error
        case .warning: .warning
        case .note: .notice
        }
        return GitHubAnnotation.command(level, file: location.file, line: location.line, title: "lint \(rule.rawValue)", message: message)
    }
}
