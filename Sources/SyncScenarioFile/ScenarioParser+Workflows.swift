import SyncModel
import SyncSimulation

/// The top-level keys of the workflows that create duplicates in shipped
/// apps: devices that start with sync off.
extension ScenarioParser {
    /// `syncOff: ["r3"]`: devices whose app starts with sync turned off.
    func parseSyncOff(_ node: Node?) throws(ScenarioFileError) -> [ReplicaID] {
        guard let node else { return [] }
        var devices: [ReplicaID] = []
        for item in try node.array() {
            let device = try device(item)
            if topology == .hub, replicaNames[device.index] == "hub" {
                throw item.error("the hub is the peer engine's server: it cannot turn sync off")
            }
            guard !devices.contains(device) else { throw item.error("'\(Echo.text(replicaNames[device.index]))' is listed twice") }
            devices.append(device)
        }
        return devices.sorted { $0.index < $1.index }
    }
}
