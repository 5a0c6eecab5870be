import SyncModel
import SyncSimulation

/// Running a read scenario on another stack: what `--engine` and
/// `--preset` (and a sweep's `engine=`, `preset=`) do. The scenario is
/// moved, not read again: its named devices, steps and expectations stay,
/// and what depends on the stack is checked again, with the file's place
/// in any error, as the file would be read with the new stack written in.
extension ScenarioDocument {
    /// The scenario under another sync engine (`--engine`): the preset and
    /// the settings of every other engine are left out; the file's own
    /// settings for that engine, its topology and `hubRunsAppCode` stay.
    public func runningUnder(engine name: String) throws(ScenarioFileError) -> ScenarioDocument {
        try runningUnder(engine: name, keeping: [])
    }

    /// The scenario as another stack (`--preset`): its engine, topology,
    /// `hubRunsAppCode` and every engine setting are left out, so the stack
    /// is the preset's alone; with no strategy list it runs the preset's.
    public func runningAs(preset name: String) throws(ScenarioFileError) -> ScenarioDocument {
        try runningAs(preset: name, keeping: [])
    }

    /// ``runningUnder(engine:)``, but what the overrides after the change
    /// wrote (`kept`: paths such as `cloudkit.syncOrder`) stays, as it does
    /// in a document edited in that order.
    func runningUnder(engine name: String, keeping kept: [String]) throws(ScenarioFileError) -> ScenarioDocument {
        if let unknown = Self.unknownStack(path: "engine", name: name, file: file) { throw unknown }
        var changed = choices
        changed.stack = choices.stack.runningUnder(engine: name, keeping: kept)
        return try Self.bound(scenario, choices: changed, file: file, seed: seed, checkingSettings: true)
    }

    /// ``runningAs(preset:)``, keeping what the overrides after the change
    /// wrote (see ``runningUnder(engine:keeping:)``).
    func runningAs(preset name: String, keeping kept: [String]) throws(ScenarioFileError) -> ScenarioDocument {
        guard let preset = PresetCatalog.preset(named: name) else { throw Self.unknownStack(path: "preset", name: name, file: file)! }
        var changed = choices
        changed.stack = choices.stack.runningAs(preset: preset, keeping: kept)
        return try Self.bound(scenario, choices: changed, file: file, seed: seed, checkingSettings: true)
    }

    /// The error for `name` when no engine (`path` "engine") or preset
    /// (`path` "preset") has it; nil when one does.
    static func unknownStack(path: String, name: String, file: String) -> ScenarioFileError? {
        let (known, what, verb) = path == "engine" ? (EngineCatalog.allNames, "engine", "run under") : (PresetCatalog.allNames, "preset", "run as")
        guard !known.contains(name) else { return nil }
        return ScenarioFileError(file: file, path: path, message: "cannot \(verb) \(what) '\(Echo.text(name))'; \(what)s: \(known.joined(separator: ", "))"
            + Suggestion.didYouMean(name, among: known))
    }

