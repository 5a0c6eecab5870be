import SyncSimulation

/// Reads an engine's settings object (`cloudkit: { … }`) against the specs
/// the engine publishes (``EngineSettingSpec``): every member checked, a
/// bad one refused with its path and what is allowed.
enum EngineSettingsReader {
    /// The members `node` sets, in spec order; none when there is no node.
    static func settings(_ node: Node?, specs: [EngineSettingSpec]) throws(ScenarioFileError) -> [EngineSetting] {
        guard let node else { return [] }
        let object = try node.object(allowed: specs.map(\.key))
        var settings: [EngineSetting] = []
        for spec in specs {
            guard let member = object[spec.key] else { continue }
            settings.append(EngineSetting(spec.key, try value(member, spec.kind)))
        }
        return settings
    }

    private static func value(_ node: Node, _ kind: EngineSettingSpec.Kind) throws(ScenarioFileError) -> EngineSetting.Value {
        switch kind {
        case .choice(let names):
            let text = try node.string()
            guard names.contains(text) else { throw node.expected(oneOf: names, found: text) }
            return .text(text)
        case .integer(let range):
            return .int(Int(try node.int(in: Int64(range.lowerBound) ... Int64(range.upperBound))))
        case .flag:
            return .bool(try node.bool())
        }
    }
}
