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
        let rows = outcomes.map { item in
            [item.outcome.passed ? "PASS" : "FAIL", item.scenario, item.outcome.strategy,
             item.outcome.expectation.metric.rawValue, bound(item.outcome.expectation.bound), number(item.outcome.actual)]
        }
        guard let first = rows.first else { return [] }
        let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column] + String(repeating: " ", count: widths[column] - row[column].count)
            }.joined(separator: "  ")
        }
    }
}
