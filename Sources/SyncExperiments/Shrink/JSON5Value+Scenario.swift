import SyncScenarioFile
import SyncSimulation

/// Reading and editing the parts of a scenario document the shrinker
/// changes, by the keys `Scenarios/README.md` documents. The document has
/// been read by ``SyncSimulation/ScenarioFile`` before, so the shapes are
/// known to be right; every edited candidate is read again before it runs.
extension JSON5Value {
    static let stepKeysBefore = ["clocks", "sync", "network", "schema", "until", "replicas", "name"]

    var steps: [JSON5Value] { self["steps"]?.arrayItems ?? [] }

    func withSteps(_ steps: [JSON5Value]) -> JSON5Value {
        setting("steps", to: .array(steps), after: Self.stepKeysBefore)
    }

    /// The replicas a scenario names, without the hub of a hub topology.
    var replicaNames: [String] {
        switch self["replicas"] {
        case nil: return (1 ... 3).map { "r\($0)" }
        case .array(let items)?: return items.compactMap(\.stringValue)
        case let count?: return (0 ..< Int(count.intValue ?? 0)).map { "r\($0 + 1)" }
        }
    }

    /// The stack preset the document names, which fixes engine and topology.
    private var preset: StackPreset? { self["preset"]?.stringValue.flatMap(PresetCatalog.preset(named:)) }

    var isHubTopology: Bool { (self["topology"]?.stringValue ?? preset?.topology.rawValue) == "hub" }

    /// The engine's server endpoint (`server` under `engine: "cloudkit"`), if any.
    var serverName: String? {
        EngineCatalog.configuration(named: self["engine"]?.stringValue ?? preset?.engine ?? EngineCatalog.defaultName)?.serverName
    }

    /// Every replica, the hub and the engine's server included: what a
    /// partition may name.
    var allReplicaNames: [String] { replicaNames + (isHubTopology ? ["hub"] : []) + (serverName.map { [$0] } ?? []) }

    var untilMicros: Int64 {
        self["until"]?.stringValue.flatMap(ScenarioFile.durationMicros) ?? Scenario.defaultUntilMicros
    }

    /// A step's `at`, in microseconds.
    var atMicros: Int64 { self["at"]?.stringValue.flatMap(ScenarioFile.durationMicros) ?? 0 }

    /// When a step's work is over: a `random` step's last operation, a
    /// nemesis's `until`, else its `at`.
    var endMicros: Int64 {
        if let over = self["random"]?["over"]?.stringValue.flatMap(ScenarioFile.durationMicros) { return atMicros + over }
        if let until = self["nemesis"]?["until"]?.stringValue.flatMap(ScenarioFile.durationMicros) { return until }
        return atMicros
    }

    /// The replicas an intent step runs on (`"all"` spelt out), nil for a
    /// step without `on`.
    func targets(in document: JSON5Value) -> [String]? {
        switch self["on"] {
        case nil: return nil
        case .string("all")?: return document.replicaNames
        case .string(let name)?: return [name]
        case .array(let items)?: return items.compactMap(\.stringValue)
        default: return nil
        }
    }

    /// The document without replica `name` and every mention of it: a
    /// count of replicas becomes a list of names unless the last one goes;
    /// its clock goes; it leaves `on` lists and partition groups; steps
    /// left with no target, no group, or crashing or restarting it go.
    /// Nil for the hub or the only replica.
    func removingReplica(_ name: String) -> JSON5Value? {
        let names = replicaNames
        guard names.count > 1, let position = names.firstIndex(of: name) else { return nil }
        var remaining = names
        remaining.remove(at: position)
        var document = self
        if case .array? = self["replicas"] {
            document = document.setting("replicas", to: .array(remaining.map(JSON5Value.string)))
        } else if position == names.count - 1 {
            document = document.setting("replicas", to: .int(Int64(remaining.count)), after: ["description", "name"])
        } else {
            document = document.setting("replicas", to: .array(remaining.map(JSON5Value.string)), after: ["description", "name"])
        }
        if let clocks = self["clocks"] {
            let kept = clocks.setting(name, to: nil)
            document = document.setting("clocks", to: kept == .object([]) ? nil : kept)
        }
        return document.withSteps(steps.compactMap { $0.removingMentions(of: name) })
    }

    /// A step without mentions of replica `name`; nil when nothing is left of it.
    private func removingMentions(of name: String) -> JSON5Value? {
        if self["crash"]?.stringValue == name || self["restart"]?.stringValue == name { return nil }
        var step = self
        if case .array(let items)? = self["on"] {
            let kept = items.filter { $0.stringValue != name }
            guard !kept.isEmpty else { return nil }
            step = step.setting("on", to: .array(kept))
        } else if self["on"]?.stringValue == name {
            return nil
        }
        if case .array(let groups)? = self["partition"] {
            let kept = groups.compactMap { group -> JSON5Value? in
                let members = (group.arrayItems ?? []).filter { $0.stringValue != name }
                return members.isEmpty ? nil : .array(members)
            }
            guard !kept.isEmpty else { return nil }
            step = step.setting("partition", to: .array(kept))
        }
        return step
    }
}
