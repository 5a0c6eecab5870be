/// One setting an engine takes in its settings object (`cloudkit: {
/// conflict: … }`), as data: the scenario file module reads and checks a
/// file's object against these, `--help` and docs can list them, and an
/// engine declares each setting once, here.
public struct EngineSettingSpec: Sendable {
    /// What a value may be.
    public enum Kind: Hashable, Sendable {
        /// One of these names.
        case choice([String])
        /// A whole number in this range.
        case integer(ClosedRange<Int>)
        /// `true` or `false`.
        case flag
    }

    /// The member's name in the settings object.
    public let key: String
    /// What its value may be.
    public let kind: Kind
    /// Its value when the object does not name it; nil: unset, the engine's
    /// own behaviour (said in `help`).
    public let defaultValue: EngineSetting.Value?
    /// One line for `--help` and docs.
    public let help: String

    /// A setting `key` of `kind`.
    public init(_ key: String, _ kind: Kind, default defaultValue: EngineSetting.Value?, help: String) {
        self.key = key
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
    }

    /// Whether `value` is one this setting takes.
    public func accepts(_ value: EngineSetting.Value) -> Bool {
        switch (kind, value) {
        case (.choice(let names), .text(let text)): names.contains(text)
        case (.integer(let range), .int(let number)): range.contains(number)
        case (.flag, .bool): true
        default: false
        }
    }
}
