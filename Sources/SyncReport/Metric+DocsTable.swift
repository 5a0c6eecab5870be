import SyncSimulation

extension Metric {
    /// docs/MODEL.md's metrics table, one row per spec of ``catalog``, in
    /// its order: what the JSON report, `report.csv` and the results tables
    /// write for each metric. A test keeps the document equal to it.
    static var docsTable: [String] {
        [row(["metric", "unit", "JSON", "table column", "meaning"]), row(Array(repeating: "---", count: 5))]
            + catalog.map { spec in row(["`\(spec.path)`", spec.unit, spec.jsonText, spec.column?.docsText ?? "", spec.meaning]) }
    }

    /// A Markdown table row; an empty cell is one space wide.
    private static func row(_ cells: [String]) -> String {
        "|" + cells.map { $0.isEmpty ? " " : " \($0) " }.joined(separator: "|") + "|"
    }
}

extension MetricSpec {
    /// How JSON writes the figure.
    var jsonText: String {
        guard isInJSON else { return "not written" }
        switch kind {
        case .count: return "integer"
        case .seconds: return "number (seconds)"
        case .secondsIfAny: return "number (seconds) or `null`"
        case .flag: return "`true` or `false`"
        case .verdict: return Liveness.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        }
    }
}

extension MetricSpec.Column {
    /// The header, what a cell holds when it is not the figure, and the
    /// table when it is not the results table.
    var docsText: String {
        var text = "`\(header)`"
        switch cell {
        case .count: break
        case .seconds(_, let none?): text += " (`\(none)` when none)"
        case .seconds: break
        case .kibibytes: text += " (rounded)"
        }
        if table == .writers { text += ", writers' table" }
        return text
    }
}