    /// `scenario` run by the stack `choices` resolve to, with the strategies
    /// and expectations that stack runs. What the stack refuses is an error
    /// at the file's place: a strategy the preset cannot run, a deny delete
    /// rule it cannot run, an expectation about a strategy or variant the
    /// scenario does not run, and a step, link, clock, app version or
    /// expectation naming an endpoint (`hub`, `server`) the stack lacks.
    /// Expectations about a default strategy the preset does not run are
    /// dropped: the report names the strategy as not run, and why.
    static func bound(_ scenario: Scenario, choices: FileChoices, file: String, seed: UInt64,
                      checkingSettings: Bool) throws(ScenarioFileError) -> ScenarioDocument {
        let stack = try choices.stack.resolved(file: file, checkingSettings: checkingSettings)
        // The endpoint the old stack added and the new one lacks, if any.
        let newEndpoint = Scenario.stackEndpointName(engine: stack.engine, topology: stack.topology)
        let gone = scenario.stackEndpointName == newEndpoint ? nil : scenario.stackEndpoint
        if let gone, let place = choices.stackEndpointPlaces.first {
            // The first place the file names it, as reading the file with
            // the new stack written in would refuse, before any refusal of
            // the preset's (a file is read before it is bound).
            throw ScenarioFileError(file: file, path: place, message: "unknown replica '\(Echo.text(scenario.replicaNames[gone.index]))'; "
                + "replicas: \(Echo.list(endpointNames(of: scenario, adding: newEndpoint)))")
        }
        if let preset = stack.preset {
            if let refusal = preset.denyRuleRefusal, let denied = ScenarioParser.firstDenyRule(in: scenario.schema) {
                throw ScenarioFileError(file: file, path: choices.schemaPath, message: "preset \"\(preset.name)\" cannot run the deny delete rule of \(denied): \(refusal)")
            }
            if let names = choices.commandLineStrategies {
                // The command line's list replaced the file's: its refusal is the option's.
                if let refusal = preset.refusal(of: names) { throw ScenarioFileError(file: file, path: "", message: "--strategies: \(refusal)") }
            } else {
                for strategy in choices.listedStrategies ?? [] {
                    if let exclusion = preset.exclusion(of: strategy.value) {
                        throw ScenarioFileError(file: file, path: strategy.path, message: "preset \"\(preset.name)\" cannot run \(strategy.value): \(exclusion.reason)")
                    }
                }
            }
        }
        var bound = try moved(scenario, to: stack, file: file)
        bound.hubRunsAppCode = stack.hubRunsAppCode
        bound.preset = stack.preset
        // The file's own setting wins; else the preset's (sqlitedata: SQLite's
        // foreign-key actions, docs/sources/stack-code.md S16); else off.
        bound.deleteRulesOnImport = choices.deleteRulesOnImport ?? stack.preset?.deleteRulesOnImport ?? false
        bound.variants = stack.variants

        let listed = choices.listedStrategies?.map(\.value) ?? StrategyCatalog.defaultNames
        // With no list, a preset runs its stack's own strategies.
        let strategies = choices.listedStrategies == nil ? stack.preset?.strategies ?? listed : listed
        let named = listed + strategies.filter { !listed.contains($0) }

        var expectations: [ScenarioExpectation] = []
        for placed in choices.expectations {
            let expectation = placed.expectation
            guard expectation.strategy == "*" || named.contains(expectation.strategy) else {
                throw ScenarioFileError(file: file, path: placed.strategyPath, message: "strategy '\(Echo.text(expectation.strategy))' is not run by this scenario; it runs \(named.joined(separator: ", ")) (or use \"*\" for all)")
            }
            if let variant = expectation.variant, !stack.variants.contains(where: { ScenarioVariant.matches(variant, run: $0.name) }) {
                let path = placed.variantPath ?? placed.strategyPath
                let names = stack.variants.map(\.name) + Set(stack.variants.flatMap(\.readings)).subtracting(stack.variants.map(\.name)).sorted()
                throw ScenarioFileError(file: file, path: path, message: names.isEmpty
                    ? "this scenario runs no variants: only a preset with a behaviour no source settles has them, and a scenario whose own engine settings choose that behaviour runs none"
                    : Node.expectedMessage(oneOf: names, found: variant))
            }
            if case .value(let value) = expectation, let gone, value.replicas.contains(gone) {
                throw ScenarioFileError(file: file, path: placed.replicasPath ?? placed.strategyPath,
                                        message: "unknown replica '\(Echo.text(scenario.replicaNames[gone.index]))'; replicas: \(Echo.list(bound.replicaNames))")
            }
            if expectation.strategy == "*" || strategies.contains(expectation.strategy) { expectations.append(expectation) }
        }
        bound.watchedFields = Set(expectations.compactMap { item -> WatchedField? in
            if case .value(let expectation) = item { expectation.watch } else { nil }
        }).sorted()
        return ScenarioDocument(file: file, scenario: bound, seed: seed, strategyNames: strategies, allExpectations: expectations, choices: choices)
    }

    /// `scenario` run by `stack`, or the error for what it names that the
    /// stack lacks.
    private static func moved(_ scenario: Scenario, to stack: ResolvedStack, file: String) throws(ScenarioFileError) -> Scenario {
        do {
            return try scenario.running(engine: stack.engine, topology: stack.topology)
        } catch {
            throw refusal(error, in: scenario, under: stack, file: file)
        }
    }

    /// The endpoints' names of `scenario` on a stack that adds `endpoint`:
    /// its named devices, then that one.
    private static func endpointNames(of scenario: Scenario, adding endpoint: String?) -> [String] {
        Array(scenario.replicaNames.prefix(scenario.stackEndpoint?.index ?? scenario.replicaNames.count)) + (endpoint.map { [$0] } ?? [])
    }

    /// The error for a scenario built in Swift that names an endpoint its new stack lacks,
    /// at the place in the file that names it.
    private static func refusal(_ refusal: Scenario.EndpointRefusal, in scenario: Scenario, under stack: ResolvedStack, file: String) -> ScenarioFileError {
        let names = endpointNames(of: scenario, adding: Scenario.stackEndpointName(engine: stack.engine, topology: stack.topology))
        let endpoint = Echo.text(refusal.endpoint)
        let path: String
        switch refusal.place {
        case .step(let index): path = "steps[\(scenario.stepFileOrder?[index] ?? index)]"
        case .link: path = "network.links"
        case .clock: path = "clocks.\(endpoint)"
        case .appVersion: path = "appVersion.\(endpoint)"
        }
        return ScenarioFileError(file: file, path: path, message: "unknown replica '\(endpoint)'; replicas: \(Echo.list(names))")
    }
}
