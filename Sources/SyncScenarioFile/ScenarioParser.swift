import SyncModel
import SyncSimulation

/// Turns a scenario document's tree into a ``ScenarioDocument``, checking
/// everything a run depends on.
struct ScenarioParser {
    static let topLevelKeys = [
        "name", "description", "replicas", "seed", "topology", "hubRunsAppCode", "deleteVsEdit", "deleteRulesOnImport", "sameSaveDuplicates", "engine", "preset", "until", "schema", "network", "sync",
        "clocks", "strategies", "dedupeDelay", "dedupeDeferral", "dedupeDeferUntil", "writerLatency", "seriesResolution", "seriesPerReplica", "syncOff", "syncOffSaves", "versions", "appVersion", "steps", "expect",
        // Read by `simulate advise` only (``ScenarioAdviceBlock``); a run ignores it.
        "advise",
    ] + EngineCatalog.settingsKeys
    static let replicaRange: ClosedRange<Int64> = 1 ... 500

    let root: Node
    let seedOverride: UInt64?
    /// Whether settings of an engine the file does not run are refused
    /// here: not when `--engine` or `--preset` will change the stack next.
    let checkingSettings: Bool
    /// `--strategies`: what runs instead of the file's list, so what the
    /// stack's refusals are checked against (``FileChoices/commandLineStrategies``).
    var commandLineStrategies: [String]?
    /// The estimate the file is held to before the passes over its imports
    /// and keys; nil: none (a library caller's file, a sweep's later reads).
    var sizeCheck: ScenarioSizeCheck?

    /// Every endpoint's name: the devices, then the engine's server if any.
    var replicaNames: [String] = []
    /// The engine's server endpoint name (`server` for cloudkit), if any.
    var serverName: String?
    var topology = Topology.mesh
    var schema = Schema.users
    var seed: UInt64 = 1
    var untilMicros = Scenario.defaultUntilMicros
    /// Devices that start with sync off; `enableSync` steps name them.
    var syncOff: [ReplicaID] = []
    /// Where the file names the endpoint its stack adds (`hub`, `server`),
    /// in the order the parser meets them: another stack without that
    /// endpoint refuses the first (``ScenarioDocument/bound(_:choices:file:seed:checkingSettings:)``).
    let stackEndpointPlaces = PlaceLog()
    /// The app's versions (`versions`) and each device's first one.
    var versions: [AppVersion] = []
    var startingVersions: [Int] = []

    init(root: Node, seedOverride: UInt64?, checkingSettings: Bool = true) {
        self.root = root
        self.seedOverride = seedOverride
        self.checkingSettings = checkingSettings
    }

