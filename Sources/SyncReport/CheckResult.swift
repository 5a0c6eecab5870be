import SyncScenarioFile
import SyncSimulation

/// What `simulate check` found, file by file: the one value that its text,
/// JSON, JUnit and GitHub outputs and its exit status are all read from.
public struct CheckResult: Sendable {
    /// In the order the files were named (folders expanded, sorted by name).
    public var files: [CheckFile]

    /// A check of these files, in order.
    public init(files: [CheckFile] = []) {
        self.files = files
    }

    /// Every case of every file, in order.
    public var cases: [CheckCase] { files.flatMap(\.cases) }
    /// Cases that held.
    public var passedCount: Int { cases.filter(\.passed).count }
    /// Cases that did not (a case not judged is neither).
    public var failedCount: Int { cases.filter(\.failed).count }
    /// Cases about a run `--max-events` stopped: neither passed nor
    /// failed (``ExpectationOutcome/isJudged``).
    public var notJudgedCount: Int { cases.filter { !$0.isJudged }.count }
    /// Files that could not be read or parsed.
    public var brokenCount: Int { files.filter(\.isBroken).count }

    /// 2 when a file was broken (its expectations were never checked, so a
    /// pass would be a lie), else 1 when an expectation failed, else 0.
    public var exitStatus: ExitStatus {
        if brokenCount > 0 { return .badInput }
        return failedCount > 0 ? .expectationFailed : .passed
    }
}

/// One scenario file's part of a check.
public struct CheckFile: Sendable {
    /// What came of one file.
    public enum Outcome: Sendable {
        /// The file ran: one case per expectation and strategy it applies to.
        case checked(scenario: String, cases: [CheckCase])
        /// The file parsed but expects nothing, so nothing ran.
        case noExpectations(scenario: String)
        /// The file could not be read or parsed; the other files still run.
        case broken(ScenarioFileError)
    }

    /// The path as given or as found in a folder.
    public let path: String
    /// What came of it.
    public let outcome: Outcome

    /// One file's part of a check.
    public init(path: String, outcome: Outcome) {
        self.path = path
        self.outcome = outcome
    }

    /// The file's part of a check, from its report. `expectations` are the
    /// document's, in its order; `lines[i]` is where expectation `i` stands
    /// in the file (``ExpectationLocator``).
    public static func checked(_ report: Report, expectations: [Expectation], lines: [Int]) -> CheckFile {
        checked(report, expectations: expectations.map(ScenarioExpectation.metric), lines: lines)
    }

    /// The same for every kind of expectation (``ScenarioDocument/allExpectations``):
    /// a value expectation gives one case per strategy and replica.
    public static func checked(_ report: Report, expectations: [ScenarioExpectation], lines: [Int]) -> CheckFile {
        precondition(lines.count == expectations.count, "one line per expectation")
        // Checked one expectation at a time (the order `Report.expectations`
        // has) so that each outcome keeps its expectation's line.
        let cases = zip(expectations, lines).flatMap { expectation, line in
            ScenarioExpectationOutcome.check([expectation], against: report.results).map { outcome in
                CheckCase(outcome: outcome, line: line, replayCommand: report.replayCommand,
                          wallSeconds: report.results.first { $0.strategy == outcome.strategy && $0.variant == outcome.variant }?.wallSeconds ?? 0)
            }
        }
        return CheckFile(path: report.file ?? report.scenario.name, outcome: .checked(scenario: report.scenario.name, cases: cases))
    }

    /// Its cases; none for a broken file or one that expects nothing.
    public var cases: [CheckCase] {
        guard case .checked(_, let cases) = outcome else { return [] }
        return cases
    }

    /// True when the file could not be read or parsed.
    public var isBroken: Bool {
        guard case .broken = outcome else { return false }
        return true
    }

    /// The scenario's name; nil for a file that could not be parsed.
    public var scenario: String? {
        switch outcome {
        case .checked(let scenario, _), .noExpectations(let scenario): return scenario
        case .broken: return nil
        }
    }
}

/// One expectation checked against one strategy's run (and one replica,
/// for a value): what JUnit calls a test case.
public struct CheckCase: Sendable {
    /// The expectation and what the run measured.
    public let outcome: ScenarioExpectationOutcome
    /// The expectation's line in its scenario file, counting from 1.
    public let line: Int
    /// The command that runs the file again as `check` ran it.
    public let replayCommand: String
    /// Real time the run the case was checked against took (the strategy's,
    /// or its variant's): JUnit's `time`.
    public let wallSeconds: Double

    /// A case at the expectation's `line`, replayed by `replayCommand`; `wallSeconds` is its run's wall time (JUnit `time`).
    public init(outcome: ScenarioExpectationOutcome, line: Int, replayCommand: String, wallSeconds: Double = 0) {
        self.outcome = outcome
        self.line = line
        self.replayCommand = replayCommand
        self.wallSeconds = wallSeconds
    }

    /// Judged and met.
    public var passed: Bool { outcome.passed }
    /// Judged and not met.
    public var failed: Bool { outcome.failed }
    /// False for a case about a run `--max-events` stopped.
    public var isJudged: Bool { outcome.isJudged }

    /// `lww duplicates.final = 5`: strategy, metric and bound; for a value,
    /// `lww:field User { email: "ann@example.com" }.name on r1 = "Ann"`.
    public var name: String {
        "\(outcome.strategyLabel) \(ExpectationText.subject(outcome)) \(ExpectationText.bound(outcome))"
    }

    /// What the run measured: `3`, `0.52`, `never`; for a value `"Ann"`,
    /// `null` or `no record`.
    public var measured: String { ExpectationText.actual(outcome) }

    /// `lww duplicates.final = 99: measured 3; replay: simulate run …`,
    /// for a failure in any of the outputs.
    public var failureMessage: String {
        "\(name): measured \(measured); replay: \(replayCommand)"
    }
}
