extension ScenarioParser {
    /// Bounds are counts, seconds and ratios: finite, and within ±10^15 so
    /// that reports print them exactly (a `Double` holds every whole number
    /// up to 2^53 ≈ 9·10^15).
    static let boundRange: ClosedRange<Double> = -1e15 ... 1e15
    static let boundWhat = "a finite number from -1000000000000000 to 1000000000000000"

    /// `[{ strategy, metric, equals | min | max }]`
    func parseExpectations(_ node: Node?, strategies: [String]) throws(ScenarioFileError) -> [Expectation] {
        guard let node else { return [] }
        var expectations: [Expectation] = []
        for item in try node.array() {
            let object = try item.object(allowed: ["strategy", "metric", "equals", "min", "max"], required: ["strategy", "metric"])
            let strategyNode = object.required("strategy")
            let strategy = try strategyNode.string()
            guard strategy == "*" || strategies.contains(strategy) else {
                throw strategyNode.error("strategy '\(Echo.text(strategy))' is not run by this scenario; it runs \(strategies.joined(separator: ", ")) (or use \"*\" for all)")
            }
            let metricNode = object.required("metric")
            let metricName = try metricNode.string()
            guard let metric = Metric(rawValue: metricName) else {
                throw metricNode.error("unknown metric '\(Echo.text(metricName))'; metrics: \(Metric.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let bound: Expectation.Bound
            if let equals = object["equals"] {
                if object["min"] != nil || object["max"] != nil { throw item.error("'equals' cannot go with 'min' or 'max'") }
                bound = .equals(try equals.number(in: Self.boundRange, what: Self.boundWhat))
            } else {
                let minimum = try object["min"]?.number(in: Self.boundRange, what: Self.boundWhat)
                let maximum = try object["max"]?.number(in: Self.boundRange, what: Self.boundWhat)
                guard minimum != nil || maximum != nil else { throw item.error("an expectation needs 'equals', 'min' or 'max'") }
                if let minimum, let maximum, minimum > maximum { throw item.error("'min' is above 'max'") }
                bound = .range(min: minimum, max: maximum)
            }
            expectations.append(Expectation(strategy: strategy, metric: metric, bound: bound))
        }
        return expectations
    }
}