    mutating func parse() throws(ScenarioFileError) -> ScenarioDocument {
        let document = try root.object(allowed: Self.topLevelKeys, required: ["name"])
        let name = try document.required("name").nonEmptyString()
        let description = try document["description"]?.string() ?? ""

        if let topologyNode = document["topology"] {
            let text = try topologyNode.string()
            guard let parsed = Topology(rawValue: text) else {
                throw topologyNode.expected(oneOf: Topology.allCases.map(\.rawValue), found: text)
            }
            topology = parsed
        }
        let preset = try parsePreset(document)
        let deleteVsEdit = try parseChoice(document["deleteVsEdit"], as: DeleteVsEdit.self)
        let sameSaveDuplicates = try parseChoice(document["sameSaveDuplicates"], as: SameSaveDuplicates.self) ?? .firstCreatedWins
        let hubRunsAppCode = try document["hubRunsAppCode"]?.bool()
        let deleteRulesOnImport = try document["deleteRulesOnImport"]?.bool()
        replicaNames = try parseReplicas(document["replicas"])
        let stackChoice = try parseStack(document, preset: preset, hubRunsAppCode: hubRunsAppCode)
        let stack = try stackChoice.resolved(file: root.file, checkingSettings: false)
        if topology == .hub { replicaNames.append("hub") }
        serverName = stack.engine.serverName
        if let serverName { replicaNames.append(serverName) }

        if let seedNode = document["seed"] {
            seed = try seedNode.seed()
        }
        if let seedOverride { seed = seedOverride }

        untilMicros = try document["until"]?.duration() ?? Scenario.defaultUntilMicros
        guard untilMicros > 0 else { throw document["until"]!.error("expected a duration above 0") }
        if let versionsNode = document["versions"] {
            if let schemaNode = document["schema"] {
                throw schemaNode.error("with 'versions', each version has its schema: drop the top-level 'schema'")
            }
            (versions, schema) = try parseVersions(versionsNode)
        }
        startingVersions = try parseAppVersions(document["appVersion"], versions: versions)
        if let schemaNode = document["schema"] {
            schema = try parseSchema(schemaNode)
        }
        let (network, links) = try parseNetwork(document["network"])
        let sync = try parseSync(document["sync"])
        let clocks = try parseClocks(document["clocks"])
        let listedStrategies = try parseStrategies(document["strategies"])
        let dedupeDelayMicros = try document["dedupeDelay"]?.duration() ?? 50_000
        let dedupeDeferralMicros = try document["dedupeDeferral"]?.duration() ?? AppSettings.defaultDedupeDeferralMicros
        let writerLatencyMicros = try document["writerLatency"]?.duration() ?? 1_000
        guard writerLatencyMicros > 0 else { throw document["writerLatency"]!.error("expected a duration above 0") }
        let seriesResolutionMicros = try document["seriesResolution"]?.duration() ?? 100_000
        guard seriesResolutionMicros >= 1_000 else { throw document["seriesResolution"]!.error("expected a duration of 1ms or more") }
        let seriesPerReplica = try document["seriesPerReplica"]?.bool() ?? false
        syncOff = try parseSyncOff(document["syncOff"])
        let (steps, stepPlaces, stepNodes) = try parseSteps(document["steps"])

        var scenario = Scenario(
            name: name, description: description, replicaNames: Array(deviceNames), schema: schema,
            network: network, sync: sync, clocks: clocks, untilMicros: untilMicros,
            dedupeDelayMicros: dedupeDelayMicros, steps: steps)
        scenario.stepFileOrder = stepPlaces
        scenario.topology = topology
        // The preset's setting applies when the document is bound to its stack (`choices`).
        scenario.deleteRulesOnImport = deleteRulesOnImport ?? false
        scenario.deleteVsEditSetting = deleteVsEdit
        scenario.sameSaveDuplicates = sameSaveDuplicates
        scenario.dedupeDeferralMicros = dedupeDeferralMicros
        scenario.useEngine(stack.engine)
        scenario.links = links
        scenario.writerLatencyMicros = writerLatencyMicros
        scenario.seriesResolutionMicros = seriesResolutionMicros
        scenario.seriesPerReplica = seriesPerReplica
        scenario.syncOff = syncOff
        scenario.syncOffSaves = try parseChoice(document["syncOffSaves"], as: SyncOffSaves.self) ?? .uploaded
        scenario.dedupeDeferUntil = try parseChoice(document["dedupeDeferUntil"], as: DedupeDeferUntil.self) ?? .exportAndImport
        scenario.versions = versions
        scenario.startingVersions = versions.isEmpty ? [] : startingVersions
        // The size check comes before any pass that expands imports.
        var keysKnown = true
        if let sizeCheck {
            let names = sizeCheck.strategyNames ?? listedStrategies?.map(\.value) ?? stack.preset?.strategies ?? StrategyCatalog.defaultNames
            if let refusal = sizeCheck.refusal(scenario, strategies: names) {
                switch sizeCheck.overBudget {
                case .refuse: throw root.error(sizeCheck.message(refusal))
                case .skipKeyPasses: keysKnown = false
                }
            }
        }
        if keysKnown { try checkAddressedKeysAreCreated(zip(steps, stepNodes).map { ($0, $1) }) }
        let expectations = try parseExpectations(document["expect"], steps: steps, keysKnown: keysKnown)
        // What depends on the stack (strategies, expectations, the
        // preset's refusals) is checked where `--engine` and `--preset`
        // check it again: binding the scenario to its stack.
        var choices = FileChoices(stack: stackChoice, listedStrategies: listedStrategies, expectations: expectations,
                                  schemaPath: document["versions"] == nil ? "schema" : "versions", stackEndpointPlaces: stackEndpointPlaces.paths)
        choices.commandLineStrategies = commandLineStrategies
        choices.deleteRulesOnImport = deleteRulesOnImport
        return try ScenarioDocument.bound(scenario, choices: choices, file: root.file, seed: seed, checkingSettings: checkingSettings)
    }

