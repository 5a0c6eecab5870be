import SyncModel
import SyncStore

/// Runs one scenario under one strategy, single-threaded in virtual time,
/// and measures the outcome. Same scenario, strategy and seed: the same
/// result, byte for byte, in any process (all but `wallSeconds`).
///
/// The run ends when sync has quiesced (every replica holds every change
/// set, no step or dedupe pass is due, and nothing held can be applied), or
/// at the scenario's time limit.
public struct Simulation {
    enum Event {
        case step(Int)
        case syncTick(ReplicaID)
        case deliver(Envelope)
        case dedupePass(ReplicaID)
    }

    /// Makes a replica's empty store: the schema, and whether the strategy
    /// needs unique keys enforced.
    public typealias StoreFactory = (Schema, Bool) -> any Store

    public let scenario: Scenario
    public let strategy: any Strategy
    public let seed: UInt64

    private var replicas: [Replica]
    private var network: Network
    private var syncRandom: [Xoshiro256StarStar]
    private var queue = EventQueue<Event>()
    private var nowMicros: Int64 = 0
    private var events = 0

    private var truth: GroundTruth
    private var duplicates: DuplicateTracker
    private var convergence: ConvergenceTracker
    private var observedCommits: [Int]
    private var lastHealOrWriteMicros: Int64 = 0

    private var pendingSteps: Int
    private var passScheduled: [Bool]
    private var pendingPasses = 0
    private var changeSetTotal = 0
    private var heldTotal = 0

    public init(scenario: Scenario, strategy: any Strategy, seed: UInt64,
                makeStore: StoreFactory = { MemoryStore(schema: $0, enforcesUniqueness: $1) }) {
        self.scenario = scenario
        self.strategy = strategy
        self.seed = seed
        let count = scenario.replicaCount
        replicas = (0 ..< count).map { index in
            Replica(id: ReplicaID(index), replicaCount: count, strategy: strategy,
                    store: makeStore(scenario.schema, strategy.enforcesUniqueness),
                    clock: scenario.clocks[index], seed: seed)
        }
        network = Network(settings: scenario.network, random: Xoshiro256StarStar(seed: seed, stream: "network"))
        for link in scenario.links.keys.sorted(by: { ($0.from, $0.to) < ($1.from, $1.to) }) {
            network.setSettings(scenario.links[link]!, for: link)
        }
        syncRandom = (0 ..< count).map { Xoshiro256StarStar(seed: seed, stream: "sync.\(ReplicaID($0))") }
        truth = GroundTruth(schema: scenario.schema)
        duplicates = DuplicateTracker(replicaCount: count)
        convergence = ConvergenceTracker(replicaCount: count)
        observedCommits = Array(repeating: 0, count: count)
        pendingSteps = scenario.steps.count
        passScheduled = Array(repeating: false, count: count)
    }

    /// Runs to the end and returns the measurements.
    public static func run(scenario: Scenario, strategy: any Strategy, seed: UInt64,
                           makeStore: StoreFactory = { MemoryStore(schema: $0, enforcesUniqueness: $1) }) -> RunResult {
        var simulation = Simulation(scenario: scenario, strategy: strategy, seed: seed, makeStore: makeStore)
        return simulation.run()
    }

