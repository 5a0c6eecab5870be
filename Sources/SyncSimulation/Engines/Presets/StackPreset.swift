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
        /// The engine settings that run this reading.
        package let settings: [EngineSetting]
        /// What follows from it, with the source it rests on.
        public let summary: String
    }

    /// The name a user types.
    public let name: String
    /// The stack, for `--help` and report headlines.
    public let stack: String
    /// The engine it runs (a name in ``EngineCatalog``).
    public let engine: String
    /// The engine's settings (`cloudkit: { … }`), typed; the scenario's own
    /// members override them.
    package let settings: [EngineSetting]
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
    /// Whether the stack applies the delete rules to what an import leaves
    /// pointing at a deleted record (the scenario's `deleteRulesOnImport`,
    /// which wins when the file sets it); false when no source says so.
    public var deleteRulesOnImport = false
    /// The behaviours no source settles, each run every way; empty when
    /// every behaviour the preset picks has a source. With several, every
    /// combination of their readings runs (``variants(over:own:)``).
    public var unknowns: [Unknown] = []

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
        configuration(settings)
    }

    /// The variants of a scenario whose engine settings are `settings` (the
    /// preset's with the scenario's own over them): one per combination of
    /// the readings of the unknowns the scenario leaves open, each with its
    /// readings' settings over `settings`, named by its readings joined
    /// with `+` in the order ``unknowns`` lists them (`localWins+fetchBetween`),
    /// or by the one reading when one unknown is open. An unknown whose
    /// settings the scenario's own settings `own` (their names) name is
    /// chosen and runs no variants. None when no unknown is open.
    package func variants(over settings: [EngineSetting], own: [String] = []) -> [ScenarioVariant] {
        let open = unknowns.filter { unknown in
            let named = Set(unknown.readings.flatMap { $0.settings.map(\.name) })
            return own.allSatisfy { !named.contains($0) }
        }
        guard !open.isEmpty else { return [] }
        var combinations: [[Reading]] = [[]]
        for unknown in open {
            combinations = combinations.flatMap { prefix in unknown.readings.map { prefix + [$0] } }
        }
        return combinations.map { readings in
            ScenarioVariant(name: readings.map(\.name).joined(separator: "+"), readings: readings.map(\.name),
                            engine: configuration(Self.merging(readings.flatMap(\.settings), over: settings)))
        }
    }

    /// The variants of `simulate --replicas N --preset NAME`.
    public var variants: [ScenarioVariant] {
        variants(over: settings)
    }

    /// `top` over `base`: a setting named in both takes `top`'s value.
    package static func merging(_ top: [EngineSetting], over base: [EngineSetting]) -> [EngineSetting] {
        base.filter { setting in !top.contains { $0.name == setting.name } } + top
    }

    private func configuration(_ settings: [EngineSetting]) -> any EngineConfiguration {
        guard let entry = EngineCatalog.entry(named: engine) else { preconditionFailure("preset \(name) names no engine") }
        return entry.configuration(settings)
    }
}

/// A scenario run under one reading of each of its preset's unknown
/// behaviours (``StackPreset/Unknown``): reports show its rows beside the
/// other variants', with the plain strategy name and this name as
/// `variant`.
public struct ScenarioVariant: Sendable {
    /// The variant's name, shown as the run's `variant`: its readings'
    /// names joined with `+`.
    public let name: String
    /// The names of the readings it runs, one per open unknown.
    public let readings: [String]
    /// The engine this reading runs.
    public let engine: any EngineConfiguration
}

extension ScenarioVariant {
    /// True when an expectation's `variant: named` applies to a run of
    /// variant `run`: `named` is the variant's name or one of its readings
    /// (`localWins` applies to `localWins+fetchBetween`).
    public static func matches(_ named: String, run: String?) -> Bool {
        guard let run else { return false }
        return named == run || readings(of: run).contains(named)
    }

    /// The readings a variant named `name` runs: its name split at `+`.
    public static func readings(of name: String) -> [String] {
        name.split(separator: "+").map(String.init)
    }
}
