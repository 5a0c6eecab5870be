import SyncSimulation

extension MetricSpec.Value {
    /// The figure as the JSON report writes it: a count as an integer,
    /// seconds with up to six decimals (`null` when there are none), yes or
    /// no as a boolean, a verdict as its words.
    var json: JSONValue {
        switch self {
        case .count(let count): .int(count)
        case .seconds(let micros): micros.map { .number(DecimalText.seconds(micros: $0)) } ?? .null
        case .flag(let flag): .bool(flag)
        case .verdict(let verdict): .string(verdict.rawValue)
        }
    }
}

extension MetricSpec.Column.Cell {
    /// The text of a cell showing `value`.
    func text(_ value: MetricSpec.Value) -> String {
        switch (self, value) {
        case (.count, .count(let count)): return String(count)
        case (.seconds(let digits, let none), .seconds(let micros)):
            guard let micros else { return none ?? "" }
            return DecimalText.seconds(micros: micros, digits: digits)
        case (.kibibytes, .count(let bytes)): return String((bytes + 512) / 1024)
        default: preconditionFailure("a \(self) cell cannot show \(value)")
        }
    }
}

extension Metric {
    /// The JSON members of every metric the report writes, in catalog
    /// order, a dotted path nested as objects (`duplicates: { final, … }`).
    static func jsonMembers(_ result: RunResult) -> [JSONValue.Member] {
        nested(catalog.filter(\.isInJSON).map { spec in (spec.path.split(separator: ".").map(String.init), spec.value(in: result).json) })
    }

    /// Members from `(path components, value)` leaves in order: the
    /// consecutive leaves that share a first component become one object.
    /// A group's leaves are consecutive, so each key is written once.
    static func nested(_ leaves: [(path: [String], value: JSONValue)]) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        var index = leaves.startIndex
        while index < leaves.endIndex {
            let key = leaves[index].path[0]
            precondition(!members.contains { $0.key == key }, "the metrics under \(key) are not together in Metric.catalog")
            guard leaves[index].path.count > 1 else {
                members.append(.init(key, leaves[index].value))
                index += 1
                continue
            }
            var end = index
            while end < leaves.endIndex, leaves[end].path.count > 1, leaves[end].path[0] == key { end += 1 }
            members.append(.init(key, .object(nested(leaves[index ..< end].map { (Array($0.path.dropFirst()), $0.value) }))))
            index = end
        }
        return members
    }
}

extension ReportColumn {
    /// A metric's column, right-aligned.
    init(_ spec: MetricSpec, _ column: MetricSpec.Column) {
        self.init(header: column.header, leftAligned: false) { column.cell.text(spec.value(in: $0)) }
    }

    /// The metric columns of `table`, in catalog order.
    static func metrics(in table: MetricSpec.Column.Table) -> [ReportColumn] {
        Metric.catalog.compactMap { spec in spec.column.flatMap { $0.table == table ? ReportColumn(spec, $0) : nil } }
    }
}
