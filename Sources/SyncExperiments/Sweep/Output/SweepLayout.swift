import SyncReport
import SyncSimulation

/// Where a sweep's points go: x from the first varied parameter (numeric
/// when every value is a number, else evenly spaced in the order given),
/// one group (a line in each strategy's panel) per combination of the
/// other parameters' values.
struct SweepLayout {
    struct Group {
        /// `path = value, …` of the other parameters; empty with one parameter.
        let label: String
        /// Index into the sweep's points, and the x value, by x.
        let members: [(point: Int, x: Double)]
    }

    let xTitle: String
    let xLower: Double
    let xUpper: Double
    /// The values' range when numeric; nil when they are categories.
    let numericRange: (lower: Double, upper: Double)?
    let categories: [String]
    let groups: [Group]
    /// What tells the groups apart: the other parameters' paths.
    let groupTitle: String

    /// Round steps inside the values' range (about `target`), or every
    /// category.
    func xTicks(target: Int) -> [(value: Double, label: String)] {
        guard let numericRange else { return categories.enumerated().map { (value: Double($0), label: $1) } }
        return Ticks.inside(lower: numericRange.lower, upper: numericRange.upper, target: target).map { (value: $0, label: SVGNumber.tick($0)) }
    }

    init(_ sweep: SweepResult) {
        let first = sweep.parameters.first
        let xTexts = sweep.points.map { $0.values.first ?? String($0.index) }
        var categories = first?.values ?? []
        for text in xTexts where !categories.contains(text) { categories.append(text) }
        let numbers = categories.compactMap { Double($0) }.filter(\.isFinite)
        let numeric = numbers.count == categories.count && numbers.contains { $0 != numbers[0] }
        xTitle = first.map { $0.path + (numeric ? "" : " (in the order given)") } ?? "point"

        if numeric {
            let lower = numbers.min()!
            let upper = numbers.max()!
            let pad = (upper - lower) * 0.04
            xLower = lower - pad
            xUpper = upper + pad
            numericRange = (lower, upper)
        } else {
            xLower = -0.5
            xUpper = Double(max(categories.count, 1)) - 0.5
            numericRange = nil
        }
        self.categories = categories
        func position(_ point: Int) -> Double {
            numeric ? Double(xTexts[point])! : Double(categories.firstIndex(of: xTexts[point]) ?? 0)
        }

        // Groups in the order their first point appears.
        var keys: [[String]] = []
        var members: [[(point: Int, x: Double)]] = []
        for (index, point) in sweep.points.enumerated() {
            let key = Array(point.values.dropFirst())
            if let existing = keys.firstIndex(of: key) {
                members[existing].append((index, position(index)))
            } else {
                keys.append(key)
                members.append([(index, position(index))])
            }
        }
        let others = Array(sweep.parameters.dropFirst())
        groupTitle = others.map(\.path).joined(separator: ", ")
        groups = zip(keys, members).map { key, items in
            Group(label: zip(others, key).map { "\($0.path) = \($1)" }.joined(separator: ", "),
                  members: items.enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }.map(\.element))
        }
    }
}
