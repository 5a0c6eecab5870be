import SyncModel

/// Hands the app's own work to the device that owns it (`DeviceState+App`)
/// and carries out what the app asks: its saves sync like any other, and
/// its passes and wake-ups go on the agenda.
extension Simulation {
    /// The engine applied remote changes on `replica`: the app reacts.
    mutating func appliedRemote(on replica: ReplicaID) {
        carryOut(devices[replica].appliedRemote(&nodes[replica.index], atMicros: nowMicros), on: replica)
    }

    /// The store changed under the app by another way than the engine (a
    /// restart, another context's save).
    mutating func storeChanged(on replica: ReplicaID) {
        carryOut(devices[replica].storeChanged(replica, atMicros: nowMicros), on: replica)
    }

    /// The engine reports an export or import that succeeded.
    mutating func syncSucceeded(on replica: ReplicaID, exported: Bool) {
        carryOut(devices[replica].syncSucceeded(&nodes[replica.index], exported: exported, atMicros: nowMicros), on: replica)
    }

    /// A dedupe pass is due; one scheduled in an older generation is void.
    mutating func dedupePassDue(on replica: ReplicaID, generation: Int) {
        guard let changes = devices[replica].passDue(&nodes[replica.index], generation: generation, atMicros: nowMicros) else { return }
        if !changes.isEmpty { committed(changes, on: replica, as: .dedupePass) }
        carryOut(devices[replica].wakeUpAfterPass(nodes[replica.index], atMicros: nowMicros), on: replica)
        observe(replica)
    }

    /// A wake-up for marked losers is due.
    mutating func passWakeUpDue(on replica: ReplicaID, generation: Int) {
        carryOut(devices[replica].wakeUpDue(replica, generation: generation, atMicros: nowMicros), on: replica)
    }

    private mutating func carryOut(_ actions: [AppAction], on replica: ReplicaID) {
        for action in actions {
            switch action {
            case .save(let changes, let deletedByRules):
                if deletedByRules { observer.deletedByRules(changes, store: nodes[replica.index].store) }
                committed(changes, on: replica)
            case .schedule(let event, let time):
                agenda.schedule(event, atMicros: time)
            }
        }
    }
}
