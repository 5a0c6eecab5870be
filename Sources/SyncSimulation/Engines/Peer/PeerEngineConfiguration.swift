/// The `peer` engine as a scenario chooses it: it has no settings of its
/// own (fan-out and timing are the scenario's `sync` settings) and adds no
/// endpoint; a hub topology makes one of the devices the hub.
public struct PeerEngineConfiguration: EngineConfiguration {
    /// The `peer` engine; it has no settings.
    public init() {}

    /// `peer`.
    public var name: String { "peer" }
    /// Nil: every endpoint is a device.
    public var serverName: String? { nil }
    /// None: fan-out and timing are the scenario's `sync` settings.
    public var settings: [EngineSetting] { [] }

    /// An engine for the scenario's devices, its hub if it has one, and its fan-out.
    public func makeEngine(scenario: Scenario, checksInvariants: Bool) -> any SyncEngine {
        PeerEngine(replicaCount: scenario.replicaCount, hub: scenario.hub, fanout: scenario.sync.fanout, journalsApplies: checksInvariants)
    }

    static let catalogEntry = EngineCatalog.Entry(
        name: "peer",
        summary: "op-log anti-entropy between devices, or through a hub device (the default)",
        settingsKey: nil, serverName: nil, allowsHubTopology: true,
        settings: [], make: { _ in PeerEngineConfiguration() })
}
