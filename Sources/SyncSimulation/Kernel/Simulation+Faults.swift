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
        guard !devices[replica].isDown else { return }
        recordFault(wipe ? .wipe(name(replica)) : .crash(name(replica)))
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
        devices[replica].stop()
    }

    /// The app's database file is deleted and a new, empty one opened: the
    /// device comes back as a new origin. For a stopped device.
    mutating func wipeStore(_ replica: ReplicaID) {
        let newOrigin = devices.takeNewOrigin()
        // A wiped app's database file is deleted; the replica starts a new one.
        storeKind.delete(label: devices[replica].storeLabel)
        let label = Self.storeLabel(scenario: scenario, seed: seed, strategy: strategy, replica: replica, incarnation: newOrigin.index)
        var emptyStore: any Store
        do {
            (emptyStore, devices[replica].storeLabel) = try storeKind.open(schema: scenario.schema, enforcesUniqueness: enforcesUniqueness(on: replica),
                                                                  label: label)
        } catch {
            preconditionFailure("cannot open a new store for wiped replica \(replica): \(error)")
        }
        if observer.readsJournals { emptyStore.startJournal() }
        nodes[replica.index].wipe(emptyStore: emptyStore, newOrigin: newOrigin)
        devices[replica].neverUploaded = []
        engine.wiped(replica, newOrigin: newOrigin)
        observer.storeReplaced(replica)
        observe(replica)
    }

    /// Starts a crashed replica again. The app processes history on launch,
    /// so a strategy with a dedupe pass runs one. Restarting a replica that
    /// is up does nothing.
    mutating func restart(_ replica: ReplicaID) {
        // A store that failed to migrate does not open: the app cannot start.
        guard devices[replica].lifecycle == .down else { return }
        recordFault(.restart(name(replica)))
        start(replica)
    }

    /// The app runs again: the next step of ``restart(_:)``, without its
    /// fault record.
    mutating func start(_ replica: ReplicaID) {
        devices[replica].start()
        // Like a heal: convergence is measured from the last of these.
        observer.healedOrRestarted(atMicros: nowMicros)
        storeChanged(on: replica)
    }

    /// One round of seeded random faults (``FaultInjector``): heal a
    /// partition or start one that splits the endpoints in two at random;
    /// maybe crash a running device for one period. At `until`, heal.
    mutating func nemesisTick(_ settings: NemesisSettings) {
        guard nowMicros < settings.untilMicros else {
            if network.isPartitioned { recordFault(.heal(byNemesis: true)) }
            network.heal()
            observer.healedOrRestarted(atMicros: nowMicros)
            return
        }
        // Partitions split every endpoint (an engine's server too); crashes
        // hit devices. With no server the two counts are the same.
        let running = devices.indices.filter { !devices[ReplicaID($0)].isDown }
        let victim: ReplicaID?
        if network.isPartitioned {
            network.heal()
            observer.healedOrRestarted(atMicros: nowMicros)
            recordFault(.heal(byNemesis: true))
            victim = faults.crashVictim(settings, running: running)
        } else {
            let round = faults.round(settings, endpoints: scenario.endpointCount, running: running)
            if let groups = round.partition {
                network.partition(groups)
                recordFault(.partition(groups.map { $0.map(name) }))
            }
            victim = round.crash
        }
        if let victim {
            crash(victim, wipe: false)
            agenda.schedule(.nemesisRestart(victim), atMicros: min(nowMicros + settings.everyMicros, settings.untilMicros))
        }
        agenda.schedule(.nemesisTick(settings), atMicros: min(nowMicros + settings.everyMicros, settings.untilMicros))
    }
}
