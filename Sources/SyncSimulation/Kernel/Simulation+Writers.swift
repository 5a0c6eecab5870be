import SyncModel
import SyncStore

/// One application task of a `writers` step: seed 002's code, one store
/// operation per step — fetch by key, save; on a failed save, roll back and
/// fetch again, and use the record found.
struct WriterTask {
    enum Phase {
        case fetch
        case save(Fetched)
        case refetch
    }

    let replica: ReplicaID
    let intent: Intent
    /// The replica's generation when the task started: a crash ends it.
    let generation: Int
    var phase = Phase.fetch
}

extension Simulation {
    /// Starts `count` tasks running `intent` on `replica`. Each step takes a
    /// seeded random time around the writer latency, so the tasks' steps
    /// interleave, reproducibly.
    mutating func startWriters(_ intent: Intent, on replica: ReplicaID, count: Int) {
        guard !down[replica.index] else {
            intentsWhileDown += count
            return
        }
        race.intents += count
        if concurrency == .dispatch {
            runDispatchWriters(intent, on: replica, count: count)
            return
        }
        for _ in 0 ..< count {
            writerTasks.append(WriterTask(replica: replica, intent: intent, generation: generation[replica.index]))
            scheduleWriterStep(writerTasks.count - 1)
        }
    }

    private mutating func scheduleWriterStep(_ task: Int) {
        let latency = scenario.writerLatencyMicros
        let duration = writerRandom.next(in: latency / 2 ... latency + latency / 2)
        pendingWriterSteps += 1
        queue.schedule(.writerStep(task), atMicros: nowMicros + duration)
    }

    mutating func writerStep(_ index: Int) {
        pendingWriterSteps -= 1
        let task = writerTasks[index]
        let replica = task.replica
        // A crash since the task began ends it, unsaved.
        guard task.generation == generation[replica.index], !down[replica.index] else { return }

        switch task.phase {
        case .fetch:
            writerTasks[index].phase = .save(nodes[replica.index].fetch(task.intent))
            scheduleWriterStep(index)

        case .save(let fetched):
            let duplicatesBefore = nodes[replica.index].store.duplicateCount
            let outcome = nodes[replica.index].save(task.intent, fetched: fetched, atMicros: nowMicros)
            race.localDuplicates += max(0, nodes[replica.index].store.duplicateCount - duplicatesBefore)
            switch outcome {
            case .saved(let changes):
                writerSaved(task.intent, changes: changes, on: replica)
            case .rejected:
                race.savesRetried += 1
                writerTasks[index].phase = .refetch
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

    /// The same writers as real Dispatch work items on the replica's store,
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
            race.localDuplicates += result.duplicatesCreated
            if result.retried { race.savesRetried += 1 }
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
        if strategy.runsDedupePass { scheduleDedupePass(on: replica) }
    }
}
