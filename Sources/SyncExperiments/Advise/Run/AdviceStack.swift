import SyncSimulation

/// One stack advise runs (a preset) and the strategies it runs on it.
public struct AdviceStack: Hashable, Sendable {
    /// The preset's name (``PresetCatalog``).
    public let preset: String
    /// The strategies run on it, in catalogue order.
    public let strategies: [String]

    /// `preset` running `strategies`, each of which the preset accepts.
    public init(preset: String, strategies: [String]) {
        precondition(!strategies.isEmpty, "\(preset): at least one strategy")
        if let refusal = PresetCatalog.preset(named: preset)?.refusal(of: strategies) {
            preconditionFailure("advise runs only what a preset accepts: \(refusal)")
        }
        self.preset = preset
        self.strategies = strategies
    }

    /// The strategies advise weighs beyond a preset's defaults, where the
    /// preset accepts them: `keyid` (record names derived from the natural
    /// key with the stack's own merge: the CKSyncEngine sample's way of
    /// naming records after the app's own identifier, and SQLiteData's
    /// advice to make the unique column the primary key) and
    /// `dedupe:deferred` (Apple's later dedupe sample, which marks losers
    /// and deletes them once the mark has synced; see docs/sources).
    static let extraStrategies = ["keyid", "dedupe:deferred"]

    /// Every stack a developer could ship, each with every strategy its
    /// preset runs by default and the extras it accepts, in
    /// ``PresetCatalog/all`` order. What a preset cannot run (`keyid` and
    /// `crdt` on `nspckc`) is left out by its exclusions.
    public static func all() -> [AdviceStack] {
        PresetCatalog.all.map { preset in
            var names = preset.strategies
            for extra in extraStrategies where !names.contains(extra) && preset.refusal(of: [extra]) == nil {
                names.append(extra)
            }
            let order = StrategyCatalog.builtInNames
            return AdviceStack(preset: preset.name, strategies: names.sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! })
        }
    }

    /// The stacks whose preset is named in `presets`, in that order.
    public static func named(_ presets: [String]) -> [AdviceStack] {
        let all = all()
        return presets.compactMap { name in all.first { $0.preset == name } }
    }
}
