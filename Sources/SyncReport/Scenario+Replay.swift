import SyncSimulation

extension Scenario {
    /// What `simulate --replicas N` takes to build it again: the devices,
    /// without the hub that a hub preset adds.
    public var deviceCountWithoutHub: Int { replicaCount - (hub == nil ? 0 : 1) }
}
