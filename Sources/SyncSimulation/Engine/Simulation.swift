import SyncModel
import SyncStore

/// Runs one scenario under one strategy, single-threaded in virtual time,
/// and measures the outcome. Same scenario, strategy and seed: the same
/// result, byte for byte, in any process (all but `wallSeconds`).
///
/// The run ends when it is quiescent, or at the scenario's time limit.
/// Quiescent is structural, never a guess from elapsed time: no step, fault,
/// dedupe pass or writer step is due, no message in flight brings its
/// receiver a change set it lacks, and the sync engine says no exchange or
/// retry it could run would change anything (``PeerQuiescence``). While replicas that hold different knowledge
/// cannot reach each other, the run goes on to `until` and reports
/// `quiesced: false`.
public struct Simulation {
    enum Event {
        case step(Int)
        case syncTick(ReplicaID)
        /// A message, with both ends' generations when it was sent: a crash
        /// or restart of either end since then loses it.
        case deliver(Envelope, senderGeneration: Int, receiverGeneration: Int)
        case dedupePass(ReplicaID, generation: Int)
        case nemesisTick(NemesisSettings)
        case nemesisRestart(ReplicaID)
        case writerStep(Int)
    }

    public let scenario: Scenario
    public let strategy: any Strategy
    public let seed: UInt64
    public let concurrency: WriterConcurrency
    public let storeKind: StoreKind
    /// Whether ``InvariantChecker`` checks the run's state after every event.
    public let checksInvariants: Bool
    /// The name of each replica's current store (its file, for `sqlite:DIR`).
    var storeLabels: [String]

    var replicas: [Replica]
    var network: Network
    var syncRandom: [Xoshiro256StarStar]
    var nemesisRandom: Xoshiro256StarStar
    var writerRandom: Xoshiro256StarStar
    var queue = EventQueue<Event>()
    var nowMicros: Int64 = 0
    var events = 0

    var truth: GroundTruth
    var duplicates: DuplicateTracker
    var convergence: ConvergenceTracker
    var observedCommits: [Int]
    var lastHealOrWriteMicros: Int64 = 0
    /// When some replica's store last changed.
    var lastStateChangeMicros: Int64 = 0
    var invariants: InvariantChecker?
    /// Each replica's generation when the invariants last looked.
    var lastCheckedGeneration: [Int]

    var pendingSteps: Int
    /// Nemesis ticks and restarts still to come.
    var pendingFaults = 0
    var passScheduled: [Bool]
    var pendingPasses = 0
    /// Message copies scheduled for delivery and not yet delivered or lost.
    var inFlight = 0
    /// Those of them that carry change sets (``SyncMessage/carriesChangeSets``).
    var inFlightWithChanges = 0
    var down: [Bool]
    var generation: [Int]
    var nextOrigin: Int
    var intentsWhileDown = 0
    var writerTasks: [WriterTask] = []
    var pendingWriterSteps = 0
    var race = RunResult.Race()
    var series: DuplicateSeries
    var faults: [FaultEvent] = []

    /// Opens every replica's store; only a SQLite store can fail to open.
    public init(scenario: Scenario, strategy: any Strategy, seed: UInt64, concurrency: WriterConcurrency = .deterministic,
                store storeKind: StoreKind = .memory, checksInvariants: Bool = InvariantChecker.enabledByDefault) throws(StoreError) {
        self.scenario = scenario
        self.checksInvariants = checksInvariants
        self.strategy = strategy
        self.seed = seed
        self.concurrency = concurrency
        self.storeKind = storeKind
        let count = scenario.replicaCount
        var replicas: [Replica] = []
        storeLabels = (0 ..< count).map { Self.storeLabel(scenario: scenario, strategy: strategy, replica: ReplicaID($0)) }
        for index in 0 ..< count {
            let store = try storeKind.open(schema: scenario.schema, enforcesUniqueness: strategy.enforcesUniqueness, label: storeLabels[index])
            replicas.append(Replica(id: ReplicaID(index), replicaCount: count, strategy: strategy, store: store,
                                    clock: scenario.clocks[index], seed: seed, journalsApplies: checksInvariants))
        }
        self.replicas = replicas
        network = Network(settings: scenario.network, random: Xoshiro256StarStar(seed: seed, stream: "network"))
        for link in scenario.links.keys.sorted(by: { ($0.from, $0.to) < ($1.from, $1.to) }) {
            network.setSettings(scenario.links[link]!, for: link)
        }
        syncRandom = (0 ..< count).map { Xoshiro256StarStar(seed: seed, stream: "sync.\(ReplicaID($0))") }
        nemesisRandom = Xoshiro256StarStar(seed: seed, stream: "nemesis")
        writerRandom = Xoshiro256StarStar(seed: seed, stream: "writers")
        truth = GroundTruth(schema: scenario.schema)
        duplicates = DuplicateTracker(replicaCount: count)
        series = DuplicateSeries(resolutionMicros: scenario.seriesResolutionMicros, replicaCount: count, perReplica: scenario.seriesPerReplica)
        convergence = ConvergenceTracker(replicaCount: count)
        observedCommits = Array(repeating: 0, count: count)
        pendingSteps = scenario.steps.count
        passScheduled = Array(repeating: false, count: count)
        down = Array(repeating: false, count: count)
        generation = Array(repeating: 0, count: count)
        lastCheckedGeneration = generation
        nextOrigin = count
        invariants = checksInvariants ? InvariantChecker(replicas: replicas) : nil
    }

