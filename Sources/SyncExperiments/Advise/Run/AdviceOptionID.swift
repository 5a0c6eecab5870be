import SyncSimulation

/// What a developer would ship: a preset, the reading of a behaviour no
/// source settles (a variant, nil when the preset has none) and a
/// strategy.
public struct AdviceOptionID: Hashable, Sendable, CustomStringConvertible {
    /// The preset's name (``PresetCatalog``).
    public let preset: String
    /// The reading of an unsettled behaviour, nil when the preset has none.
    public let variant: String?
    /// The strategy's name, as `--strategies` takes it.
    public let strategy: String

    /// The option of `preset`, its `variant` and `strategy`.
    public init(preset: String, variant: String?, strategy: String) {
        self.preset = preset
        self.variant = variant
        self.strategy = strategy
    }

    /// `cksyncengine keyid`, `nspckc [importFirst] dedupe`: how text names it.
    public var description: String {
        preset + (variant.map { " [\($0)]" } ?? "") + " " + strategy
    }
}
