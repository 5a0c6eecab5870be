import SyncModel
import SyncStore

/// Application writers of `writers` steps (``WriterScheduler``), stepped in
/// virtual time or run on real threads.
extension Simulation {
    /// Starts `count` tasks running `intent` on `replica`. Each step takes a
    /// seeded random time around the writer latency, so the tasks' steps
    /// interleave, reproducibly.
    mutating func startWriters(_ intent: Intent, on replica: ReplicaID, count: Int) {
        guard !devices[replica].isDown else {
            observer.tallies.intentsWhileDown += count
            return
        }
        writers.race.intents += count
        if concurrency == .dispatch {
            runDispatchWriters(intent, on: replica, count: count)
            return
        }
        for _ in 0 ..< count {
            scheduleWriterStep(writers.add(WriterTask(replica: replica, intent: intent, generation: devices[replica].generation)))
        }
    }

    private mutating func scheduleWriterStep(_ task: Int) {
        agenda.schedule(.writerStep(task), atMicros: nowMicros + writers.nextStepMicros())
    }

    mutating func writerStep(_ index: Int) {
        let task = writers.tasks[index]
        let replica = task.replica
        // A crash since the task began ends it, unsaved.
        guard task.generation == devices[replica].generation, !devices[replica].isDown else { return }

        switch task.phase {
        case .fetch:
            writers.setPhase(.save(nodes[replica.index].fetch(task.intent)), ofTask: index)
            scheduleWriterStep(index)

        case .save(let fetched):
            let duplicatesBefore = nodes[replica.index].store.duplicateCount
            let outcome = nodes[replica.index].save(task.intent, fetched: fetched, atMicros: nowMicros)
            writers.race.localDuplicates += max(0, nodes[replica.index].store.duplicateCount - duplicatesBefore)
            switch outcome {
            case .saved(let changes):
                writerSaved(task.intent, changes: changes, on: replica)
            case .rejected:
                writers.race.savesRetried += 1
                writers.setPhase(.refetch, ofTask: index)
                scheduleWriterStep(index)
            case .missed:
                nodes[replica.index].counters.missedIntents += 1
            }
            observe(replica)

        case .refetch:
            // Rolled back; fetch again. If every record is there now, the
            // app uses it (its own values were not saved); otherwise the
            // save has failed for good.
            let fetched = nodes[replica.index].fetchByKey(task.intent)
            if fetched.records.contains(nil) {
                nodes[replica.index].countRefusedLocalSave()
            }
        }
    }

    /// The same writers on real threads (``ParallelThreads``) on the replica's store,
    /// all at this instant of virtual time. Their saves reach the engine in
    /// the order the threads finished: not reproducible.
    private mutating func runDispatchWriters(_ intent: Intent, on replica: ReplicaID, count: Int) {
        let writerStores: [any Store]
        do {
            writerStores = try storeKind.writerConnections(to: nodes[replica.index].store, count: count)
        } catch {
            preconditionFailure("cannot open writer connections for \(replica): \(error)")
        }
        let shared = SharedReplicaState(nodes[replica.index].context, writerStores: writerStores)
        let results = ConcurrentWriters.run(intent, writers: count, strategy: strategy, state: shared,
                                            schedule: .free(thinkMicros: Int(scenario.writerLatencyMicros)))
        nodes[replica.index].replaceContext(shared.take())
        if !writerStores.isEmpty { nodes[replica.index].reloadStoreAfterOtherConnections() }
        for result in results {
            writers.race.localDuplicates += result.duplicatesCreated
            if result.retried { writers.race.savesRetried += 1 }
            switch result.outcome {
            case .saved(let changes) where !result.reused:
                writerSaved(intent, changes: changes, on: replica)
            case .rejected:
                nodes[replica.index].countRefusedLocalSave()
            case .missed:
                nodes[replica.index].counters.missedIntents += 1
            case .saved:
                break
            }
        }
        observe(replica)
    }

    /// A writer's save the application saw succeed: the checker's truth
    /// learns of it and the engine takes its changes. Another context's save
    /// shows up in persistent history, so the app's dedupe pass runs after
    /// it, as after remote changes.
    private mutating func writerSaved(_ intent: Intent, changes: [Record], on replica: ReplicaID) {
        observer.saved(intent, changes: changes, store: nodes[replica.index].store, on: replica, atMicros: nowMicros)
        guard !changes.isEmpty else { return }
        committed(changes, on: replica)
        storeChanged(on: replica)
    }
}