    public mutating func run() -> RunResult {
        let started = ContinuousClock.now
        for (index, step) in scenario.steps.enumerated() {
            queue.schedule(.step(index), atMicros: step.atMicros)
        }
        for index in replicas.indices {
            queue.schedule(.syncTick(ReplicaID(index)), atMicros: syncRandom[index].next(in: 0 ... scenario.sync.intervalMicros - 1))
        }

        var quiesced = false
        while let (time, event) = queue.popNext() {
            if time > scenario.untilMicros {
                nowMicros = scenario.untilMicros
                break
            }
            nowMicros = time
            events += 1
            handle(event)
            if isQuiescent {
                quiesced = true
                break
            }
        }
        let elapsed = ContinuousClock.now - started
        return result(quiesced: quiesced, wallSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    private var isQuiescent: Bool {
        pendingSteps == 0 && pendingPasses == 0 && heldTotal == replicas.count * changeSetTotal
    }

    private mutating func handle(_ event: Event) {
        switch event {
        case .step(let index):
            pendingSteps -= 1
            perform(scenario.steps[index].action)
        case .syncTick(let replica):
            syncTick(replica)
        case .deliver(let envelope):
            deliver(envelope)
        case .dedupePass(let replica):
            passScheduled[replica.index] = false
            pendingPasses -= 1
            if let changeSet = replicas[replica.index].runDedupePass(atMicros: nowMicros) {
                madeChangeSet(changeSet, on: replica)
            }
            observe(replica)
        }
    }

    private mutating func perform(_ action: StepAction) {
        switch action {
        case .partition(let groups):
            network.partition(groups, replicaCount: replicas.count)
        case .heal:
            network.heal()
            lastHealOrWriteMicros = nowMicros
        case .intent(let replica, let intent):
            let (outcome, changeSet) = replicas[replica.index].perform(intent, atMicros: nowMicros)
            if case .saved = outcome {
                truth.recordSaved(intent, atMicros: nowMicros)
                lastHealOrWriteMicros = nowMicros
            }
            if let changeSet { madeChangeSet(changeSet, on: replica) }
            observe(replica)
        case .crash, .restart, .nemesis:
            preconditionFailure("faults are being built")
        }
    }

    /// A local commit made a change set: count it, and give refused remote
    /// change sets another chance against the changed store.
    private mutating func madeChangeSet(_ changeSet: ChangeSet, on replica: ReplicaID) {
        changeSetTotal += 1
        heldTotal += 1
        if replicas[replica.index].pendingCount > 0 { applyHeld(on: replica) }
    }

    private mutating func syncTick(_ replica: ReplicaID) {
        let settings = scenario.sync
        let jitter = syncRandom[replica.index].next(in: -settings.jitterMicros ... settings.jitterMicros)
        queue.schedule(.syncTick(replica), atMicros: nowMicros + settings.intervalMicros + jitter)

        // Refused change sets are retried at every round (the replica skips
        // the retry when its store has not changed, as the answer would not).
        if replicas[replica.index].pendingCount > 0 {
            applyHeld(on: replica)
            observe(replica)
        }
        let count = replicas.count
        var peers: [Int] = []
        while peers.count < min(settings.fanout, count - 1) {
            let peer = syncRandom[replica.index].index(below: count)
            if peer != replica.index && !peers.contains(peer) { peers.append(peer) }
        }
        for peer in peers {
            send(.request(held: replicas[replica.index].held), from: replica, to: ReplicaID(peer))
        }
    }

    private mutating func deliver(_ envelope: Envelope) {
        guard network.arrive(from: envelope.from, to: envelope.to) else { return }
        let receiver = envelope.to
        switch envelope.message {
        case .request(let peerHeld):
            let missing = replicas[receiver.index].changeSets(missingFrom: peerHeld)
            send(.reply(changeSets: missing, held: replicas[receiver.index].held), from: receiver, to: envelope.from)
        case .reply(let changeSets, let peerHeld):
            ingest(changeSets, on: receiver)
            let missing = replicas[receiver.index].changeSets(missingFrom: peerHeld)
            if !missing.isEmpty { send(.push(changeSets: missing), from: receiver, to: envelope.from) }
        case .push(let changeSets):
            ingest(changeSets, on: receiver)
        }
    }

    private mutating func ingest(_ changeSets: [ChangeSet], on replica: ReplicaID) {
        let added = replicas[replica.index].receive(changeSets)
        guard added > 0 else { return }
        heldTotal += added
        applyHeld(on: replica)
        observe(replica)
    }

    private mutating func applyHeld(on replica: ReplicaID) {
        let applied = replicas[replica.index].applyHeld(atMicros: nowMicros)
        if applied > 0 && strategy.runsDedupePass && !passScheduled[replica.index] {
            passScheduled[replica.index] = true
            pendingPasses += 1
            queue.schedule(.dedupePass(replica), atMicros: nowMicros + scenario.dedupeDelayMicros)
        }
    }

    private mutating func send(_ message: SyncMessage, from: ReplicaID, to: ReplicaID) {
        let deliveries = network.send(from: from, to: to, sizeBytes: message.sizeBytes, atMicros: nowMicros)
        for time in deliveries {
            queue.schedule(.deliver(Envelope(from: from, to: to, message: message)), atMicros: time)
        }
    }

    /// Updates the duplicate and convergence trackers if the replica's
    /// store changed since they last looked.
    private mutating func observe(_ replica: ReplicaID) {
        let store = replicas[replica.index].store
        guard store.commitCount != observedCommits[replica.index] else { return }
        observedCommits[replica.index] = store.commitCount
        duplicates.update(replica: replica.index, count: store.duplicateCount, atMicros: nowMicros)
        convergence.update(replica: replica.index, digest: store.digest, atMicros: nowMicros)
    }

    private mutating func result(quiesced: Bool, wallSeconds: Double) -> RunResult {
        duplicates.advance(to: nowMicros)
        let stores = replicas.map(\.store)
        let (lost, resurrected) = FinalCheck.writes(truth: truth, stores: stores)
        let convergenceMicros = convergence.allAgree
            ? max(0, (convergence.agreeingSinceMicros ?? nowMicros) - lastHealOrWriteMicros)
            : nil
        return RunResult(
            strategy: strategy.name,
            duplicates: .init(final: duplicates.worst, peak: duplicates.peak, integralMicros: duplicates.integralMicros),
            diverged: convergence.diverged,
            convergenceMicros: convergenceMicros,
            rejected: .init(
                localSaves: replicas.reduce(0) { $0 + $1.counters.rejectedLocalSaves },
                changeSets: replicas.reduce(0) { $0 + $1.counters.rejectedChangeSets },
                blocked: replicas.reduce(0) { $0 + $1.pendingCount - $1.refusedHeadCount }),
            lostWrites: lost,
            resurrected: resurrected,
            dangling: FinalCheck.dangling(stores: stores),
            network: network.counters,
            missedChanges: replicas.reduce(0) { $0 + $1.counters.missedChanges },
            changeSets: changeSetTotal,
            quiesced: quiesced,
            endMicros: nowMicros,
            events: events,
            wallSeconds: wallSeconds)
    }
}