    /// A string naming one case of `Choice`; nil when the key is absent.
    func parseChoice<Choice: RawRepresentable & CaseIterable>(_ node: Node?, as _: Choice.Type) throws(ScenarioFileError) -> Choice?
    where Choice.RawValue == String {
        guard let node else { return nil }
        let text = try node.string()
        guard let parsed = Choice(rawValue: text) else {
            throw node.expected(oneOf: Choice.allCases.map(\.rawValue), found: text)
        }
        return parsed
    }

    // MARK: Replicas

    private func parseReplicas(_ node: Node?) throws(ScenarioFileError) -> [String] {
        guard let node else { return (1 ... 3).map { "r\($0)" } }
        if case .int? = node.numberValue {
            let count = try node.int(in: Self.replicaRange)
            return (1 ... Int(count)).map { "r\($0)" }
        }
        guard case .array = node.value else {
            throw node.expected("a number of replicas (\(Self.replicaRange.lowerBound) to \(Self.replicaRange.upperBound)) or a list of names")
        }
        let items = try node.array()
        guard Self.replicaRange.contains(Int64(items.count)) else {
            throw node.error("expected \(Self.replicaRange.lowerBound) to \(Self.replicaRange.upperBound) replica names, found \(items.count)")
        }
        var names: [String] = []
        for item in items {
            let name = try item.nonEmptyString()
            guard !(["all", "hub", "*"] + EngineCatalog.reservedNames).contains(name) else {
                throw item.error("'\(Echo.text(name))' is reserved and cannot name a replica")
            }
            guard !names.contains(name) else { throw item.error("replica '\(Echo.text(name))' is named twice") }
            names.append(name)
        }
        return names
    }

    /// The replica a name refers to.
    func replica(_ node: Node) throws(ScenarioFileError) -> ReplicaID {
        let name = try node.nonEmptyString()
        guard let index = replicaNames.firstIndex(of: name) else {
            throw node.error("unknown replica '\(Echo.text(name))'; replicas: \(Echo.list(replicaNames))")
        }
        if index == stackEndpointIndex { stackEndpointPlaces.paths.append(node.path) }
        return ReplicaID(index)
    }

    /// The endpoint the stack adds after the named devices (the hub or the
    /// engine's server), if any.
    var stackEndpointIndex: Int? { topology == .hub || serverName != nil ? replicaNames.count - 1 : nil }

    /// The devices: every endpoint but the engine's server.
    var deviceNames: ArraySlice<String> { replicaNames.prefix(replicaNames.count - (serverName == nil ? 0 : 1)) }

    /// The device a name refers to: a replica that is not the engine's
    /// server, which runs no app (no intents, no crash).
    func device(_ node: Node) throws(ScenarioFileError) -> ReplicaID {
        let id = try replica(node)
        if let serverName, replicaNames[id.index] == serverName {
            throw node.error("'\(Echo.text(serverName))' is the cloudkit engine's server, not a device: it runs no app, so intents, writers, crashes and restarts go on devices (\(Echo.list(deviceNames)))")
        }
        return id
    }

    /// `"all"` (every device but the hub), a device name, or a list of
    /// device names, each once. With `anyEndpoint` (cuts and links): a name
    /// or a list of names of any endpoint, the engine's server too.
    func targets(_ node: Node, anyEndpoint: Bool = false) throws(ScenarioFileError) -> [ReplicaID] {
        if !anyEndpoint, case .string(let text) = node.value, text == "all" {
            return deviceNames.indices.filter { topology != .hub || replicaNames[$0] != "hub" }.map(ReplicaID.init)
        }
        if case .string = node.value { return [try member(node, anyEndpoint: anyEndpoint)] }
        guard case .array = node.value else {
            throw node.expected(anyEndpoint ? "a replica name or a list of names" : "\"all\", a replica name or a list of names")
        }
        var result: [ReplicaID] = []
        for item in try node.array() {
            let target = try member(item, anyEndpoint: anyEndpoint)
            guard !result.contains(target) else { throw item.error("replica '\(Echo.text(replicaNames[target.index]))' is listed twice") }
            result.append(target)
        }
        guard !result.isEmpty else { throw node.error("expected at least one replica") }
        return result
    }

