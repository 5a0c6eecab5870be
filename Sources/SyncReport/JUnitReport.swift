/// A JUnit XML report in the `<testsuites><testsuite><testcase>` shape that
/// GitHub (through test-report actions), GitLab and Jenkins read.
public struct JUnitReport: Sendable {
    /// The `<testsuites>` name: the command, such as `simulate check`.
    public var name: String
    /// Its suites, in order.
    public var suites: [JUnitSuite]

    /// A report of these suites.
    public init(name: String, suites: [JUnitSuite]) {
        self.name = name
        self.suites = suites
    }

    /// Cases in every suite.
    public var tests: Int { suites.reduce(0) { $0 + $1.cases.count } }
    /// Cases that failed, in every suite.
    public var failures: Int { suites.reduce(0) { $0 + $1.failures } }
    /// Cases that could not run, in every suite.
    public var errors: Int { suites.reduce(0) { $0 + $1.errors } }
    /// Cases not judged, in every suite.
    public var skipped: Int { suites.reduce(0) { $0 + $1.skipped } }
}

/// One `<testsuite>`: a scenario file, a model, or an explored file.
public struct JUnitSuite: Sendable {
    /// The suite's name: the file's or model's path.
    public var name: String
    /// Its cases, in order.
    public var cases: [JUnitCase]

    /// A suite of these cases.
    public init(name: String, cases: [JUnitCase]) {
        self.name = name
        self.cases = cases
    }

    /// Cases that failed.
    public var failures: Int { cases.filter { if case .failure = $0.result { true } else { false } }.count }
    /// Cases that could not run.
    public var errors: Int { cases.filter { if case .error = $0.result { true } else { false } }.count }
    /// Cases not judged.
    public var skipped: Int { cases.filter { if case .skipped = $0.result { true } else { false } }.count }
}

/// One `<testcase>`.
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

    /// The case's class: the scenario or model name.
    public var classname: String
    /// The case's name, such as `lww duplicates.final = 5` or `seed 3`.
    public var name: String
    /// Where the case is declared. Not in the JUnit schema, but test-report
    /// tools (as pytest's output does) use them to annotate the line;
    /// GitLab and Jenkins ignore them.
    public var file: String?
    /// The line the case is about, for annotations.
    public var line: Int?
    /// The wall time of the run the case reads, in seconds: the `time`
    /// attribute test-report tools expect on every case. 0 when timing is
    /// left out (`--no-timing`), so the same run writes the same bytes.
    public var timeSeconds: Double
    /// How it ended.
    public var result: Result

    /// A case; `timeSeconds` becomes its `time` attribute.
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
