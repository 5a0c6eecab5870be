extension CheckFile {
    /// An `::error` per failed case, on the expectation's line, and one on
    /// the file itself when it could not be parsed.
    public func githubAnnotations() -> [String] {
        switch outcome {
        case .checked(let scenario, let cases):
            return cases.filter(\.failed).map { item in
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
