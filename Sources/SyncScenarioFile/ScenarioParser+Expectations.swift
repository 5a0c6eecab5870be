import SyncModel
import SyncSimulation

extension ScenarioParser {
    /// Bounds are counts, seconds and ratios: finite, and within ±10^15 so
    /// that reports print them exactly (a `Double` holds every whole number
    /// up to 2^53 ≈ 9·10^15).
    static let boundRange: ClosedRange<Double> = -1e15 ... 1e15
    static let boundWhat = "a finite number from -1000000000000000 to 1000000000000000"
    static let metricKeys = ["strategy", "metric", "equals", "min", "max", "variant"]
    static let valueKeys = ["strategy", "record", "field", "on", "equals"]

    /// `[{ strategy, metric, equals | min | max } | { strategy, record, field, on, equals }]`:
    /// an item with `record` is a value expectation. Whether the scenario
    /// runs the strategy and variant an item names depends on the stack, so
    /// that is checked when the document is bound to one
    /// (``ScenarioDocument/bound(_:choices:file:seed:checkingSettings:)``).
    /// `keysKnown` false (a file over the size check's budget, read by a
    /// command that runs none of its steps) reads no created keys: a value
    /// expectation may then name any key.
    func parseExpectations(_ node: Node?, steps: [Step], keysKnown: Bool = true) throws(ScenarioFileError) -> [FileChoices.PlacedExpectation] {
        guard let node else { return [] }
        var expectations: [FileChoices.PlacedExpectation] = []
        // Hashed only when a value expectation needs it: a million-row
        // import need not be hashed key by key for metrics.
        // nil: a step drawn while the run goes may create any key.
        var created: Set<NaturalKey>?
        var createdRead = false
        for item in try node.array() {
            let expectation: ScenarioExpectation
            if item.value["record"] != nil {
                if !createdRead {
                    created = keysKnown ? keysCreated(by: steps) : nil
                    createdRead = true
                }
                expectation = .value(try parseValueExpectation(item, created: created))
            } else {
                expectation = .metric(try parseMetricExpectation(item))
            }
            expectations.append(FileChoices.PlacedExpectation(expectation: expectation, strategyPath: item.path + ".strategy",
                                                              variantPath: item.value["variant"] == nil ? nil : item.path + ".variant",
                                                              replicasPath: item.value["on"] == nil ? nil : item.path + ".on"))
        }
        return expectations
    }

    private func parseMetricExpectation(_ item: Node) throws(ScenarioFileError) -> Expectation {
        let object = try item.object(allowed: Self.metricKeys, required: ["strategy", "metric"])
        let strategy = try object.required("strategy").string()
        let metricNode = object.required("metric")
        let metricName = try metricNode.string()
        guard let metric = Metric(rawValue: metricName) else {
            throw metricNode.error("unknown metric '\(Echo.text(metricName))'; metrics: \(Metric.allCases.map(\.rawValue).joined(separator: ", "))"
                + Suggestion.didYouMean(metricName, among: Metric.allCases.map(\.rawValue), quote: "'"))
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
        return Expectation(strategy: strategy, metric: metric, bound: bound, variant: try object["variant"]?.string())
    }

    /// `{ strategy, record: { entity, key }, field, on, equals }`.
    private func parseValueExpectation(_ item: Node, created: Set<NaturalKey>?) throws(ScenarioFileError) -> ValueExpectation {
        let object = try item.object(allowed: Self.valueKeys + ["variant"], required: Self.valueKeys)
        let strategy = try object.required("strategy").string()
        let recordNode = object.required("record")
        let record = try recordNode.object(allowed: ["entity", "key"], required: ["entity", "key"])
        let entity = try self.entity(record.required("entity"))
        let keyNode = record.required("key")
        let key = try naturalKey(keyNode, entity: entity)
        guard created?.contains(key) ?? true else {
            throw keyNode.error("no step creates \(keyText(key)): no replica can hold that record, so this would check nothing; create it first (import, create) or name another key")
        }
        let entitySchema = schema[entity]
        let fieldNode = object.required("field")
        let fieldName = try fieldNode.nonEmptyString()
        guard let field = entitySchema.fieldIndex(fieldName) else {
            throw fieldNode.error("unknown field '\(Echo.text(fieldName))' of \(entitySchema.name); fields: \(Echo.list(entitySchema.fields))"
                + Suggestion.didYouMean(fieldName, among: entitySchema.fields, quote: "'"))
        }
        let replicas = try valueReplicas(object.required("on"))
        let expected: ValueExpectation.Expected
        let equalsNode = object.required("equals")
        switch (equalsNode.value, equalsNode.numberValue) {
        case (.null, _): expected = .null
        case (.string(let text), _): expected = .text(text, quoted: true)
        case (.bool(let flag), _): expected = .text(String(flag), quoted: false)
        case (_, let number?) where number.doubleValue.isFinite: expected = .text(number.description, quoted: false)
        default: throw equalsNode.expected("a string, a number, true, false or null")
        }
        var expectation = ValueExpectation(strategy: strategy, watch: WatchedField(key: key, field: field), replicas: replicas, expected: expected,
                                           recordText: keyText(key), fieldName: entitySchema.fields[field],
                                           replicaNames: replicas.map { replicaNames[$0.index] })
        expectation.variant = try object["variant"]?.string()
        return expectation
    }

    /// `"*"` (every device: not the hub, not the engine's server), a name
    /// or a list of names of any endpoint, each once.
    private func valueReplicas(_ node: Node) throws(ScenarioFileError) -> [ReplicaID] {
        if case .string(let text) = node.value, text == "*" {
            return deviceNames.indices.filter { topology != .hub || replicaNames[$0] != "hub" }.map(ReplicaID.init)
        }
        if case .string = node.value { return [try replica(node)] }
        guard case .array = node.value else { throw node.expected("\"*\", a replica name or a list of names") }
        var result: [ReplicaID] = []
        for item in try node.array() {
            let replica = try replica(item)
            guard !result.contains(replica) else { throw item.error("replica '\(Echo.text(replicaNames[replica.index]))' is listed twice") }
            result.append(replica)
        }
        guard !result.isEmpty else { throw node.error("expected at least one replica") }
        return result
    }
}
