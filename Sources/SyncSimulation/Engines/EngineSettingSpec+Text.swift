/// A setting's values and default in words, for `--help` and docs.
extension EngineSettingSpec {
    /// The values it takes: `device, server or adoptServer`, `1 to 400`,
    /// `true or false`.
    public var valuesText: String {
        switch kind {
        case .choice(let names) where names.count > 1: names.dropLast().joined(separator: ", ") + " or " + names.last!
        case .choice(let names): names.joined()
        case .integer(let range): "\(range.lowerBound) to \(range.upperBound)"
        case .flag: "true or false"
        }
    }

    /// Its default as a scenario file writes it (`recordLWW`, `400`,
    /// `false`); nil when unset leaves the engine's own behaviour, which
    /// ``help`` says.
    public var defaultText: String? {
        defaultValue.map { EngineSetting(key, $0).valueText }
    }
}
