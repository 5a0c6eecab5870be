import SyncModel

extension Simulation {
    /// Runs every invariant once; the first broken one is thrown.
    mutating func checkInvariants() throws(InvariantViolation) {
        guard var checker = invariants else { return }
        defer { invariants = checker }
        for index in nodes.indices {
            let replica = ReplicaID(index)
            let crashed = lastCheckedGeneration[index] != generation[index]
            lastCheckedGeneration[index] = generation[index]
            if let problem = engine.invariantProblem(replica, crashed: crashed) ?? checker.checkStore(nodes[index])
                ?? observer.trackerProblem(nodes[index]) {
                throw violation(problem.name, problem.detail, replica: replica)
            }
        }
        if let problem = engine.runWideInvariantProblem(nodes: nodes) {
            throw violation(problem.name, problem.detail, replica: nil)
        }
        checker.countRunWideChecks(2 * nodes.count + 2)
        if let problem = queueRecountProblem() { throw violation(problem.name, problem.detail, replica: nil) }
    }

    /// The counters that quiescence reads, against a recount of the queue.
    private func queueRecountProblem() -> InvariantChecker.Problem? {
        var steps = 0, faults = 0, passes = 0, wakeUps = 0, writerSteps = 0, deliveries = 0, deliveriesWithChanges = 0
        for event in queue.scheduledEvents {
            switch event {
            case .step, .importBatch, .randomWindow, .drawnIntent: steps += 1
            case .nemesisTick, .nemesisRestart: faults += 1
            // A pass scheduled before a crash stays queued but is void.
            case .dedupePass(let replica, let passGeneration) where passGeneration == generation[replica.index]: passes += 1
            case .passWakeUp(let replica, let wakeUpGeneration) where wakeUpGeneration == generation[replica.index]: wakeUps += 1
            case .dedupePass, .passWakeUp, .syncTick: break
            case .writerStep: writerSteps += 1
            case .deliver(let envelope, _, _):
                deliveries += 1
                if envelope.message.carriesChanges { deliveriesWithChanges += 1 }
            }
        }
        let counted = [("pendingSteps", pendingSteps, steps), ("pendingFaults", pendingFaults, faults),
                       ("pendingPasses", pendingPasses, passes), ("pendingPasses", passScheduled.filter { $0 }.count, passes),
                       ("pendingWakeUps", pendingWakeUps, wakeUps), ("pendingWakeUps", wakeUpScheduled.filter { $0 }.count, wakeUps),
                       ("pendingWriterSteps", pendingWriterSteps, writerSteps), ("inFlight", inFlight, deliveries),
                       ("inFlightWithChanges", inFlightWithChanges, deliveriesWithChanges)]
        for (name, kept, recounted) in counted where kept != recounted {
            return ("simulation.\(name)", "kept \(kept), the event queue holds \(recounted)")
        }
        return nil
    }

    private func violation(_ name: String, _ detail: String, replica: ReplicaID?) -> InvariantViolation {
        InvariantViolation(name: name, replica: replica.map(name(_:)), atMicros: nowMicros, scenario: scenario.name,
                           strategy: strategy.name, seed: seed, detail: detail)
    }
}
