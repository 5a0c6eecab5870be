import SyncSimulation

extension Scenario {
    /// The options that choose this scenario's stack again in a replay
    /// command: ` --preset NAME`, ` --engine NAME`, or nothing for the
    /// default engine.
    public var stackArguments: String {
        if let preset { return " --preset \(preset.name)" }
        return engine.name == EngineCatalog.defaultName ? "" : " --engine \(engine.name)"
    }

    /// What `simulate --replicas N` takes to build it again: the devices,
    /// without the hub that a hub preset adds.
    public var deviceCountWithoutHub: Int { replicaCount - (hub == nil ? 0 : 1) }
}
