import SyncReport
import SyncScenarioFile
import SyncSimulation

/// The tidy and summary forms of a sweep: one CSV row per point × run
/// (strategy, and variant when the preset has them) × metric, the same in
/// JSON, and a Markdown summary of the headline metrics.
extension SweepResult {
    /// `sweep.csv`: the point, its settings (one column each, in the order
    /// varied), the strategy, its variant (`none` without variants) and the
    /// metric, then the summary over seeds; `n` is 0 and the figures empty
    /// when no seed produced a value.
    public func csv() -> String {
        let settings = parameters.map { CSV.settingCells($0.values) }
        var lines = [CSV.line(["scenario", "point"] + parameters.map(\.path)
            + ["strategy", "variant", "metric", "n", "mean", "sd", "min", "max", "ci95_low", "ci95_high"])]
        for row in rows {
            let figures = row.summary.map { summary in
                [String(summary.count)] + [summary.mean, summary.standardDeviation, summary.minimum, summary.maximum, summary.ciLow, summary.ciHigh]
                    .map(SweepNumber.text)
            } ?? ["0", "", "", "", "", "", ""]
            let values = zip(settings, row.point.values).map { $0[$1] ?? $1 }
            lines.append(CSV.line([scenario, String(row.point.index)] + values + [row.strategy, row.variant ?? Report.noVariant, row.metric.rawValue] + figures))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `simulate sweep --format json` prints (`merge`'s names
    /// ``command``): the shared envelope, then every summary row.
    public func json() -> JSONValue {
        json(command: command)
    }

    /// The document with `command` in its envelope. `sweep.json` always
    /// names `sweep`, so that the file is the same bytes whether the sweep
    /// ran whole or in shards that `merge` combined.
    public func json(command: String) -> JSONValue {
        .document(command: command, [
            .init("scenario", .string(scenario)),
            .init("file", .string(file)),
            .init("parameters", .array(parameters.map { parameter in
                .object([.init("path", .string(parameter.path)), .init("values", .array(parameter.values.map(Self.typed)))])
            })),
            .init("seeds", .array(seeds.map { .number(String($0)) })),
            .init("strategies", .array(strategies.map(JSONValue.string))),
        ] + variantsMember + [
            .init("results", .array(rows.map { row in
                var members: [JSONValue.Member] = [
                    .init("point", .object(zip(parameters, row.point.values).map { .init($0.path, Self.typed($1)) })),
                    .init("strategy", .string(row.strategy)),
                ] + JSONValue.Member.variant(row.variant) + [
                    .init("metric", .string(row.metric.rawValue)),
                    .init("n", .int(row.summary?.count ?? 0)),
                ]
                if let summary = row.summary {
                    members += [
                        .init("mean", .number(SweepNumber.text(summary.mean))),
                        .init("sd", .number(SweepNumber.text(summary.standardDeviation))),
                        .init("min", .number(SweepNumber.text(summary.minimum))),
                        .init("max", .number(SweepNumber.text(summary.maximum))),
                        .init("ci95", .array([.number(SweepNumber.text(summary.ciLow)), .number(SweepNumber.text(summary.ciHigh))])),
                    ]
                }
                return .object(members)
            })),
        ])
    }

    /// A varied value as the scenario file got it (`0.1` a number, `true`
    /// a boolean, `100ms` a string): read by the rule `--vary` writes it
    /// into the file with, so the JSON type is the one the file saw.
    private static func typed(_ text: String) -> JSONValue {
        switch ScenarioFile.overrideValue(text) {
        case .number(let number): .number(number)
        case .bool(let value): .bool(value)
        default: .string(text)
        }
    }

    /// `"variants": [...]` when the strategies ran once per variant;
    /// nothing otherwise, so a sweep without variants reads as it did.
    private var variantsMember: [JSONValue.Member] {
        variants.isEmpty ? [] : [.init("variants", .array(variants.map(JSONValue.string)))]
    }

    /// Per headline metric, a table of mean [95% CI] per point and run
    /// (`lww`, or `lww [importFirst]` under a variant).
    public func markdown() -> String {
        var lines = [
            "## Sweep · scenario \(scenario) · \(seeds.count) seeds per point",
            "",
            "File `\(file)`; varied: " + parameters.map { "`\($0.path)` = \($0.values.joined(separator: ", "))" }.joined(separator: "; ") + ".",
        ]
        if !variants.isEmpty {
            lines.append("Each strategy runs once per variant (\(variants.joined(separator: ", "))): the preset has a behaviour no source settles.")
        }
        lines.append("Each cell: mean [95% confidence interval, Student's t] over the seeds that produced a value.")
        for metric in SweepResult.headlineMetrics {
            lines += ["", "### \(metric.rawValue)", ""]
            lines.append("| " + (parameters.map(\.path) + runs.map(\.label)).joined(separator: " | ") + " |")
            lines.append("|" + String(repeating: " ---: |", count: parameters.count + runs.count))
            for point in points {
                let cells = runs.map { run -> String in
                    guard let summary = summary(at: point, of: run, metric) else { return "—" }
                    return "\(SweepNumber.short(summary.mean)) [\(SweepNumber.short(summary.ciLow)), \(SweepNumber.short(summary.ciHigh))]"
                        + (summary.count < seeds.count ? " (n=\(summary.count))" : "")
                }
                lines.append("| " + (point.values + cells).joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Numbers in sweep files: fixed six decimals, a sign only when negative,
/// never `-0`; the same text on every machine.
public enum SweepNumber {
    /// Six decimals, for files.
    public static func text(_ value: Double) -> String { signed(value, digits: 6) }

    /// Three decimals, trailing zeros trimmed, for tables people read.
    public static func short(_ value: Double) -> String {
        var text = signed(value, digits: 3)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    static func signed(_ value: Double, digits: Int) -> String {
        let magnitude = DecimalText.fixed(abs(value), digits: digits)
        let isZero = magnitude.allSatisfy { $0 == "0" || $0 == "." }
        return value < 0 && !isZero ? "-" + magnitude : magnitude
    }
}
