import SyncModel
import SyncStore

/// Crashes, restarts and the nemesis.
extension Simulation {
    /// Stops a replica. Messages in flight to or from it are lost (its
    /// generation changes), so is a dedupe pass it had scheduled, and so are
    /// change sets it had received but not applied. Its committed store
    /// survives unless `wipe`; a wiped replica returns empty, as a new
    /// origin, and its own change sets that no other replica holds are gone
    /// for good. Crashing a replica that is down does nothing.
    mutating func crash(_ replica: ReplicaID, wipe: Bool) {
        guard !down[replica.index] else { return }
        recordFault(wipe ? .wipe : .crash, name(replica))
        stop(replica)
        if wipe {
            wipeStore(replica)
        } else {
            _ = engine.crashed(replica)
        }
    }

    /// The app stops running: what it held only in memory is lost. The
    /// caller tells the engine what happened to the store.
    mutating func stop(_ replica: ReplicaID) {
        let index = replica.index
        down[index] = true
        generation[index] += 1
        if passScheduled[index] {
            passScheduled[index] = false
            pendingPasses -= 1
        }
        if wakeUpScheduled[index] {
            wakeUpScheduled[index] = false
            pendingWakeUps -= 1
        }
    }

    /// The app's database file is deleted and a new, empty one opened: the
    /// device comes back as a new origin. For a stopped device.
    mutating func wipeStore(_ replica: ReplicaID) {
        let index = replica.index
        let newOrigin = ReplicaID(nextOrigin)
        nextOrigin += 1
        // A wiped app's database file is deleted; the replica starts a new one.
        storeKind.delete(label: storeLabels[index])
        let label = Self.storeLabel(scenario: scenario, seed: seed, strategy: strategy, replica: replica, incarnation: newOrigin.index)
        let emptyStore: any Store
        do {
            (emptyStore, storeLabels[index]) = try storeKind.open(schema: scenario.schema, enforcesUniqueness: enforcesUniqueness(on: replica),
                                                                  label: label)
        } catch {
            preconditionFailure("cannot open a new store for wiped replica \(replica): \(error)")
        }
        nodes[index].wipe(emptyStore: emptyStore, newOrigin: newOrigin)
        neverUploaded[index] = []
        engine.wiped(replica, newOrigin: newOrigin)
        observer.storeReplaced(replica)
        observe(replica)
    }

    /// Starts a crashed replica again. The app processes history on launch,
    /// so a strategy with a dedupe pass runs one. Restarting a replica that
    /// is up does nothing.
    mutating func restart(_ replica: ReplicaID) {
        // A store that failed to migrate does not open: the app cannot start.
        guard down[replica.index], !storeFailed[replica.index] else { return }
        recordFault(.restart, name(replica))
        start(replica)
    }

    /// The app runs again: the next step of ``restart(_:)``, without its
    /// fault record.
    mutating func start(_ replica: ReplicaID) {
        let index = replica.index
        down[index] = false
        generation[index] += 1
        // Like a heal: convergence is measured from the last of these.
        observer.healedOrRestarted(atMicros: nowMicros)
        if strategy.runsDedupePass { scheduleDedupePass(on: replica) }
    }

    /// One round of seeded random faults: heal a partition or start one
    /// that splits the replicas in two at random; maybe crash a running
    /// replica for one period. At `until`, heal.
    mutating func nemesisTick(_ settings: NemesisSettings) {
        guard nowMicros < settings.untilMicros else {
            if network.isPartitioned { recordFault(.heal, "nemesis") }
            network.heal()
            observer.healedOrRestarted(atMicros: nowMicros)
            return
        }
        // Partitions split every endpoint (an engine's server too); crashes
        // hit devices. With no server the two counts are the same.
        let count = scenario.endpointCount
        if network.isPartitioned {
            network.heal()
            observer.healedOrRestarted(atMicros: nowMicros)
            recordFault(.heal, "nemesis")
        } else if count > 1 && nemesisRandom.chance(settings.partitionProbability) {
            var side = (0 ..< count).map { _ in nemesisRandom.next(below: 2) == 1 }
            if side.allSatisfy({ $0 }) || !side.contains(true) {
                side[nemesisRandom.index(below: count)].toggle()
            }
            let groups = [side.indices.filter { side[$0] }, side.indices.filter { !side[$0] }]
            network.partition(groups.map { $0.map(ReplicaID.init) })
            recordFault(.partition, groups.map { $0.map { name(ReplicaID($0)) }.joined(separator: ",") }.joined(separator: " | "))
        }
        if nemesisRandom.chance(settings.crashProbability) {
            let running = nodes.indices.filter { !down[$0] }
            if !running.isEmpty {
                let victim = ReplicaID(running[nemesisRandom.index(below: running.count)])
                crash(victim, wipe: false)
                pendingFaults += 1
                queue.schedule(.nemesisRestart(victim), atMicros: min(nowMicros + settings.everyMicros, settings.untilMicros))
            }
        }
        pendingFaults += 1
        queue.schedule(.nemesisTick(settings), atMicros: min(nowMicros + settings.everyMicros, settings.untilMicros))
    }
}

