import SyncSimulation

/// docs/report-schema.json's account of the metrics, written from the
/// catalog (``Metric/catalog``, ``Metric/groups``): a test keeps the file
/// equal to it and re-records it, as docs/MODEL.md's metrics table is.
extension Metric {
    /// The `result` definition's properties for every metric JSON writes,
    /// in catalog order: a metric at its key, a group's metrics in an
    /// object under the group's key, where its first metric comes.
    package static var schemaProperties: [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        for spec in catalog where spec.isInJSON {
            let parts = spec.path.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                members.append(.init(spec.path, spec.schema))
                continue
            }
            guard !members.contains(where: { $0.key == parts[0] }) else { continue }
            members.append(.init(parts[0], schema(ofGroup: parts[0])))
        }
        return members
    }

    /// The keys ``schemaProperties`` gives, each required in a result.
    package static var schemaKeys: [String] { schemaProperties.map(\.key) }

    private static func schema(ofGroup key: String) -> JSONValue {
        guard let group = groups.first(where: { $0.key == key }) else { preconditionFailure("no MetricGroup for '\(key)'") }
        let specs = catalog.filter { $0.isInJSON && $0.path.hasPrefix(key + ".") }
        let names = specs.map { String($0.path.dropFirst(key.count + 1)) }
        return .object([
            .init("type", .string("object")),
            .init("description", .string(group.detail)),
            .init("properties", .object(zip(names, specs).map { .init($0, $1.schema) })),
            .init("required", .array(names.map(JSONValue.string))),
            .init("additionalProperties", .bool(false)),
        ])
    }
}

extension MetricSpec {
    /// The figure's schema: its JSON type, what it counts, its bounds.
    var schema: JSONValue {
        let description = JSONValue.Member("description", .string(detail))
        let notNegative = JSONValue.Member("minimum", .int(0))
        switch kind {
        case .count: return .object([.init("type", .string("integer")), description, notNegative])
        case .seconds: return .object([.init("type", .string("number")), description, notNegative])
        case .secondsIfAny: return .object([.init("type", .array([.string("number"), .string("null")])), description, notNegative])
        case .flag: return .object([.init("type", .string("boolean")), description])
        case .verdict: return .object([.init("type", .string("string")), description, .init("enum", .array(Liveness.allCases.map { .string($0.rawValue) }))])
        }
    }
}
