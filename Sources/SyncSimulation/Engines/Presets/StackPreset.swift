/// A stack a user could ship, as the simulator runs it: an engine, that
/// engine's settings, a topology, and the strategies the stack cannot
/// express. `preset: "nspckc"` in a scenario, or `--preset nspckc`.
///
/// A preset only picks settings every scenario can already write out; what
/// each setting stands for, and whether Apple documents it or practitioners
/// observed it, is in the README's "Presets" and docs/MODEL.md. A setting
/// the scenario's own engine settings (`cloudkit: { … }`) name wins over the
/// preset's, so a behaviour with no source can be run both ways.
public struct StackPreset: Sendable {
    /// A strategy the stack cannot run, and why.
    public struct Exclusion: Sendable {
        /// The strategies it covers, as `--help` and reports print them:
        /// `unique:*`, `crdt`.
        public let label: String
        /// The strategy names it covers, in catalog order.
        public let strategies: [String]
        /// Why, with its source.
        public let reason: String
    }

    /// The name a user types.
    public let name: String
    /// The stack, for `--help` and report headlines.
    public let stack: String
    /// The engine it runs (a name in ``EngineCatalog``).
    public let engine: String
    /// Members of the engine's settings object (`cloudkit: { … }`), in the
    /// scenario format; the scenario's own members override them.
    let settings: [String: JSONNode]
    public let topology: Topology
    /// What it runs when nothing names strategies: the strategies an app on
    /// this stack could use, in catalog order.
    public let strategies: [String]
    public let exclusions: [Exclusion]
    /// Why the stack refuses a `deny` delete rule, with its source; nil
    /// when it takes one.
    public var denyRuleRefusal: String? = nil

    /// The exclusion covering `strategy`, if the stack cannot run it.
    public func exclusion(of strategy: String) -> Exclusion? {
        if let named = exclusions.first(where: { $0.strategies.contains(strategy) }) { return named }
        // A registered strategy is judged by what it declares: like
        // `unique:*` if its store enforces uniqueness, like `crdt` if it
        // syncs records as CRDTs.
        guard let registered = StrategyRegistry.strategy(named: strategy) else { return nil }
        let alike = (registered.enforcesUniqueness ? ["unique:error"] : []) + (registered.syncsRecordsAsCRDTs ? ["crdt"] : [])
        return alike.lazy.compactMap { name in self.exclusions.first { $0.strategies.contains(name) } }.first
    }

    /// Why the stack cannot run `names`, naming the first it cannot; nil
    /// when it can run them all (for `--strategies` over a preset).
    public func refusal(of names: [String]) -> String? {
        for name in names {
            if let exclusion = exclusion(of: name) { return "preset \(self.name) cannot run \(name): \(exclusion.reason)" }
        }
        return nil
    }

    /// The engine with the preset's settings and none of the scenario's:
    /// what `simulate --replicas N --preset NAME` runs.
    public var engineConfiguration: any EngineConfiguration {
        guard let entry = EngineCatalog.entry(named: engine) else { preconditionFailure("preset \(name) names no engine") }
        let node = entry.settingsKey.map { Node(value: .object(settings), path: $0, file: "preset \(name)") }
        do {
            return try entry.configuration(node)
        } catch {
            preconditionFailure("the settings of preset \(name) do not parse: \(error)")
        }
    }
}
