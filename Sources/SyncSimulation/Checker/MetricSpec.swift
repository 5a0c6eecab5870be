/// Everything the outputs say about one ``Metric``, declared once: the
/// JSON report, `report.csv`, the results tables and their legend, the
/// metric names `simulate check` accepts, docs/MODEL.md's metrics table
/// and docs/report-schema.json's metrics are written from it.
/// ``Metric/catalog`` holds one per metric.
public struct MetricSpec: Sendable {
    /// How the figure is typed, which fixes how every output writes it.
    public enum Kind: Sendable, Hashable {
        /// A whole number: a JSON integer, a whole CSV cell.
        case count
        /// A duration, measured in microseconds and written in seconds: a
        /// JSON number, a CSV cell with exactly six decimals.
        case seconds
        /// A duration that may have no value: ``seconds``, or JSON `null`
        /// and an empty CSV cell.
        case secondsIfAny
        /// Yes or no: a JSON boolean, 1 or 0 everywhere else.
        case flag
        /// The liveness verdict: its words in JSON and CSV, 1 or 0 for an
        /// expectation (``Value/number``), its ``Liveness/code`` in a sweep.
        case verdict
    }

    /// One run's figure.
    public enum Value: Sendable, Hashable {
        /// A ``Kind/count``.
        case count(Int)
        /// A ``Kind/seconds`` or ``Kind/secondsIfAny`` figure, in
        /// microseconds; nil only for the latter.
        case seconds(micros: Int64?)
        /// A ``Kind/flag``.
        case flag(Bool)
        /// A ``Kind/verdict``.
        case verdict(Liveness)

        /// The figure as expectations and sweeps read it: seconds for
        /// times, 1 or 0 for yes or no; a verdict is 0 only when the
        /// promise applied and was broken (`failed`), 1 for every other
        /// verdict reached, nil for `not judged`; nil for a duration that
        /// has no value.
        public var number: Double? {
            switch self {
            case .count(let count): return Double(count)
            case .seconds(let micros): return micros.map { Double($0) / 1_000_000 }
            case .flag(let flag): return flag ? 1 : 0
            case .verdict(.failed): return 0
            case .verdict(.held), .verdict(.notPromised), .verdict(.faultsRemain): return 1
            case .verdict(.notJudged): return nil
            }
        }
    }

    /// The metric: its name, which is its JSON path (`duplicates.final`)
    /// and its CSV column.
    public let metric: Metric
    /// How the figure is typed.
    public let kind: Kind
    /// What one unit of the figure is (`records`, `seconds`), for docs/MODEL.md.
    public let unit: String
    /// What the figure counts, in a phrase, for docs/MODEL.md.
    public let meaning: String
    /// What the figure counts, in full, for docs/report-schema.json: the
    /// meaning as a sentence unless the spec says more.
    public let detail: String
    /// False for a figure the JSON report leaves out because another one
    /// holds it (`converged` is `convergenceSeconds` not being `null`).
    public let isInJSON: Bool
    /// The figure's column in the results tables, if it has one.
    public let column: Column?
    private let read: @Sendable (RunResult) -> Value

    /// The metric's name and JSON path: `duplicates.final`.
    public var path: String { metric.rawValue }

    /// The figure `result` holds.
    public func value(in result: RunResult) -> Value {
        let value = read(result)
        precondition(value.fits(kind), "\(path) is a \(kind) metric, read as \(value)")
        return value
    }

    private init(_ metric: Metric, _ kind: Kind, unit: String, meaning: String, detail: String?, isInJSON: Bool = true, column: Column?,
                 read: @escaping @Sendable (RunResult) -> Value) {
        self.metric = metric
        self.kind = kind
        self.unit = unit
        self.meaning = meaning
        self.detail = detail ?? Self.sentence(meaning)
        self.isInJSON = isInJSON
        self.column = column
        self.read = read
    }

    /// `phrase` as a sentence: capitalized, with a full stop.
    static func sentence(_ phrase: String) -> String {
        (phrase.first.map { $0.uppercased() } ?? "") + phrase.dropFirst() + "."
    }