    private func member(_ node: Node, anyEndpoint: Bool) throws(ScenarioFileError) -> ReplicaID {
        anyEndpoint ? try replica(node) : try device(node)
    }

    // MARK: Engine

    /// `preset: "nspckc" | …`: the stack to run, which fixes the engine
    /// and the topology. A scenario that also names either must name the
    /// preset's own (`--preset` and a sweep's `preset=` replace both).
    private mutating func parsePreset(_ document: ObjectNode) throws(ScenarioFileError) -> StackPreset? {
        guard let presetNode = document["preset"] else { return nil }
        let name = try presetNode.string()
        guard let preset = PresetCatalog.preset(named: name) else {
            throw presetNode.expected(oneOf: PresetCatalog.allNames, found: name)
        }
        if let engineNode = document["engine"], case .string(let engine) = engineNode.value, engine != preset.engine {
            throw engineNode.error("preset \"\(name)\" runs the \(preset.engine) engine; leave out 'engine' or name \"\(preset.engine)\"")
        }
        if let topologyNode = document["topology"], topology != preset.topology {
            throw topologyNode.error("preset \"\(name)\" has topology \"\(preset.topology.rawValue)\"; leave out 'topology' or name \"\(preset.topology.rawValue)\"")
        }
        topology = preset.topology
        return preset
    }

    /// The file's stack as written: `engine` (a known name), `preset`,
    /// `topology`, `hubRunsAppCode` and each engine settings object, every
    /// member checked against its engine's specs. Whether they go together
    /// is ``StackChoice/resolved(file:checkingSettings:)``'s to say.
    private func parseStack(_ document: ObjectNode, preset: StackPreset?, hubRunsAppCode: Bool?) throws(ScenarioFileError) -> StackChoice {
        var engine: String?
        if let engineNode = document["engine"] {
            let name = try engineNode.string()
            guard EngineCatalog.entry(named: name) != nil else {
                throw engineNode.expected(oneOf: EngineCatalog.allNames, found: name)
            }
            engine = name
        }
        var settings: [(key: String, members: [EngineSetting])] = []
        for entry in EngineCatalog.entries {
            guard let key = entry.settingsKey, let node = document[key] else { continue }
            settings.append((key, try EngineSettingsReader.settings(node, specs: entry.settings)))
        }
        return StackChoice(engine: engine, preset: preset, topology: document["topology"] == nil ? nil : topology,
                           hubRunsAppCode: hubRunsAppCode, settings: settings)
    }

    // MARK: Network, sync, clocks, strategies

    /// Settings of every link, and of single directed links under `links`:
    /// `[{ from: "r1", to: ["r2", "hub"], drop: 0.5 }]`, each unset setting
    /// taken from the network's.
    private func parseNetwork(_ node: Node?) throws(ScenarioFileError) -> (NetworkSettings, [Network.Link: NetworkSettings]) {
        let defaults = NetworkSettings()
        guard let node else { return (defaults, [:]) }
        let object = try node.object(allowed: ["drop", "duplicate", "reorder", "delay", "links"])
        let settings = try parseLinkSettings(object, base: defaults)
        var links: [Network.Link: NetworkSettings] = [:]
        for linkNode in try object["links"]?.array() ?? [] {
            let link = try linkNode.object(allowed: ["from", "to", "drop", "duplicate", "reorder", "delay"], required: ["from", "to"])
            let linkSettings = try parseLinkSettings(link, base: settings)
            for from in try targets(link.required("from"), anyEndpoint: true) {
                for to in try targets(link.required("to"), anyEndpoint: true) where from != to {
                    let key = Network.Link(from: from, to: to)
                    guard links[key] == nil else {
                        throw linkNode.error("the link \(replicaNames[from.index]) -> \(replicaNames[to.index]) is set twice")
                    }
                    links[key] = linkSettings
                }
            }
        }
        return (settings, links)
    }

