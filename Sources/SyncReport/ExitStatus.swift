/// The exit statuses every `simulate` command shares, declared once so that
/// `run`, `check` and the error paths cannot drift apart.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Everything ran and every expectation held.
    case passed = 0
    /// An expectation (or, for `explore`, a seed) failed: what CI fails on.
    case expectationFailed = 1
    /// A bad argument, scenario file or model: the message names it.
    case badInput = 2
    /// An invariant of the simulator broke: a SyncSim bug.
    case invariantBroken = 3
    /// Output could not be written: standard output, or a file or folder
    /// the command was asked to write (`--out`, `--junit`, …). It takes
    /// the place of 0 and 1, which a report the user never got cannot
    /// carry; 2 and 3 keep theirs (issue 41).
    case outputFailed = 4

    /// `run`'s status: 1 when any report has an expectation that failed.
    /// One about a run `--max-events` stopped is not judged and counts
    /// neither way.
    public static func of(_ reports: [Report]) -> ExitStatus {
        reports.contains { report in report.expectations.contains(where: \.failed) || report.valueExpectations.contains(where: \.failed) }
            ? .expectationFailed : .passed
    }
}
