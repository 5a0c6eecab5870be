import SyncSimulation

/// How SyncSim writes CSV: RFC 4180 fields, and one type per column in
/// every file of a kind, so a reader can load many files as one table. A
/// column of counts never prints `1.0`, a column of seconds always has six
/// decimals, and an empty cell means "no value", never zero.
package enum CSV {
    /// RFC 4180 fields: quoted when they hold a comma, quote or line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One record: the fields joined by commas, without the line break.
    package static func line(_ cells: [String]) -> String {
        cells.map(field).joined(separator: ",")
    }

    /// The cells for a varied setting's values: as typed on the command
    /// line, except that when every value is a plain decimal and some have
    /// a fraction, all get as many decimals as the longest (`0, 0.05, 0.1`
    /// → `0.00, 0.05, 0.10`): the same numbers, one type in the column.
    package static func settingCells(_ values: [String]) -> [String: String] {
        let parts = values.map { value -> (whole: Substring, fraction: Substring)? in
            let pieces = value.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let whole = pieces[0].hasPrefix("-") ? pieces[0].dropFirst() : pieces[0]
            guard !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else { return nil }
            let fraction = pieces.count == 2 ? pieces[1] : ""
            guard pieces.count == 1 || (!fraction.isEmpty && fraction.allSatisfy(\.isASCIIDigit)) else { return nil }
            return (pieces[0], fraction)
        }
        let decimals = parts.compactMap { $0 }
        let digits = decimals.map(\.fraction.count).max() ?? 0
        var cells: [String: String] = [:]
        for (value, part) in zip(values, parts) {
            if let part, decimals.count == values.count, digits > 0 {
                cells[value] = part.whole + "." + part.fraction + String(repeating: "0", count: digits - part.fraction.count)
            } else {
                cells[value] = value
            }
        }
        return cells
    }
}

extension Metric {
    /// A stored figure (``Metric/figure(in:)``) as a CSV cell: a verdict
    /// (`liveness`) as its words, `held`, `failed`, `not promised`, `faults
    /// remain` or `not judged` (text, so every verdict reads apart and a
    /// code needs no key); every other metric as ``csvCell(_:)``.
    package func csvCell(figure: Double?) -> String {
        guard spec.kind == .verdict else { return csvCell(figure) }
        guard let figure, let verdict = Liveness(code: figure) else { return "" }
        return verdict.rawValue
    }

    /// The figure as a CSV cell: seconds with exactly six decimals (the
    /// simulator's microsecond resolution), every other figure a whole
    /// number (a count, or 1 and 0 for yes and no); empty when the run has
    /// no value (`convergenceSeconds` of replicas that never agreed).
    func csvCell(_ value: Double?) -> String {
        guard let value else { return "" }
        switch spec.kind {
        case .seconds, .secondsIfAny:
            return DecimalText.seconds(micros: Int64((value * 1_000_000).rounded()), digits: 6)
        case .count, .flag, .verdict:
            precondition(value == value.rounded() && abs(value) < 1e15, "\(rawValue) is a whole number, got \(value)")
            return String(Int64(value))
        }
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0" ... "9").contains(self) }
}
