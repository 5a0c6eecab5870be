import SyncSimulation

/// What a scenario file says about the stack that runs it, as written:
/// its `engine`, `preset`, `topology` and `hubRunsAppCode` (each may be
/// absent) and each engine settings object it has. A document keeps it so
/// that `--engine` and `--preset` can run the file on another stack
/// (``ScenarioDocument/runningUnder(engine:)``) without reading the file
/// again; ``resolved(file:checkingSettings:)`` turns it into what runs.
struct StackChoice: Sendable {
    /// The engine the file names, if it names one.
    var engine: String?
    /// The preset the file names, if any.
    var preset: StackPreset?
    /// The topology the file names, if it names one.
    var topology: Topology?
    /// `hubRunsAppCode`, if the file sets it.
    var hubRunsAppCode: Bool?
    /// Each engine settings object the document has (`cloudkit: { … }`),
    /// in the catalog's order: its key and the members it sets.
    var settings: [(key: String, members: [EngineSetting])]

    /// The file under another engine (`--engine`): `engine` set to it, the
    /// preset and every other engine's settings left out; its own settings
    /// for that engine, its topology and `hubRunsAppCode` stay. What an
    /// override wrote after the change (`kept`, paths such as
    /// `cloudkit.syncOrder`) stays too, as it would in the file.
    func runningUnder(engine name: String, keeping kept: [String] = []) -> StackChoice {
        let key = EngineCatalog.entry(named: name)?.settingsKey
        return StackChoice(engine: name, preset: nil, topology: topology, hubRunsAppCode: hubRunsAppCode,
                           settings: settings.compactMap { $0.key == key ? $0 : Self.members(of: $0, keptIn: kept) })
    }

    /// The file as another stack (`--preset`): `preset` set to it, and its
    /// engine, topology, `hubRunsAppCode` and every engine setting left
    /// out, so the stack is the preset's alone, but for what an override
    /// wrote after the change (`kept`): a sweep's `--vary preset=…` then
    /// `--vary cloudkit.syncOrder=…` sets the preset's reading.
    func runningAs(preset: StackPreset, keeping kept: [String] = []) -> StackChoice {
        StackChoice(engine: nil, preset: preset,
                    topology: kept.contains("topology") ? topology : nil,
                    hubRunsAppCode: kept.contains("hubRunsAppCode") ? hubRunsAppCode : nil,
                    settings: settings.compactMap { Self.members(of: $0, keptIn: kept) })
    }

    /// The members of `group` that `kept` names (`cloudkit` keeps them
    /// all, `cloudkit.syncOrder` one); nil when it names none.
    private static func members(of group: (key: String, members: [EngineSetting]), keptIn kept: [String]) -> (key: String, members: [EngineSetting])? {
        if kept.contains(group.key) { return group }
        let members = group.members.filter { kept.contains("\(group.key).\($0.name)") }
        return kept.contains(where: { $0.hasPrefix(group.key + ".") }) ? (group.key, members) : nil
    }

    /// What runs the file: the engine with its settings (the file's own
    /// members over the preset's), the topology, and the preset's variants.
    /// Refuses, naming the file's key, a server that cannot run app code, a
    /// hub under an engine with its own server and, with
    /// `checkingSettings`, settings of an engine the file does not run. A
    /// preset whose engine or topology the file contradicts was refused
    /// when the file was read: no change of stack can make one.
    func resolved(file: String, checkingSettings: Bool) throws(ScenarioFileError) -> ResolvedStack {
        let topology = preset?.topology ?? self.topology ?? .mesh
        let hubRunsAppCode = hubRunsAppCode ?? false
        if hubRunsAppCode && topology != .hub {
            throw ScenarioFileError(file: file, path: "hubRunsAppCode",
                                    message: "hubRunsAppCode needs topology \"hub\": only the peer engine's hub is a server that can run app code")
        }
        guard let entry = EngineCatalog.entry(named: engine ?? preset?.engine ?? EngineCatalog.defaultName) else {
            preconditionFailure("a stack choice names an engine the catalog has")
        }
        if engine != nil, topology == .hub, !entry.allowsHubTopology {
            throw ScenarioFileError(file: file, path: "engine", message: "topology \"hub\" goes with the peer engine; the \(entry.name) engine has its own server, "
                + "the implicit replica '\(Echo.text(entry.serverName ?? "server"))', so leave out 'topology'")
        }
        if checkingSettings, let other = settings.first(where: { $0.key != entry.settingsKey }) {
            throw ScenarioFileError(file: file, path: other.key,
                                    message: "'\(Echo.text(other.key))' settings go with engine: \"\(other.key)\", and this scenario runs the \(entry.name) engine")
        }
        var resolved = ResolvedStack(engine: entry.configuration(), topology: topology, hubRunsAppCode: hubRunsAppCode, preset: preset, variants: [])
        guard entry.settingsKey != nil else { return resolved }
        // The file's own members win over the preset's.
        let own = settings.first { $0.key == entry.settingsKey }?.members ?? []
        guard let preset else {
            resolved.engine = entry.configuration(own)
            return resolved
        }
        let merged = StackPreset.merging(own, over: preset.settings)
        // Only a preset's own engine has its unknown behaviour.
        if entry.name == preset.engine {
            resolved.variants = preset.variants(over: merged, own: own.map(\.name))
        }
        resolved.engine = entry.configuration(merged)
        return resolved
    }
}

/// A stack ready to run: what ``StackChoice/resolved(file:checkingSettings:)`` gives.
struct ResolvedStack: Sendable {
    var engine: any EngineConfiguration
    var topology: Topology
    var hubRunsAppCode: Bool
    var preset: StackPreset?
    var variants: [ScenarioVariant]
}
