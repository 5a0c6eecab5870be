import Foundation
import SyncExperiments
import SyncReport
import SyncScenarioFile
import SyncSimulation

/// The work behind each command: load, run, print. Decisions about what a
/// run means live in the libraries; this only sequences and prints.
enum Commands {
    /// Seconds on the machine's monotonic clock since it was first read
    /// (a static is set on first use): each run's `wall ms` is the
    /// difference of two readings (the core reads no clock itself).
    static let wallClock: WallClock = { (ContinuousClock.now - origin) / .seconds(1) }
    private static let origin = ContinuousClock.now

    /// Reads every scenario file named (folders give their `*.json5`), or
    /// exits with status 2 naming the first problem: what `run` needs, as it
    /// prints nothing unless every file runs. (`check` goes on past a broken
    /// file instead: ``CheckCommand``.) `overrides` (`--set`) change each
    /// file's settings by path, `engine` overrides
    /// each file's sync engine, `preset` its stack. `strategyNames`
    /// (`--strategies`) replace each file's list before its stack's
    /// refusals are checked, so they must be ones every file's stack can run.
    /// `limits` refuse a file too large before its imports are expanded
    /// (``ScenarioSizeCheck``).
    static func load(_ paths: [String], seed: UInt64?, overrides: [(path: String, value: String)] = [], engine: String? = nil, preset: String? = nil,
                     strategyNames: [String]? = nil, limits: RunLimits) -> [ScenarioDocument] {
        let documents: [ScenarioDocument]
        let sizeCheck = ScenarioSizeCheck(limits: limits, strategyNames: strategyNames)
        do {
            documents = try ScenarioFile.expand(paths).map { path throws(ScenarioFileError) in
                try ScenarioFile.load(path, seed: seed, overrides: overrides, engine: engine, preset: preset, strategies: strategyNames, sizeCheck: sizeCheck)
            }
        } catch {
            exitWithUsageError(error.description)
        }
        var files: [String: String] = [:]
        for document in documents {
            if let first = files[document.scenario.name] {
                exitWithUsageError("\(first) and \(document.file) are both the scenario '\(Echo.text(document.scenario.name))': their reports and --out "
                    + "folders would be the same; rename one (name: in the file)")
            }
            files[document.scenario.name] = document.file
        }
        return documents
    }

    /// Exits 2 with the estimate's one line when `scenario` under
    /// `strategyNames` is too large for the budget (`--allow-large` lifts it).
    static func refuseIfTooLarge(_ scenario: Scenario, strategyNames: [String], limits: RunLimits, file: String?) {
        let strategies = strategyNames.compactMap(StrategyCatalog.strategy(named:))
        guard let refusal = limits.refusal(scenario, strategies: strategies) else { return }
        exitWithUsageError((file.map { "\($0): " } ?? "") + "too large: " + refusal)
    }

    /// Runs `scenario` once per strategy and checks the expectations.
    static func compare(scenario: Scenario, seed: UInt64, strategyNames: [String], includesTiming: Bool,
                        concurrency: WriterConcurrency = .deterministic, store: StoreKind, checksInvariants: Bool,
                        file: String?, stack: ReplayCommand.Stack = ReplayCommand.Stack(), expectations: [Expectation],
                        valueExpectations: [ValueExpectation] = [], progress: Progress) -> Report {
        let strategies = strategyNames.map { StrategyCatalog.strategy(named: $0)! }
        let runCount = Comparison.plan(scenario: scenario, strategies: strategies).count
        let results: [RunResult]
        let ticker = progress.ticker(eventLimit: scenario.maxEvents)
        defer { ticker.stop() }
        do {
            results = try ticker.run.watching { () throws(SimulationError) -> [RunResult] in
                try Comparison.run(scenario: scenario, strategies: strategies, seed: seed, concurrency: concurrency, store: store,
                                   checksInvariants: checksInvariants, wallClock: Self.wallClock) { position, name in
                    ticker.label("\(scenario.name) [\(position)/\(runCount)] \(name)")
                }
            }
        } catch {
            ticker.stop()
            progress.clear()
            switch error {
            case .store: exitWithUsageError(error.description)
            case .invariant(let violation):
                let replay = ReplayCommand.comparison(file: file, scenario: scenario, seed: violation.seed,
                                                      stack: file == nil ? ReplayCommand.Stack(of: scenario) : stack, strategies: [violation.strategy],
                                                      store: store.name, concurrency: concurrency)
                exitWithInvariantViolation(violation, replay: replay.adding("--check-invariants"))
            }
        }
        ticker.stop()
        progress.clear()
        var report = Report(scenario: scenario, seed: seed, store: store.name, results: results, includesTiming: includesTiming,
                            concurrency: concurrency, file: file, expectations: ExpectationOutcome.check(expectations, against: results))
        report.fileStack = stack
        report.valueExpectations = ValueOutcome.check(valueExpectations, against: results)
        return report
    }

    /// `simulate race`: real threads, so no seed and no reproducibility.
    static func race(_ options: RaceOptions) {
        let progress = Progress(for: .race)
        let strategies = (options.strategyNames ?? StrategyCatalog.defaultNames).map { StrategyCatalog.strategy(named: $0)! }
        let schedule: ConcurrentWriters.Schedule = options.lockstep ? .lockstep : .free(thinkMicros: options.thinkMicros)
        let measurements = RaceExperiment.run(strategies: strategies, writerCounts: options.writerCounts, trials: options.trials,
                                              schedule: schedule) { progress.show("race: \($0)…") }
        progress.clear()
        let report = RaceReport(measurements: measurements, trials: options.trials, schedule: schedule)
        switch options.format {
        case .table: StandardOutput.write(report.table())
        case .markdown: StandardOutput.write(report.markdown())
        case .json: StandardOutput.write(report.json().rendered())
        }
    }

    /// Prints the reports; as JSON, one document of one shape (a `reports`
    /// array) for one report or many.
    static func print(_ reports: [Report], format: OutputFormat) {
        switch format {
        case .table:
            StandardOutput.write(reports.map { $0.table() }.joined(separator: "\n"))
        case .markdown:
            StandardOutput.write(reports.map { $0.markdown() }.joined(separator: "\n"))
        case .json:
            StandardOutput.write(Report.document(reports).rendered())
        }
    }
}
