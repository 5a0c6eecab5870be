import SyncModel

/// Workload steps too large for one event: imports saved batch by batch,
/// and random steps drawn window by window (``ImportPlan``,
/// ``RandomPlan``). Each batch or window is an event of its own, so
/// progress, `--max-events` and `--max-memory` see it, and a run holds one
/// batch or window of it at a time.
extension Simulation {
    /// The step starts the import: with `seedIfEmpty`, only if the store
    /// holds no live record of the entity then (the app's first-launch
    /// check, made once, before its first batch).
    mutating func startImport(step: Int, on replica: ReplicaID, plan: ImportPlan) {
        if plan.onlyIfEmpty && !devices[replica].isDown && holdsLiveRecord(of: plan.entity, on: replica) { return }
        saveImportBatch(step: step, on: replica, plan: plan, cursor: plan.start(seed: seed))
    }

    /// Saves the next batch, then schedules the one after it at the same
    /// instant, behind whatever is already due then. An app that is not
    /// running saves nothing, and a crash ends its import: the batches
    /// after it are never saved (a restarted app does not resume it).
    mutating func saveImportBatch(step: Int, on replica: ReplicaID, plan: ImportPlan, cursor: ImportPlan.Cursor) {
        var cursor = cursor
        guard let rows = plan.nextBatch(&cursor) else { return }
        perform(.intent(replica, .save(rows)))
        guard !devices[replica].isDown, cursor.nextNumber <= plan.count else { return }
        agenda.schedule(.importBatch(step: step, cursor: cursor, generation: devices[replica].generation), atMicros: nowMicros)
    }

    /// A batch event: void if the device crashed since the import began.
    mutating func importBatchDue(step: Int, cursor: ImportPlan.Cursor, generation batchGeneration: Int) {
        guard case .importInBatches(let replica, let plan) = scenario.steps[step].action,
              batchGeneration == devices[replica].generation else { return }
        saveImportBatch(step: step, on: replica, plan: plan, cursor: cursor)
    }

    /// Draws window `window` of a random step and schedules its
    /// operations, and the next window's drawing at its start.
    mutating func drawRandomWindow(step: Int, window: Int) {
        guard case .randomInWindows(let plan) = scenario.steps[step].action else { return }
        for drawn in plan.steps(ofWindow: window, seed: seed) {
            guard case .intent(let replica, let intent) = drawn.action else { continue }
            agenda.schedule(.drawnIntent(replica, intent), atMicros: drawn.atMicros)
        }
        if window + 1 < plan.windows {
            agenda.schedule(.randomWindow(step: step, window: window + 1), atMicros: plan.startMicros(ofWindow: window + 1))
        }
    }

    /// Whether the device's store holds a live record of `entity`.
    func holdsLiveRecord(of entity: EntityIndex, on replica: ReplicaID) -> Bool {
        nodes[replica.index].store.allRecords().contains { $0.entity == entity && $0.isLive }
    }
}
