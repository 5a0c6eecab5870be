import SyncScenarioFile
import SyncSimulation

/// How expectations and figures read in text output.
public enum ExpectationText {
    /// `= 400`, `≤ 0`, `≥ 100`, `100 … 200`.
    public static func bound(_ bound: Expectation.Bound) -> String {
        bound.text { number($0) }
    }

    /// A figure: whole numbers without a decimal point, others with up to
    /// six decimals; `never` for a missing value. Defined for every
    /// `Double`: the parser keeps bounds finite and within ±10^15, but a
    /// library user's own expectation may hold anything, and a report must
    /// not trap after the runs it reports have finished.
    public static func number(_ value: Double?) -> String {
        guard let value else { return "never" }
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(.towardZero) && abs(value) < 1e15 { return String(Int64(value)) }
        // Millionths of a value this large would not fit an Int64.
        guard abs(value) < 1e12 else { return String(value) }
        let micros = Int64((value * 1_000_000).rounded())
        return DecimalText.seconds(micros: micros)
    }

    /// `PASS  default  lww  duplicates.final  = 400  400` lines, aligned.
    public static func lines(_ outcomes: [(scenario: String, outcome: ExpectationOutcome)]) -> [String] {
        lines(outcomes.map { ($0.scenario, ScenarioExpectationOutcome.metric($0.outcome)) })
    }

    /// The same for every kind of expectation; a value expectation's line
    /// names the value and the replica in the metric's column
    /// (`User { email: "ann@example.com" }.name on r1  = "Ann"  "Ann"`).
    public static func lines(_ outcomes: [(scenario: String, outcome: ScenarioExpectationOutcome)]) -> [String] {
        let rows = outcomes.map { item in
            [status(item.outcome), item.scenario, item.outcome.strategyLabel,
             subject(item.outcome), bound(item.outcome), actual(item.outcome)]
        }
        guard let first = rows.first else { return [] }
        let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column] + String(repeating: " ", count: widths[column] - row[column].count)
            }.joined(separator: "  ")
        }
    }

    /// What is checked: `duplicates.final`, or `User { email: "ann@example.com" }.name on r1`.
    public static func subject(_ outcome: ScenarioExpectationOutcome) -> String {
        switch outcome {
        case .metric(let outcome): return outcome.expectation.metric.rawValue
        case .value(let outcome): return "\(outcome.expectation.subject) on \(outcome.replica)"
        }
    }

    /// `= 400`, `≥ 100`, `= "Ann (r1)"`, `= null`.
    public static func bound(_ outcome: ScenarioExpectationOutcome) -> String {
        switch outcome {
        case .metric(let outcome): return bound(outcome.expectation.bound)
        case .value(let outcome): return "= " + expected(outcome.expectation.expected)
        }
    }

    /// The figure or value measured: `3`, `never`, `"Ann"`, `null`, `no
    /// record`; for a run `--max-events` stopped, `not judged (3 when
    /// stopped)`, or `not judged` for its liveness, which has no value.
    public static func actual(_ outcome: ScenarioExpectationOutcome) -> String {
        switch outcome {
        case .metric(let outcome):
            return outcome.isJudged ? number(outcome.actual) : notJudged(outcome.actual.map { number($0) })
        case .value(let outcome):
            return outcome.isJudged ? value(outcome.actual) : notJudged(value(outcome.actual))
        }
    }

    /// `PASS`, `FAIL`, or `SKIP` for a claim about a run `--max-events`
    /// stopped: its figures are partial, so it is not judged and counts
    /// neither way (the measured column says `not judged`).
    public static func status(_ outcome: ScenarioExpectationOutcome) -> String {
        status(passed: outcome.passed, judged: outcome.isJudged)
    }

    /// `PASS`, `FAIL`, or `SKIP` for an expectation about a run `--max-events` stopped.
    public static func status(passed: Bool, judged: Bool) -> String {
        !judged ? "SKIP" : passed ? "PASS" : "FAIL"
    }

    /// `not judged (3 when stopped)`: what a stopped run measured, said
    /// not to count.
    public static func notJudged(_ measured: String?) -> String {
        "not judged" + (measured.map { " (\($0) when stopped)" } ?? "")
    }

    /// An expected value as the scenario wrote it: strings quoted.
    public static func expected(_ expected: ValueExpectation.Expected) -> String {
        switch expected {
        case .null: return "null"
        case .text(let text, let quoted): return quoted ? JSON5Value.quoted(text) : text
        }
    }

    /// A value a fetch returned: strings quoted, whole numbers bare, an
    /// unset field `null`, and `no record` when no live record holds the key.
    public static func value(_ value: FinalValue) -> String {
        switch value {
        case .noRecord: return "no record"
        case .value(nil): return "null"
        case .value(.string(let text)?): return JSON5Value.quoted(text)
        case .value(.int(let number)?): return String(number)
        }
    }
}
