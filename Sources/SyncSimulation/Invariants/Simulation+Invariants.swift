import SyncModel

extension Simulation {
    /// Runs every invariant once; the first broken one is thrown.
    mutating func checkInvariants() throws(InvariantViolation) {
        guard var checker = invariants else { return }
        defer { invariants = checker }
        for index in replicas.indices {
            let crashed = lastCheckedGeneration[index] != generation[index]
            lastCheckedGeneration[index] = generation[index]
            if let problem = checker.check(&replicas[index], crashed: crashed) {
                throw violation(problem.name, problem.detail, replica: ReplicaID(index))
            }
            let store = replicas[index].store
            if duplicates.counts[index] != store.duplicateCount {
                throw violation("checker.duplicates", "tracked \(duplicates.counts[index]), the store counts \(store.duplicateCount)",
                                replica: ReplicaID(index))
            }
            if convergence.digest(of: index) != store.digest {
                throw violation("checker.digest", "the convergence tracker holds a stale digest", replica: ReplicaID(index))
            }
        }
        let settled = PeerQuiescence.isSettled(replicas, hub: scenario.hub)
        let reference = !replicas.contains(where: \.hasApplicableWork) && PeerQuiescence.pairsSettled(replicas, hub: scenario.hub)
        if settled != reference {
            throw violation("quiescence.settled", "the engine says settled: \(settled); checking every pair says \(reference)", replica: nil)
        }
        checker.countRunWideChecks(2 * replicas.count + 2)
        if let problem = queueRecountProblem() { throw violation(problem.name, problem.detail, replica: nil) }
    }

    /// The counters that quiescence reads, against a recount of the queue.
    private func queueRecountProblem() -> InvariantChecker.Problem? {
        var steps = 0, faults = 0, passes = 0, writerSteps = 0, deliveries = 0, deliveriesWithChanges = 0
        for event in queue.scheduledEvents {
            switch event {
            case .step: steps += 1
            case .nemesisTick, .nemesisRestart: faults += 1
            // A pass scheduled before a crash stays queued but is void.
            case .dedupePass(let replica, let passGeneration) where passGeneration == generation[replica.index]: passes += 1
            case .dedupePass, .syncTick: break
            case .writerStep: writerSteps += 1
            case .deliver(let envelope, _, _):
                deliveries += 1
                if envelope.message.carriesChangeSets { deliveriesWithChanges += 1 }
            }
        }
        let counted = [("pendingSteps", pendingSteps, steps), ("pendingFaults", pendingFaults, faults),
                       ("pendingPasses", pendingPasses, passes), ("pendingPasses", passScheduled.filter { $0 }.count, passes),
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
