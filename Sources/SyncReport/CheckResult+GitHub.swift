/// GitHub Actions workflow commands (`::error file=…,line=…::message`), which
/// the runner turns into annotations on the file and line in a pull request.
public enum GitHubAnnotation {
    /// True when GitHub Actions runs the process: it always sets
    /// `GITHUB_ACTIONS=true`.
    public static func isEnabled(environment: [String: String]) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    /// One `::error` command. Without a line the annotation is on the file.
    public static func error(file: String, line: Int?, message: String) -> String {
        var properties = "file=\(escapeProperty(file))"
        if let line { properties += ",line=\(line)" }
        return "::error \(properties)::\(escapeData(message))"
    }

    /// The runner reads a command up to the end of its line and unescapes
    /// `%25`, `%0D` and `%0A` in the message (`escapeData` in
    /// actions/toolkit's command.ts).
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value also ends at `,` and `:`, so those are escaped too.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }
}

extension CheckFile {
    /// An `::error` per failed case, on the expectation's line, and one on
    /// the file itself when it could not be parsed.
    public func githubAnnotations() -> [String] {
        switch outcome {
        case .checked(let scenario, let cases):
            return cases.filter { !$0.passed }.map { item in
                GitHubAnnotation.error(file: path, line: item.line, message: "\(scenario): \(item.failureMessage)")
            }
        case .noExpectations:
            return []
        case .broken(let error):
            // The parsed tree keeps no positions, so the annotation names the
            // file and the message names the place in it.
            return [GitHubAnnotation.error(file: path, line: nil, message: error.path.isEmpty ? error.message : "\(error.path): \(error.message)")]
        }
    }
}
