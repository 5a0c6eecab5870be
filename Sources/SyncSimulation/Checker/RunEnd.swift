import SyncModel

/// Everything the kernel's components hold when a run ends, handed to the
/// ``RunObserver`` to assemble the ``RunResult``: the final stores, the
/// devices' lives, the engine's and the network's figures, the writers'
/// race, and how the run ended.
struct RunEnd {
    let scenario: Scenario
    let strategy: any Strategy
    /// Every device's app and store, as they ended.
    let nodes: [ReplicaNode]
    let devices: Devices
    let engine: any SyncEngine
    let network: Network
    let race: RunResult.Race
    /// Invariants the kernel's checker evaluated (the engine's are added).
    let invariantChecks: Int
    let events: Int
    let endMicros: Int64
    let quiesced: Bool
    let stoppedAt: RunResult.Stop?
    let wallSeconds: Double

    /// True when no link drops every message: the liveness promise applies.
    var networkAlive: Bool {
        !scenario.network.dropProbability.isCertain && !scenario.links.values.contains { $0.dropProbability.isCertain }
    }
}
