import SyncModel
import SyncStore

/// Hands each event to the component that owns it, and carries out the
/// workload's step actions.
extension Simulation {
    mutating func handle(_ event: Event) {
        switch event {
        case .step(let index):
            switch scenario.steps[index].action {
            case .importInBatches(let replica, let plan): startImport(step: index, on: replica, plan: plan)
            case .randomInWindows: drawRandomWindow(step: index, window: 0)
            case let action:
                perform(action)
                if action.mayWipe(versions: scenario.versions) { wipeStepRan() }
            }
        case .importBatch(let step, let cursor, let batchGeneration):
            importBatchDue(step: step, cursor: cursor, generation: batchGeneration)
        case .randomWindow(let step, let window):
            drawRandomWindow(step: step, window: window)
        case .drawnIntent(let replica, let intent):
            perform(.intent(replica, intent))
        case .syncTick(let replica):
            syncTick(replica)
        case .deliver(let envelope, let senderGeneration, let receiverGeneration):
            deliver(envelope, senderGeneration: senderGeneration, receiverGeneration: receiverGeneration)
        case .dedupePass(let replica, let passGeneration):
            dedupePassDue(on: replica, generation: passGeneration)
        case .passWakeUp(let replica, let wakeUpGeneration):
            passWakeUpDue(on: replica, generation: wakeUpGeneration)
        case .nemesisTick(let settings):
            nemesisTick(settings)
        case .nemesisRestart(let replica):
            restart(replica)
        case .writerStep(let task):
            writerStep(task)
        }
    }

    mutating func perform(_ action: StepAction) {
        switch action {
        case .partition(let groups):
            network.partition(groups)
            recordFault(.partition(groups.map { $0.map(name) }))
        case .partitionEach:
            perform(.partition((0 ..< scenario.endpointCount).map { [ReplicaID($0)] }))
        case .cut(let from, let to):
            network.cut(from: from, to: to)
            recordFault(.cut(from: from.map(name), to: to.map(name)))
        case .heal:
            // Healing a whole network changes nothing, so it does not move
            // the start of convergence (an idle tail changes no outcome).
            if network.isPartitioned { observer.healedOrRestarted(atMicros: nowMicros) }
            network.heal()
            recordFault(.heal(byNemesis: false))
        case .intent(let replica, let intent):
            guard !devices[replica].isDown else {
                // The app is not running: nothing is saved or acknowledged.
                observer.tallies.intentsWhileDown += 1
                return
            }
            let outcome = nodes[replica.index].perform(intent, atMicros: nowMicros)
            if case .saved(let changes) = outcome {
                observer.saved(intent, changes: changes, store: nodes[replica.index].store, on: replica, atMicros: nowMicros)
                if !changes.isEmpty { committed(changes, on: replica) }
            }
            observe(replica)
        case .writers(let replica, let intent, let count):
            startWriters(intent, on: replica, count: count)
        case .crash(let replica, let wipe):
            crash(replica, wipe: wipe)
        case .restart(let replica):
            restart(replica)
        case .seedIfEmpty(let replica, let entity, let rows):
            if !holdsLiveRecord(of: entity, on: replica) { perform(.intent(replica, .save(rows))) }
        case .importInBatches, .randomInWindows:
            preconditionFailure("a step's own event starts \(action)")
        case .drawn:
            preconditionFailure("a run draws its workload before it starts (Scenario.drawingWorkload)")
        case .enableSync(let replica):
            enableSync(replica)
        case .upgrade(let replica, let version):
            upgrade(replica, to: version)
        case .nemesis(let settings):
            agenda.schedule(.nemesisTick(settings), atMicros: nowMicros)
        }
    }

    /// One step that may wipe a device ran; after the last, none can.
    private mutating func wipeStepRan() {
        wipeStepsLeft -= 1
        if wipeStepsLeft == 0 { engine.wipesAreOver() }
    }

    mutating func recordFault(_ fault: FaultEvent.Fault) {
        observer.fault(fault, atMicros: nowMicros)
    }

    /// Lets the observer see the device's store if it changed.
    mutating func observe(_ replica: ReplicaID) {
        let journal = nodes[replica.index].takeJournal()
        observer.observe(nodes[replica.index], journal: journal, atMicros: nowMicros)
    }
}
