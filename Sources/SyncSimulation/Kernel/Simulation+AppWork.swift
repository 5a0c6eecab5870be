import SyncModel

/// The app's own work on a device after its store changed under it: the
/// dedupe pass, its wake-ups for marked losers, and the delete rules on
/// import. App code runs on devices; a peer hub runs it only when the
/// scenario says so.
extension Simulation {
    /// The engine applied remote changes on `replica`: the app reacts.
    mutating func appliedRemote(on replica: ReplicaID) {
        if scenario.deleteRulesOnImport { applyDeleteRulesAfterImport(on: replica) }
        if strategy.runsDedupePass { scheduleDedupePass(on: replica) }
    }

    /// The app hears that an export or import succeeded (the sample's
    /// `eventChangedNotification`); a loser marked before both events is
    /// now due, so a pass runs.
    mutating func syncSucceeded(on replica: ReplicaID, exported: Bool) {
        if nodes[replica.index].syncSucceeded(exported: exported, atMicros: nowMicros) { scheduleDedupePass(on: replica) }
    }

    /// With `deleteRulesOnImport`, the device's app applies the delete rules
    /// to what the import left pointing at a deleted record, at once, as a
    /// save of its own that syncs. App code: devices only, as the pass.
    private mutating func applyDeleteRulesAfterImport(on replica: ReplicaID) {
        guard runsAppCode(replica) else { return }
        let changes = nodes[replica.index].applyDeleteRulesAfterImport(atMicros: nowMicros)
        guard !changes.isEmpty else { return }
        observer.deletedByRules(changes, store: nodes[replica.index].store)
        committed(changes, on: replica)
    }

    /// App code (the dedupe pass, delete rules on import) runs on devices.
    /// A peer hub is your own server: it runs the app's code only when the
    /// scenario says so (`hubRunsAppCode`); CloudKit's server never does,
    /// and is no node.
    private func runsAppCode(_ replica: ReplicaID) -> Bool {
        replica != scenario.hub || scenario.hubRunsAppCode
    }

    mutating func scheduleDedupePass(on replica: ReplicaID) {
        guard runsAppCode(replica), !devices[replica].passScheduled else { return }
        devices[replica].passScheduled = true
        agenda.schedule(.dedupePass(replica, generation: devices[replica].generation), atMicros: nowMicros + scenario.dedupeDelayMicros)
    }

    /// A pass scheduled in an older generation is void (a crash since).
    mutating func dedupePassDue(on replica: ReplicaID, generation passGeneration: Int) {
        guard passGeneration == devices[replica].generation else { return }
        devices[replica].passScheduled = false
        let changes = nodes[replica.index].runDedupePass(atMicros: nowMicros)
        if !changes.isEmpty { committed(changes, on: replica, as: .dedupePass) }
        if let due = nodes[replica.index].context.nextPassDueMicros { scheduleWakeUp(on: replica, atMicros: due) }
        observe(replica)
    }

    /// Makes the device run a pass at `due` (not before its next one is
    /// due anyway): when a loser it marked may be deleted. One wake-up per
    /// device at a time; the pass it starts asks for the next.
    mutating func scheduleWakeUp(on replica: ReplicaID, atMicros due: Int64) {
        guard !devices[replica].wakeUpScheduled else { return }
        devices[replica].wakeUpScheduled = true
        agenda.schedule(.passWakeUp(replica, generation: devices[replica].generation), atMicros: max(due, nowMicros))
    }
}
