/// A stack a user could ship, as the simulator runs it: an engine, that
/// engine's settings, a topology, and the strategies the stack cannot
/// express. `preset: "nspckc"` in a scenario, or `--preset nspckc`.
///
/// A preset only picks settings every scenario can already write out; what
/// each setting stands for, and whether Apple documents it or practitioners
/// observed it, is in docs/presets.md and docs/MODEL.md. A setting
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

    /// A behaviour of the stack that no source settles, which the preset
    /// runs every way a reading of it allows instead of picking one.
    public struct Unknown: Sendable {
        /// What is not known, with its source, as report headlines say it.
        public let question: String
        /// Each way to run it, in the order reports list them.
        public let readings: [Reading]
    }

    /// One way to run an ``Unknown``: a variant of the preset.
    public struct Reading: Sendable {
        /// The variant's name in reports (`variant`).
        public let name: String
        /// Members of the engine's settings object that run this reading.
        let settings: [String: JSONNode]
        /// What follows from it, with the source it rests on.
        public let summary: String
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
    /// The topology it runs.
    public let topology: Topology
    /// What it runs when nothing names strategies: the strategies an app on
    /// this stack could use, in catalog order.
    public let strategies: [String]
    /// Strategies the stack cannot run, and why.
    public let exclusions: [Exclusion]
    /// Why the stack refuses a `deny` delete rule, with its source; nil
    /// when it takes one.
    public var denyRuleRefusal: String? = nil
    /// The behaviour no source settles, run both ways; nil when every
    /// behaviour the preset picks has a source.
    public var unknown: Unknown? = nil

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
        do {
            return try configuration(settings, file: "preset \(name)")
        } catch {
            preconditionFailure("the settings of preset \(name) do not parse: \(error)")
        }
    }

    /// The variants of a scenario whose engine settings are `members` (the
    /// preset's merged with the scenario's own): one per reading of the
    /// unknown behaviour, each with its reading's settings over `members`.
    /// None when the preset has no unknown or the scenario's own settings
    /// `own` already name one of the settings a reading sets: the scenario
    /// chose.
    func variants(over members: [String: JSONNode], own: [String: JSONNode] = [:],
                  file: String) throws(ScenarioFileError) -> [ScenarioVariant] {
        guard let unknown else { return [] }
        let named = Set(unknown.readings.flatMap(\.settings.keys))
        guard own.keys.allSatisfy({ !named.contains($0) }) else { return [] }
        var variants: [ScenarioVariant] = []
        for reading in unknown.readings {
            let engine = try configuration(members.merging(reading.settings) { _, reading in reading }, file: file)
            variants.append(ScenarioVariant(name: reading.name, engine: engine))
        }
        return variants
    }

    /// The variants of `simulate --replicas N --preset NAME`.
    public var variants: [ScenarioVariant] {
        do {
            return try variants(over: settings, file: "preset \(name)")
        } catch {
            preconditionFailure("the variants of preset \(name) do not parse: \(error)")
        }
    }

    private func configuration(_ members: [String: JSONNode], file: String) throws(ScenarioFileError) -> any EngineConfiguration {
        guard let entry = EngineCatalog.entry(named: engine) else { preconditionFailure("preset \(name) names no engine") }
        return try entry.configuration(entry.settingsKey.map { Node(value: .object(members), path: $0, file: file) })
    }
}

/// A scenario run under one reading of its preset's unknown behaviour
/// (``StackPreset/Unknown``): reports show its rows beside the other
/// readings', with the plain strategy name and this name as `variant`.
public struct ScenarioVariant: Sendable {
    /// The reading's name, shown as the run's `variant`.
    public let name: String
    /// The engine this reading runs.
    public let engine: any EngineConfiguration
}
