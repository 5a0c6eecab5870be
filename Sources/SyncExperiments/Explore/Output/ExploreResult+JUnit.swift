import SyncReport

extension JUnitReport {
    /// An explore as JUnit: one suite named by the scenario file, a case
    /// per seed (class: the scenario's name; name: `seed 3`; time: the
    /// seed's runs, 0 without `includesTiming`), and for a failing seed a
    /// failure carrying its first failure and replay, with every failure
    /// and the shrunk file in its text.
    public init(explore: ExploreResult, includesTiming: Bool) {
        self.init(name: "simulate explore", suites: [
            JUnitSuite(name: explore.file, cases: explore.seeds.map { seed in
                let time = includesTiming ? seed.outcome.wallSeconds : 0
                guard seed.failed else {
                    return JUnitCase(classname: explore.scenarioName, name: "seed \(seed.seed)", file: explore.file, timeSeconds: time, result: .passed)
                }
                var detail = seed.failures.map { "\($0.strategy) \($0.summary)" }
                detail.append("replay: \(seed.replay)")
                if case .written(_, let path, let replay)? = seed.shrink { detail.append("shrunk: \(path) (replay: \(replay))") }
                return JUnitCase(classname: explore.scenarioName, name: "seed \(seed.seed)", file: explore.file, line: seed.annotationLine,
                                 timeSeconds: time,
                                 result: .failure(message: "\(seed.failureText ?? ""); replay: \(seed.replay)", detail: detail.joined(separator: "\n")))
            }),
        ])
    }
}