    private func parseLinkSettings(_ object: ObjectNode, base: NetworkSettings) throws(ScenarioFileError) -> NetworkSettings {
        var settings = base
        if let drop = object["drop"] { settings.dropProbability = try drop.probability() }
        if let duplicate = object["duplicate"] { settings.duplicateProbability = try duplicate.probability() }
        if let reorder = object["reorder"] { settings.reorderProbability = try reorder.probability() }
        if let delay = object["delay"] {
            let bounds = try delay.array()
            guard bounds.count == 2 else { throw delay.error("expected [minimum, maximum], such as [\"5ms\", \"80ms\"]") }
            let minimum = try bounds[0].duration()
            let maximum = try bounds[1].duration()
            guard minimum <= maximum else { throw delay.error("the minimum delay is above the maximum") }
            settings.delayMinMicros = minimum
            settings.delayMaxMicros = maximum
        }
        return settings
    }

    private func parseSync(_ node: Node?) throws(ScenarioFileError) -> SyncSettings {
        guard let node else { return SyncSettings() }
        let object = try node.object(allowed: ["every", "jitter", "fanout"])
        let every = try object["every"]?.duration() ?? SyncSettings.defaultIntervalMicros
        guard every > 0 else { throw object["every"]!.error("expected a duration above 0") }
        let jitter = try object["jitter"]?.duration() ?? SyncSettings.defaultJitterMicros(intervalMicros: every)
        guard jitter < every else { throw object["jitter"]!.error("the jitter must be less than the interval (\(DurationText.text(every)))") }
        let fanout = try object["fanout"]?.int(in: 1 ... 64) ?? 1
        return SyncSettings(intervalMicros: every, jitterMicros: jitter, fanout: Int(fanout))
    }

    private func parseClocks(_ node: Node?) throws(ScenarioFileError) -> [PhysicalClock] {
        var clocks = Array(repeating: PhysicalClock(), count: deviceNames.count)
        guard let node else { return clocks }
        for (name, clockNode) in try node.dictionary() {
            if name == serverName {
                throw clockNode.error("'\(Echo.text(name))' is the cloudkit engine's server, which dates records by true time; clocks belong to devices (\(Echo.list(deviceNames)))")
            }
            guard let replica = replicaNames.firstIndex(of: name) else {
                throw clockNode.error("unknown replica '\(Echo.text(name))'; replicas: \(Echo.list(replicaNames))")
            }
            if replica == stackEndpointIndex { stackEndpointPlaces.paths.append(clockNode.path) }
            let object = try clockNode.object(allowed: ["skew", "drift"])
            let skew = try object["skew"]?.duration(allowNegative: true) ?? 0
            var drift: Int64 = 0
            if let driftNode = object["drift"] {
                let value = try driftNode.number(in: -0.01 ... 0.01, what: "a drift from -0.01 to 0.01 (a rate: 0.0001 gains 100 µs a second)")
                drift = Int64((value * 1_000_000_000).rounded())
            }
            clocks[replica] = PhysicalClock(skewMicros: skew, driftPartsPerBillion: drift)
        }
        return clocks
    }

    /// The strategies the file lists, each with its place; nil when it
    /// lists none. Whether the preset's stack can run each is checked when
    /// the scenario is bound to its stack.
    private func parseStrategies(_ node: Node?) throws(ScenarioFileError) -> [FileChoices.Placed<String>]? {
        guard let node else { return nil }
        var names: [FileChoices.Placed<String>] = []
        for item in try node.array() {
            let name = try item.string()
            guard StrategyCatalog.strategy(named: name) != nil else {
                throw item.error("unknown strategy '\(Echo.text(name))'; allowed: \(StrategyCatalog.allNames.joined(separator: ", "))"
                    + Suggestion.didYouMean(name, among: StrategyCatalog.allNames, quote: "'"))
            }
            guard !names.contains(where: { $0.value == name }) else { throw item.error("strategy '\(Echo.text(name))' is listed twice") }
            names.append(FileChoices.Placed(value: name, path: item.path))
        }
        guard !names.isEmpty else { throw node.error("expected at least one strategy") }
        return names
    }
}

/// Paths the parser meets, kept while it reads (its functions that
/// resolve names do not mutate it).
final class PlaceLog {
    var paths: [String] = []
}
