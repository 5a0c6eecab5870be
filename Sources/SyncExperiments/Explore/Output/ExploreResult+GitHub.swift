import SyncReport

extension ExploreResult {
    /// An `::error` per failing seed, on the line of its first failure's
    /// expectation in the scenario file (line 1 for a liveness or an
    /// invariant failure): the seed, the failure, the replay, and the
    /// shrunk file's replay when there is one.
    public func githubAnnotations() -> [String] {
        failing.map { seed in
            var message = "\(scenarioName) seed \(seed.seed): \(seed.failureText ?? ""); replay: \(seed.replay)"
            if case .written(_, _, let replay)? = seed.shrink { message += "; shrunk: \(replay)" }
            return GitHubAnnotation.error(file: file, line: seed.annotationLine, message: message)
        }
    }
}
