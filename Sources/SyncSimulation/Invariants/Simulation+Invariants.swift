import SyncModel

extension Simulation {
    /// Runs every invariant once; the first broken one is thrown.
    mutating func checkInvariants() throws(InvariantViolation) {
        guard var checker = invariants else { return }
        defer { invariants = checker }
        for index in nodes.indices {
            let replica = ReplicaID(index)
            let crashed = checker.generationChanged(of: replica, to: devices[replica].generation)
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

    /// The app work the devices say is due, against the queue: a pass or
    /// wake-up of the device's current generation is queued exactly when
    /// the device has one scheduled.
    private func queueRecountProblem() -> InvariantChecker.Problem? {
        var passes = Array(repeating: 0, count: devices.count), wakeUps = passes
        for event in agenda.scheduledEvents {
            switch event {
            // A pass scheduled before a crash stays queued but is void.
            case .dedupePass(let replica, let generation) where generation == devices[replica].generation: passes[replica.index] += 1
            case .passWakeUp(let replica, let generation) where generation == devices[replica].generation: wakeUps[replica.index] += 1
            default: break
            }
        }
        for index in devices.indices {
            let device = devices[ReplicaID(index)]
            if passes[index] != (device.passScheduled ? 1 : 0) {
                return ("simulation.passScheduled", "\(name(ReplicaID(index))) says \(device.passScheduled), the event queue holds \(passes[index])")
            }
            if wakeUps[index] != (device.wakeUpScheduled ? 1 : 0) {
                return ("simulation.wakeUpScheduled", "\(name(ReplicaID(index))) says \(device.wakeUpScheduled), the event queue holds \(wakeUps[index])")
            }
        }
        return nil
    }

    private func violation(_ name: String, _ detail: String, replica: ReplicaID?) -> InvariantViolation {
        InvariantViolation(name: name, replica: replica.map(name(_:)), atMicros: nowMicros, scenario: scenario.name,
                           strategy: strategy.name, seed: seed, detail: detail)
    }
}
