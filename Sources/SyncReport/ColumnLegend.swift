import SyncSimulation

/// A column's entry in the legend under the results tables: a metric's,
/// from its spec (``MetricSpec/Column``), or one of the report's own
/// columns (`events`).
struct ColumnLegend {
    let header: String
    let join: MetricSpec.Column.Join
    let text: String

    /// The entries of the metric columns of `table`, in catalog order.
    static func metrics(in table: MetricSpec.Column.Table) -> [ColumnLegend] {
        Metric.catalog.compactMap(\.column).filter { $0.table == table }.map { ColumnLegend(header: $0.header, join: $0.join, text: $0.legend) }
    }

    /// The legend's lines: `header: text` entries separated by `; `, a
    /// shared entry listing its headers and texts (`msgs, dropped: sent,
    /// lost`).
    static func lines(_ entries: [ColumnLegend]) -> [String] {
        var lines: [[(headers: [String], texts: [String])]] = []
        for entry in entries {
            switch entry.join {
            case .newLine:
                lines.append([([entry.header], [entry.text])])
            case .sameLine where !lines.isEmpty:
                lines[lines.count - 1].append(([entry.header], [entry.text]))
            case .sharedEntry where !lines.isEmpty:
                let line = lines.count - 1
                lines[line][lines[line].count - 1].headers.append(entry.header)
                lines[line][lines[line].count - 1].texts.append(entry.text)
            case .sameLine, .sharedEntry:
                preconditionFailure("the legend entry of \(entry.header) joins a line, but none has started")
            }
        }
        return lines.map { line in
            line.map { $0.headers.joined(separator: ", ") + ": " + $0.texts.joined(separator: ", ") }.joined(separator: "; ")
        }
    }
}
