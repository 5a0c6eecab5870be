/// A JUnit XML report in the `<testsuites><testsuite><testcase>` shape that
/// GitHub (through test-report actions), GitLab and Jenkins read.
public struct JUnitReport: Sendable {
    public var name: String
    public var suites: [JUnitSuite]

    public init(name: String, suites: [JUnitSuite]) {
        self.name = name
        self.suites = suites
    }

    public var tests: Int { suites.reduce(0) { $0 + $1.cases.count } }
    public var failures: Int { suites.reduce(0) { $0 + $1.failures } }
    public var errors: Int { suites.reduce(0) { $0 + $1.errors } }
    public var skipped: Int { suites.reduce(0) { $0 + $1.skipped } }
}

public struct JUnitSuite: Sendable {
    public var name: String
    public var cases: [JUnitCase]

    public init(name: String, cases: [JUnitCase]) {
        self.name = name
        self.cases = cases
    }

    public var failures: Int { cases.filter { if case .failure = $0.result { true } else { false } }.count }
    public var errors: Int { cases.filter { if case .error = $0.result { true } else { false } }.count }
    public var skipped: Int { cases.filter { if case .skipped = $0.result { true } else { false } }.count }
}

public struct JUnitCase: Sendable {
    /// How a case ended. JUnit tells a failed assertion (`failure`) from a
    /// test that could not run (`error`).
    public enum Result: Sendable {
        case passed
        case failure(message: String, detail: String)
        case error(message: String, detail: String)
        /// Not judged: the case is about a run `--max-events` stopped.
        case skipped(message: String)
    }

    public var classname: String
    public var name: String
    /// Where the case is declared. Not in the JUnit schema, but test-report
    /// tools (as pytest's output does) use them to annotate the line;
    /// GitLab and Jenkins ignore them.
    public var file: String?
    public var line: Int?
    /// The wall time of the run the case reads, in seconds: the `time`
    /// attribute test-report tools expect on every case. 0 when timing is
    /// left out (`--no-timing`), so the same run writes the same bytes.
    public var timeSeconds: Double
    public var result: Result

    public init(classname: String, name: String, file: String? = nil, line: Int? = nil, timeSeconds: Double = 0, result: Result) {
        precondition(timeSeconds >= 0 && timeSeconds.isFinite, "a wall time is a finite number of seconds, not below 0")
        self.classname = classname
        self.name = name
        self.file = file
        self.line = line
        self.timeSeconds = timeSeconds
        self.result = result
    }

    /// `time`'s value: `0`, or seconds with three decimals (`0.042`).
    var timeText: String {
        timeSeconds == 0 ? "0" : DecimalText.fixed(timeSeconds, digits: 3)
    }
}