    /// Runs to the end with memory stores and returns the measurements. A
    /// broken invariant stops the process, naming it (tests rely on this).
    public static func run(scenario: Scenario, strategy: any Strategy, seed: UInt64, concurrency: WriterConcurrency = .deterministic,
                           checksInvariants: Bool = InvariantChecker.enabledByDefault) -> RunResult {
        do {
            return try run(scenario: scenario, strategy: strategy, seed: seed, concurrency: concurrency, store: .memory,
                           checksInvariants: checksInvariants)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// Runs to the end on the given kind of store.
    public static func run(scenario: Scenario, strategy: any Strategy, seed: UInt64, concurrency: WriterConcurrency = .deterministic,
                           store: StoreKind, checksInvariants: Bool = InvariantChecker.enabledByDefault) throws(SimulationError) -> RunResult {
        var simulation: Simulation
        do {
            simulation = try Simulation(scenario: scenario, strategy: strategy, seed: seed, concurrency: concurrency, store: store,
                                        checksInvariants: checksInvariants)
        } catch {
            throw .store(error)
        }
        do {
            return try simulation.run()
        } catch {
            throw .invariant(error)
        }
    }

    /// Names a replica's store (its file, for `sqlite:DIR`).
    static func storeLabel(scenario: Scenario, strategy: any Strategy, replica: ReplicaID, incarnation: Int = 0) -> String {
        "\(scenario.name).\(strategy.name).\(scenario.replicaNames[replica.index])" + (incarnation > 0 ? ".\(incarnation)" : "")
    }

    /// Runs to quiescence or `until`. With invariant checks on, a broken
    /// invariant stops the run at once and is thrown.
    public mutating func run() throws(InvariantViolation) -> RunResult {
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
            if invariants != nil { try checkInvariants() }
            if isQuiescent {
                quiesced = true
                break
            }
        }
        let elapsed = ContinuousClock.now - started
        return result(quiesced: quiesced, wallSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Nothing scheduled or possible can change any replica's state. Sync
    /// ticks stay scheduled for ever, so they do not count: a tick only
    /// changes something if the engine has an exchange or a retry to run.
    /// Nor do messages in flight that bring their receiver nothing new: a
    /// request (its reply is computed on arrival, and between settled
    /// replicas offers nothing the requester lacks; with messages slower
    /// than a round some request is always in flight), a copy of change
    /// sets the receiver already holds, or a message that will be lost
    /// (an end crashed since it was sent, or a partition stands between).
    var isQuiescent: Bool {
        guard pendingSteps == 0, pendingFaults == 0, pendingPasses == 0, pendingWriterSteps == 0,
              PeerQuiescence.isSettled(replicas, hub: scenario.hub) else { return false }
        guard inFlightWithChanges > 0 else { return true }
        return !queue.scheduledEvents.contains { event in
            guard case .deliver(let envelope, let senderGeneration, let receiverGeneration) = event else { return false }
            let receiver = envelope.to.index
            return senderGeneration == generation[envelope.from.index] && receiverGeneration == generation[receiver]
                && !down[receiver] && network.connected(envelope.from, envelope.to)
                && PeerQuiescence.carriesNews(envelope.message, to: replicas[receiver])
        }
    }

    private mutating func handle(_ event: Event) {
        switch event {
        case .step(let index):
            pendingSteps -= 1
            perform(scenario.steps[index].action)
        case .syncTick(let replica):
            syncTick(replica)
        case .deliver(let envelope, let senderGeneration, let receiverGeneration):
            inFlight -= 1
            if envelope.message.carriesChangeSets { inFlightWithChanges -= 1 }
            deliver(envelope, senderGeneration: senderGeneration, receiverGeneration: receiverGeneration)
        case .dedupePass(let replica, let passGeneration):
            guard passGeneration == generation[replica.index] else { return }
            passScheduled[replica.index] = false
            pendingPasses -= 1
            if let changeSet = replicas[replica.index].runDedupePass(atMicros: nowMicros) {
                madeChangeSet(changeSet, on: replica)
            }
            observe(replica)
        case .nemesisTick(let settings):
            pendingFaults -= 1
            nemesisTick(settings)
        case .nemesisRestart(let replica):
            pendingFaults -= 1
            restart(replica)
        case .writerStep(let task):
            writerStep(task)
        }
    }

    private mutating func perform(_ action: StepAction) {
        switch action {
        case .partition(let groups):
            network.partition(groups, replicaCount: replicas.count)
            recordFault(.partition, groups.map { $0.map(name).joined(separator: ",") }.joined(separator: " | "))
        case .heal:
            // Healing a whole network changes nothing, so it does not move
            // the start of convergence (an idle tail changes no outcome).
            if network.groups != nil { lastHealOrWriteMicros = nowMicros }
            network.heal()
            recordFault(.heal, "")
        case .intent(let replica, let intent):
            guard !down[replica.index] else {
                // The app is not running: nothing is saved or acknowledged.
                intentsWhileDown += 1
                return
            }
            let (outcome, changeSet) = replicas[replica.index].perform(intent, atMicros: nowMicros)
            if case .saved = outcome {
                truth.recordSaved(intent, on: replica, atMicros: nowMicros)
                lastHealOrWriteMicros = nowMicros
            }
            if let changeSet { madeChangeSet(changeSet, on: replica) }
            observe(replica)
        case .writers(let replica, let intent, let count):
            startWriters(intent, on: replica, count: count)
        case .crash(let replica, let wipe):
            crash(replica, wipe: wipe)
        case .restart(let replica):
            restart(replica)
        case .nemesis(let settings):
            pendingFaults += 1
            queue.schedule(.nemesisTick(settings), atMicros: nowMicros)
        }
    }

    func name(_ replica: ReplicaID) -> String { scenario.replicaNames[replica.index] }

    mutating func recordFault(_ kind: FaultEvent.Kind, _ detail: String) {
        faults.append(FaultEvent(atMicros: nowMicros, kind: kind, detail: detail))
    }

    /// A local commit made a change set: give refused remote change sets
    /// another chance against the changed store.
    mutating func madeChangeSet(_ changeSet: ChangeSet, on replica: ReplicaID) {
        if replicas[replica.index].pendingCount > 0 { applyHeld(on: replica) }
    }

    private mutating func syncTick(_ replica: ReplicaID) {
        let settings = scenario.sync
        let jitter = syncRandom[replica.index].next(in: -settings.jitterMicros ... settings.jitterMicros)
        queue.schedule(.syncTick(replica), atMicros: nowMicros + settings.intervalMicros + jitter)
        guard !down[replica.index] else { return }

        // Refused change sets are retried at every round (the replica skips
        // the retry when its store has not changed, as the answer would not).
        if replicas[replica.index].pendingCount > 0 {
            applyHeld(on: replica)
            observe(replica)
        }
        for peer in peers(of: replica) {
            send(.request(held: replicas[replica.index].held), from: replica, to: peer)
        }
    }

    /// Whom a replica contacts this round: the hub, for a hub's client; no
    /// one, for the hub itself; otherwise `fanout` distinct random peers.
    private mutating func peers(of replica: ReplicaID) -> [ReplicaID] {
        if let hub = scenario.hub {
            return replica == hub ? [] : [hub]
        }
        let count = replicas.count
        var peers: [ReplicaID] = []
        while peers.count < min(scenario.sync.fanout, count - 1) {
            let peer = ReplicaID(syncRandom[replica.index].index(below: count))
            if peer != replica && !peers.contains(peer) { peers.append(peer) }
        }
        return peers
    }

    private mutating func deliver(_ envelope: Envelope, senderGeneration: Int, receiverGeneration: Int) {
        let receiver = envelope.to
        // Lost with a crash of either end since it was sent, or to a partition.
        guard senderGeneration == generation[envelope.from.index], receiverGeneration == generation[receiver.index],
              !down[receiver.index] else {
            network.lose()
            return
        }
        guard network.arrive(from: envelope.from, to: receiver) else { return }
        let forwardsAppliedOnly = receiver == scenario.hub
        switch envelope.message {
        case .request(let peerHeld):
            let missing = replicas[receiver.index].changeSets(missingFrom: peerHeld, appliedOnly: forwardsAppliedOnly)
            send(.reply(changeSets: missing, held: replicas[receiver.index].held), from: receiver, to: envelope.from)
        case .reply(let changeSets, let peerHeld):
            ingest(changeSets, on: receiver)
            let missing = replicas[receiver.index].changeSets(missingFrom: peerHeld, appliedOnly: forwardsAppliedOnly)
            if !missing.isEmpty { send(.push(changeSets: missing), from: receiver, to: envelope.from) }
        case .push(let changeSets):
            ingest(changeSets, on: receiver)
        }
    }

    private mutating func ingest(_ changeSets: [ChangeSet], on replica: ReplicaID) {
        let added = replicas[replica.index].receive(changeSets)
        guard added > 0 else { return }
        applyHeld(on: replica)
        observe(replica)
    }

    mutating func applyHeld(on replica: ReplicaID) {
        let applied = replicas[replica.index].applyHeld(atMicros: nowMicros)
        if applied > 0 {
            if strategy.runsDedupePass { scheduleDedupePass(on: replica) }
        }
    }

    mutating func scheduleDedupePass(on replica: ReplicaID) {
        guard !passScheduled[replica.index] else { return }
        passScheduled[replica.index] = true
        pendingPasses += 1
        queue.schedule(.dedupePass(replica, generation: generation[replica.index]), atMicros: nowMicros + scenario.dedupeDelayMicros)
    }

    private mutating func send(_ message: SyncMessage, from: ReplicaID, to: ReplicaID) {
        let deliveries = network.send(from: from, to: to, sizeBytes: message.sizeBytes, atMicros: nowMicros)
        for time in deliveries {
            inFlight += 1
            if message.carriesChangeSets { inFlightWithChanges += 1 }
            let event = Event.deliver(Envelope(from: from, to: to, message: message),
                                      senderGeneration: generation[from.index], receiverGeneration: generation[to.index])
            queue.schedule(event, atMicros: time)
        }
    }

    /// Updates the duplicate and convergence trackers if the replica's
    /// store changed since they last looked.
    mutating func observe(_ replica: ReplicaID) {
        let store = replicas[replica.index].store
        guard store.commitCount != observedCommits[replica.index] else { return }
        observedCommits[replica.index] = store.commitCount
        lastStateChangeMicros = nowMicros
        duplicates.update(replica: replica.index, count: store.duplicateCount, atMicros: nowMicros)
        series.record(worst: duplicates.worst, replicaCounts: duplicates.counts, atMicros: nowMicros)
        convergence.update(replica: replica.index, digest: store.digest, atMicros: nowMicros)
    }

    /// True when no link drops every message: the liveness promise applies.
    var networkAlive: Bool {
        !scenario.network.dropProbability.isCertain && !scenario.links.values.contains { $0.dropProbability.isCertain }
    }

    /// Change sets that exist somewhere: per origin, the longest log any
    /// replica holds (logs are contiguous from seq 1). Those a wipe
    /// destroyed before another replica held them are gone.
    var changeSetCount: Int {
        let origins = replicas.map(\.held.originCount).max() ?? 0
        return (0 ..< origins).reduce(0) { total, origin in
            total + Int(replicas.map { $0.held[ReplicaID(origin)] }.max() ?? 0)
        }
    }

    private mutating func result(quiesced: Bool, wallSeconds: Double) -> RunResult {
        // Duplicate-seconds run until sync finished: to the last change of
        // any store when the run quiesced (an idle tail adds nothing), to
        // the end when it did not.
        duplicates.advance(to: quiesced ? lastStateChangeMicros : nowMicros)
        series.close(atMicros: nowMicros)
        let stores = replicas.map(\.store)
        let (lost, resurrected) = FinalCheck.writes(truth: truth, stores: stores)
        let (dangling, links) = FinalCheck.links(stores: stores)
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
            dangling: dangling,
            links: links,
            network: network.counters,
            missedChanges: replicas.reduce(0) { $0 + $1.counters.missedChanges },
            changeSets: changeSetCount,
            intentsWhileDown: intentsWhileDown,
            race: race,
            series: series,
            faults: faults,
            quiesced: quiesced,
            liveness: Liveness.verdict(promised: strategy.promisesConvergence, faultsOver: network.groups == nil && !down.contains(true),
                                       networkAlive: networkAlive, quiesced: quiesced, converged: convergence.allAgree),
            invariantChecks: invariants?.checks ?? 0,
            endMicros: nowMicros,
            events: events,
            wallSeconds: wallSeconds)
    }
}
