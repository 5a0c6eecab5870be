import SyncModel
import SyncStore

/// The workflows that create duplicates in shipped apps (the workflows
/// issue): turning sync on, and moving to an app version that adds unique
/// constraints. Seeding and reinstalling are plain steps (``StepAction``).
extension Simulation {
    /// The device starts syncing: its next tick sends everything it saved
    /// while sync was off and fetches what the others synced, as a first
    /// sync does. Like a heal, convergence is measured from here.
    mutating func enableSync(_ replica: ReplicaID) {
        guard devices[replica].syncOff else { return }
        devices[replica].syncOff = false
        engine.setSyncEnabled(true, on: replica)
        observer.healedOrRestarted(atMicros: nowMicros)
    }

    /// Whether the store of `replica` enforces the unique keys: its
    /// strategy's, if the app version it runs declares them.
    func enforcesUniqueness(on replica: ReplicaID) -> Bool {
        strategy.enforcesUniqueness && nodes[replica.index].context.app.declaresUniqueKeys
    }

    /// The device moves to app version `version`. An update replaces the
    /// running app, so it stops (what it held only in memory is lost, as
    /// in a crash) and starts on the new version, migrating its store:
    ///
    /// - `lightweight`: the store gains the constraints; on duplicates the
    ///   migration fails and the store does not open: the device stays
    ///   down (`storeOpenFailures`), its store as the old version left it.
    ///   A later upgrade tries again.
    /// - `reset`: as `lightweight`, but when that fails the app deletes the
    ///   store and rebuilds it from sync; what it had not synced is lost
    ///   (`lostOnReset`).
    /// - `dedupeFirst`: a custom stage removes duplicates first (its
    ///   deletes sync like any save), so the constraints always fit.
    ///
    /// Only a strategy whose store enforces the keys (`unique:*`) has
    /// constraints to add; under the others the migration cannot fail.
    mutating func upgrade(_ replica: ReplicaID, to version: Int) {
        let index = replica.index
        let target = scenario.versions[version]
        if !devices[replica].isDown {
            stop(replica)
            _ = engine.crashed(replica)
        }
        guard target.declaresUniqueKeys, !nodes[index].context.app.declaresUniqueKeys else {
            startAfterUpgrade(replica)
            return
        }
        do {
            let changes = try nodes[index].migrateDeclaringUniqueKeys(dedupingFirst: target.migration == .dedupeFirst, atMicros: nowMicros)
            if !changes.isEmpty { committed(changes, on: replica) }
            observe(replica)
        } catch {
            guard target.migration == .reset else {
                // The report names Core Data's error (``MigrationFailure``).
                devices[replica].lifecycle = .storeFailed
                return
            }
            observer.tallies.lostOnReset += engine.unsyncedChanges(of: replica)
            nodes[index].declareUniqueKeys()
            wipeStore(replica)
        }
        startAfterUpgrade(replica)
    }

    private mutating func startAfterUpgrade(_ replica: ReplicaID) {
        start(replica)
    }
}
