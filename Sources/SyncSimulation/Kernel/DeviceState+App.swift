import SyncModel

/// The app's own code on a device, reacting to what happened to its store:
/// the delete rules on import, the dedupe pass (when it is due) and its
/// wake-ups for marked losers. The device decides; the kernel carries out
/// what it asks (``AppAction``), in order, so saves and scheduled events
/// keep the app's order.
extension DeviceState {
    /// The engine applied remote changes to `node`: the delete rules run on
    /// what the import left dangling (a save of the app's own, which
    /// syncs), then a dedupe pass is asked for.
    mutating func appliedRemote(_ node: inout ReplicaNode, atMicros now: Int64) -> [AppAction] {
        var actions: [AppAction] = []
        if app.deleteRulesOnImport && app.runsAppCode {
            let changes = node.applyDeleteRulesAfterImport(atMicros: now)
            if !changes.isEmpty { actions.append(.save(changes, deletedByRules: true)) }
        }
        return actions + storeChanged(node.id, atMicros: now)
    }

    /// The store changed under the app (a remote apply, another context's
    /// save, a restart): a dedupe pass is asked for, if the strategy runs
    /// one.
    mutating func storeChanged(_ device: ReplicaID, atMicros now: Int64) -> [AppAction] {
        app.runsDedupePass ? requestPass(device, atMicros: now) : []
    }

    /// The app hears that an export or import succeeded (the sample's
    /// `eventChangedNotification`); a loser marked before both events is
    /// now due, so a pass runs.
    mutating func syncSucceeded(_ node: inout ReplicaNode, exported: Bool, atMicros now: Int64) -> [AppAction] {
        node.syncSucceeded(exported: exported, atMicros: now) ? requestPass(node.id, atMicros: now) : []
    }

    /// A pass asked for in `passGeneration` is due: the pass's changes, or
    /// nil when it is void (a crash since).
    mutating func passDue(_ node: inout ReplicaNode, generation passGeneration: Int, atMicros now: Int64) -> [Record]? {
        guard passGeneration == generation else { return nil }
        passScheduled = false
        return node.runDedupePass(atMicros: now)
    }

    /// After a pass was saved: when a loser it marked may be deleted, the
    /// device wakes up for a pass then (not before its next one is due
    /// anyway). One wake-up per device at a time; the pass it starts asks
    /// for the next.
    mutating func wakeUpAfterPass(_ node: ReplicaNode, atMicros now: Int64) -> [AppAction] {
        guard let due = node.context.nextPassDueMicros, !wakeUpScheduled else { return [] }
        wakeUpScheduled = true
        return [.schedule(.passWakeUp(node.id, generation: generation), atMicros: max(due, now))]
    }

    /// A wake-up asked for in `wakeUpGeneration` is due: a pass is asked
    /// for, unless the wake-up is void (a crash since).
    mutating func wakeUpDue(_ device: ReplicaID, generation wakeUpGeneration: Int, atMicros now: Int64) -> [AppAction] {
        guard wakeUpGeneration == generation else { return [] }
        wakeUpScheduled = false
        return requestPass(device, atMicros: now)
    }

    /// One pass at a time per device, in its current generation.
    private mutating func requestPass(_ device: ReplicaID, atMicros now: Int64) -> [AppAction] {
        guard app.runsAppCode, !passScheduled else { return [] }
        passScheduled = true
        return [.schedule(.dedupePass(device, generation: generation), atMicros: now + app.dedupeDelayMicros)]
    }
}