    /// A whole number `read` from a run.
    public static func count(_ metric: Metric, unit: String, _ meaning: String, detail: String? = nil, column: Column? = nil,
                             _ read: @escaping @Sendable (RunResult) -> Int) -> MetricSpec {
        MetricSpec(metric, .count, unit: unit, meaning: meaning, detail: detail, column: column) { .count(read($0)) }
    }

    /// A duration `read` in microseconds.
    public static func seconds(_ metric: Metric, unit: String, _ meaning: String, detail: String? = nil, column: Column? = nil,
                               _ read: @escaping @Sendable (RunResult) -> Int64) -> MetricSpec {
        MetricSpec(metric, .seconds, unit: unit, meaning: meaning, detail: detail, column: column) { .seconds(micros: read($0)) }
    }

    /// A duration `read` in microseconds, nil when the run has none.
    public static func secondsIfAny(_ metric: Metric, unit: String, _ meaning: String, detail: String? = nil, column: Column? = nil,
                                    _ read: @escaping @Sendable (RunResult) -> Int64?) -> MetricSpec {
        MetricSpec(metric, .secondsIfAny, unit: unit, meaning: meaning, detail: detail, column: column) { .seconds(micros: read($0)) }
    }

    /// Yes or no, `read` from a run; `isInJSON` false when another JSON
    /// figure already says it.
    public static func flag(_ metric: Metric, unit: String, _ meaning: String, detail: String? = nil, isInJSON: Bool = true, column: Column? = nil,
                            _ read: @escaping @Sendable (RunResult) -> Bool) -> MetricSpec {
        MetricSpec(metric, .flag, unit: unit, meaning: meaning, detail: detail, isInJSON: isInJSON, column: column) { .flag(read($0)) }
    }

    /// A liveness verdict `read` from a run.
    public static func verdict(_ metric: Metric, unit: String, _ meaning: String, detail: String? = nil, column: Column? = nil,
                               _ read: @escaping @Sendable (RunResult) -> Liveness) -> MetricSpec {
        MetricSpec(metric, .verdict, unit: unit, meaning: meaning, detail: detail, column: column) { .verdict(read($0)) }
    }
}

extension MetricSpec.Value {
    /// True when the value is one a metric of `kind` holds.
    func fits(_ kind: MetricSpec.Kind) -> Bool {
        switch (self, kind) {
        case (.count, .count), (.flag, .flag), (.verdict, .verdict), (.seconds(.some), .seconds), (.seconds, .secondsIfAny): return true
        default: return false
        }
    }
}

extension MetricSpec {
    /// A metric's column in the results tables (terminal, Markdown and
    /// HTML) and its entry in the legend under them.
    public struct Column: Sendable {
        /// The table a column belongs to.
        public enum Table: Sendable, Hashable {
            /// The results table every report prints.
            case results
            /// The concurrent writers' table, printed when a scenario has writers.
            case writers
        }

        /// How a cell shows the figure.
        public enum Cell: Sendable, Hashable {
            /// The whole number.
            case count
            /// Seconds with `digits` decimals; `none` when there is no value.
            case seconds(digits: Int, none: String? = nil)
            /// A count of bytes as KiB, rounded to the nearest.
            case kibibytes
        }

        /// How the column's legend text joins the legend: the legend has a
        /// line per group of columns, each line `header: text` entries
        /// separated by `; `.
        public enum Join: Sendable, Hashable {
            /// Starts a new line.
            case newLine
            /// A new entry on the current line.
            case sameLine
            /// Shares the previous entry: `msgs, dropped: sent, lost`.
            case sharedEntry
        }

        /// The header, as the table prints it.
        public let header: String
        /// How a cell shows the figure.
        public let cell: Cell
        /// The table it belongs to.
        public let table: Table
        /// What the header means, for the legend.
        public let legend: String
        /// How ``legend`` joins the legend.
        public let join: Join

        /// A column headed `header`, explained by `legend`.
        public init(_ header: String, _ join: Join, _ legend: String, cell: Cell = .count, table: Table = .results) {
            self.header = header
            self.cell = cell
            self.table = table
            self.legend = legend
            self.join = join
        }
    }
}
