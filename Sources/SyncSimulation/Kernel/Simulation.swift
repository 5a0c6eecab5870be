import SyncModel
import SyncStore

/// Runs one scenario under one strategy, single-threaded in virtual time,
/// and measures the outcome. Same scenario, strategy and seed: the same
/// result, byte for byte, in any process (all but `wallSeconds`).
///
/// The kernel: it orders events `(time, sequence)` and hands each to the
/// component that owns it. Devices' apps are ``ReplicaNode``s; how their
/// changes travel is the ``SyncEngine``; the ``Network`` decides the fate of
/// every message; faults and writers are in `Simulation+Faults` and
/// `Simulation+Writers`; a ``RunObserver`` records what the checker needs.
///
/// The run ends when it is quiescent, or at the scenario's time limit.
/// Quiescent is structural, never a guess from elapsed time: no step, fault,
/// dedupe pass or writer step is due, no message in flight brings its
/// receiver something it lacks, and the sync engine says no exchange or
/// retry it could run would change anything. While devices that hold
/// different knowledge cannot reach each other, the run goes on to `until`
/// and reports `quiesced: false`.
public struct Simulation {
    enum Event {
        case step(Int)
        case syncTick(ReplicaID)
        /// A message, with both ends' generations when it was sent: a crash
        /// or restart of either end since then loses it.
        case deliver(Envelope, senderGeneration: Int, receiverGeneration: Int)
        case dedupePass(ReplicaID, generation: Int)
        /// A device's app looks again at losers it marked
        /// (`dedupe:deferred`): a dedupe pass runs.
        case passWakeUp(ReplicaID, generation: Int)
        case nemesisTick(NemesisSettings)
        case nemesisRestart(ReplicaID)
        case writerStep(Int)
        /// The next batch of an import in batches (step `step`), begun in
        /// the device's generation `generation`.
        case importBatch(step: Int, cursor: ImportPlan.Cursor, generation: Int)
        /// Window `window` of a random step drawn while the run goes opens.
        case randomWindow(step: Int, window: Int)
        /// One operation such a window drew.
        case drawnIntent(ReplicaID, Intent)
    }

    /// The scenario being run.
    public let scenario: Scenario
    /// The strategy every device's app uses.
    public let strategy: any Strategy
    /// The seed every component's random stream derives from.
    public let seed: UInt64
    /// How the application writers of `writers` steps run.
    public let concurrency: WriterConcurrency
    /// Where the devices keep their records.
    public let storeKind: StoreKind
    /// Whether ``InvariantChecker`` checks the run's state after every event.
    public let checksInvariants: Bool
    /// The name of each device's current store (its file, for `sqlite:DIR`).
    var storeLabels: [String]

    /// Every device's app and store: after ``run()``, what each device ended
    /// with (a program of its own may read them; only the kernel writes).
    public internal(set) var nodes: [ReplicaNode]
    var engine: any SyncEngine
    var network: Network
    var observer: RunObserver
    var syncRandom: [Xoshiro256StarStar]
    var nemesisRandom: Xoshiro256StarStar
    var writerRandom: Xoshiro256StarStar
    var queue = EventQueue<Event>()
    var nowMicros: Int64 = 0
    var events = 0
    var invariants: InvariantChecker?
    /// Each device's generation when the invariants last looked.
    var lastCheckedGeneration: [Int]

    var pendingSteps: Int
    /// Nemesis ticks and restarts still to come.
    var pendingFaults = 0
    var passScheduled: [Bool]
    var pendingPasses = 0
    var wakeUpScheduled: [Bool]
    var pendingWakeUps = 0
    /// Message copies scheduled for delivery and not yet delivered or lost.
    var inFlight = 0
    /// Those of them that may change their receiver (``EngineMessage/carriesChanges``).
    var inFlightWithChanges = 0
    var down: [Bool]
    /// Per endpoint, whether its app has sync off (`syncOff` until
    /// `enableSync`): it is not ticked, and no message goes to or from it.
    var syncOff: [Bool]
    /// Per device, the records it saved with sync off under `syncOffSaves:
    /// "neverUploaded"`: the engine never learned of those saves, so the
    /// records are outside the liveness promise (``LivenessScope``). A
    /// later change sends only what it changed, never the record as it
    /// was saved, so a record stays here until its store is wiped. Only
    /// looked up and counted, never iterated unsorted.
    var neverUploaded: [Set<RecordID>]
    /// Per device, whether its store failed to migrate in an upgrade, so
    /// the app cannot start (`storeOpenFailures`).
    var storeFailed: [Bool]
    /// Records lost when upgrades reset stores before they had synced.
    var lostOnReset = 0
    var generation: [Int]
    var nextOrigin: Int
    var intentsWhileDown = 0
    var writerTasks: [WriterTask] = []
    var pendingWriterSteps = 0
    var race = RunResult.Race()
    var timeline = Timeline()

    /// Opens every device's store; only a SQLite store can fail to open.
    public init(scenario: Scenario, strategy: any Strategy, seed: UInt64, concurrency: WriterConcurrency = .deterministic,
                store storeKind: StoreKind = .memory, checksInvariants: Bool = InvariantChecker.enabledByDefault) throws(StoreError) {
        // Stores, engine and checker all see the strategy's store schema.
        var scenario = scenario
        scenario.schema = strategy.storeSchema(for: scenario.schema)
        self.scenario = scenario
        self.checksInvariants = checksInvariants
        self.strategy = strategy
        self.seed = seed
        self.concurrency = concurrency
        self.storeKind = storeKind
        // Devices get a node each; every endpoint (the devices and the
        // engine's server, if any) is a network address.
        let count = scenario.replicaCount
        let endpoints = scenario.endpointCount
        storeLabels = (0 ..< count).map { Self.storeLabel(scenario: scenario, seed: seed, strategy: strategy, replica: ReplicaID($0)) }
        var nodes: [ReplicaNode] = []
        for index in 0 ..< count {
            // A device on an app version without the keys has no constraints.
            var app = AppSettings(scenario: scenario)
            app.declaresUniqueKeys = scenario.startsDeclaringUniqueKeys(ReplicaID(index))
            let (store, label) = try storeKind.open(schema: scenario.schema,
                                                    enforcesUniqueness: strategy.enforcesUniqueness && app.declaresUniqueKeys,
                                                    label: storeLabels[index])
            storeLabels[index] = label
            nodes.append(ReplicaNode(id: ReplicaID(index), strategy: strategy, store: store, clock: scenario.clocks[index], seed: seed,
                                     app: app))
        }
        self.nodes = nodes
        engine = scenario.engine.makeEngine(scenario: scenario, checksInvariants: checksInvariants)
        network = Network(settings: scenario.network, replicaCount: endpoints, random: Xoshiro256StarStar(seed: seed, stream: "network"))
        for link in scenario.links.keys.sorted(by: { ($0.from, $0.to) < ($1.from, $1.to) }) {
            network.setSettings(scenario.links[link]!, for: link)
        }
        observer = RunObserver(scenario: scenario, tracksCopies: strategy.runsDedupePass, fetchFilter: strategy.fetchFilter)
        syncRandom = (0 ..< count).map { Xoshiro256StarStar(seed: seed, stream: "sync.\(ReplicaID($0))") }
        nemesisRandom = Xoshiro256StarStar(seed: seed, stream: "nemesis")
        writerRandom = Xoshiro256StarStar(seed: seed, stream: "writers")
        pendingSteps = scenario.steps.count
        passScheduled = Array(repeating: false, count: count)
        wakeUpScheduled = Array(repeating: false, count: count)
        // An engine's server never goes down; its generation stays 0.
        down = Array(repeating: false, count: endpoints)
        syncOff = Array(repeating: false, count: endpoints)
        storeFailed = Array(repeating: false, count: endpoints)
        neverUploaded = Array(repeating: [], count: count)
        for device in scenario.syncOff {
            syncOff[device.index] = true
            engine.setSyncEnabled(false, on: device)
        }
        generation = Array(repeating: 0, count: endpoints)
        lastCheckedGeneration = generation
        // New origins (wiped devices) never reuse an endpoint's number.
        nextOrigin = endpoints
        invariants = checksInvariants ? InvariantChecker(replicaCount: count) : nil
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

    /// Names a device's store: for `sqlite:DIR`, its file's path under DIR
    /// (``StoreLayout``). A sweep point's folder is in the store kind's DIR.
    static func storeLabel(scenario: Scenario, seed: UInt64, strategy: any Strategy, replica: ReplicaID, incarnation: Int = 0) -> String {
        StoreLayout.file(scenario: scenario.name, seed: seed, strategy: strategy.name, replica: scenario.replicaNames[replica.index],
                         incarnation: incarnation)
    }

    /// Runs to quiescence or `until`. With invariant checks on, a broken
    /// invariant stops the run at once and is thrown.
    public mutating func run() throws(InvariantViolation) -> RunResult {
        let started = ContinuousClock.now
        for (index, step) in scenario.steps.enumerated() {
            queue.schedule(.step(index), atMicros: step.atMicros)
        }
        for index in nodes.indices {
            queue.schedule(.syncTick(ReplicaID(index)), atMicros: syncRandom[index].next(in: 0 ... scenario.sync.intervalMicros - 1))
        }

        var quiesced = false
        var stoppedAt: RunResult.Stop?
        let progress = RunProgress.current
        progress?.started(untilMicros: scenario.untilMicros)
        while let (time, event) = queue.popNext() {
            if time > scenario.untilMicros {
                nowMicros = scenario.untilMicros
                break
            }
            if let limit = scenario.maxEvents, events >= limit {
                stoppedAt = .events
                break
            }
            if isOverMemoryCeiling(event) {
                stoppedAt = .memory
                break
            }
            nowMicros = time
            events += 1
            // Often enough for a line that moves, rarely enough to cost nothing.
            if let progress, events % RunProgress.eventsPerUpdate == 0 { progress.update(events: events, nowMicros: nowMicros) }
            handle(event)
            if invariants != nil { try checkInvariants() }
            if isQuiescent {
                quiesced = true
                break
            }
        }
        progress?.update(events: events, nowMicros: nowMicros)
        return result(quiesced: quiesced, stoppedAt: stoppedAt, wallSeconds: (ContinuousClock.now - started) / .seconds(1))
    }

    /// Events between two readings of resident memory under `--max-memory`:
    /// a reading costs a few microseconds, and an event rarely allocates
    /// more than a few KiB, so 1,024 events cannot overshoot by much.
    static let memoryCheckEvents = 1_024

    /// Under `--max-memory`, whether the process holds more than the
    /// ceiling, read every ``memoryCheckEvents`` events and before each
    /// import batch (one batch may allocate a thousand records).
    private func isOverMemoryCeiling(_ next: Event) -> Bool {
        guard let ceiling = scenario.maxMemoryBytes else { return false }
        let batch = if case .importBatch = next { true } else { false }
        guard batch || events % Self.memoryCheckEvents == 0, let resident = ResidentMemory.bytes() else { return false }
        return resident > ceiling
    }

    /// Nothing scheduled or possible can change any device's state. Sync
    /// ticks stay scheduled for ever, so they do not count: a tick only
    /// changes something if the engine has an exchange or a retry to run.
    /// Nor do messages in flight that bring their receiver nothing new: a
    /// request (its reply is computed on arrival, and between settled
    /// devices offers nothing the requester lacks; with messages slower
    /// than a round some request is always in flight), a copy of what the
    /// receiver already holds, or a message that will be lost (an end
    /// crashed since it was sent, or a partition stands between).
    var isQuiescent: Bool {
        guard pendingSteps == 0, pendingFaults == 0, pendingPasses == 0, pendingWakeUps == 0, pendingWriterSteps == 0,
              engine.isSettled(nodes: nodes), !marksAwaitSync else { return false }
        guard inFlightWithChanges > 0 else { return true }
        return !queue.scheduledEvents.contains { event in
            guard case .deliver(let envelope, let senderGeneration, let receiverGeneration) = event else { return false }
            let receiver = envelope.to.index
            return senderGeneration == generation[envelope.from.index] && receiverGeneration == generation[receiver]
                && !down[receiver] && network.connected(envelope.from, envelope.to)
                && engine.carriesNews(envelope.message, to: envelope.to)
        }
    }

    /// Some running, syncing device holds marked losers that its next
    /// successful export and import will make due (`dedupe:deferred`), and
    /// those events can still come: an import at its next sync round; an
    /// export only with something to export (the mark, or any change not yet
    /// saved elsewhere). A device whose export is older than the mark with
    /// nothing left to send waits for a local change that may never come:
    /// as in the sample, its marked losers stay (hidden) until then.
    var marksAwaitSync: Bool {
        nodes.indices.contains { index in
            let context = nodes[index].context
            guard let since = context.marksAwaitingSyncSinceMicros, !down[index], !syncOff[index] else { return false }
            return (context.lastExportMicros ?? .min) > since || engine.unsyncedChanges(of: ReplicaID(index)) > 0
        }
    }

    private mutating func handle(_ event: Event) {
        switch event {
        case .step(let index):
            pendingSteps -= 1
            switch scenario.steps[index].action {
            case .importInBatches(let replica, let plan): startImport(step: index, on: replica, plan: plan)
            case .randomInWindows: drawRandomWindow(step: index, window: 0)
            case let action: perform(action)
            }
        case .importBatch(let step, let cursor, let batchGeneration):
            importBatchDue(step: step, cursor: cursor, generation: batchGeneration)
        case .randomWindow(let step, let window):
            pendingSteps -= 1
            drawRandomWindow(step: step, window: window)
        case .drawnIntent(let replica, let intent):
            pendingSteps -= 1
            perform(.intent(replica, intent))
        case .syncTick(let replica):
            syncTick(replica)
        case .deliver(let envelope, let senderGeneration, let receiverGeneration):
            inFlight -= 1
            if envelope.message.carriesChanges { inFlightWithChanges -= 1 }
            deliver(envelope, senderGeneration: senderGeneration, receiverGeneration: receiverGeneration)
        case .dedupePass(let replica, let passGeneration):
            guard passGeneration == generation[replica.index] else { return }
            passScheduled[replica.index] = false
            pendingPasses -= 1
            let changes = nodes[replica.index].runDedupePass(atMicros: nowMicros)
            if !changes.isEmpty { committed(changes, on: replica, as: .dedupePass) }
            if let due = nodes[replica.index].context.nextPassDueMicros { scheduleWakeUp(on: replica, atMicros: due) }
            observe(replica)
        case .passWakeUp(let replica, let wakeUpGeneration):
            guard wakeUpGeneration == generation[replica.index] else { return }
            wakeUpScheduled[replica.index] = false
            pendingWakeUps -= 1
            scheduleDedupePass(on: replica)
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

    mutating func perform(_ action: StepAction) {
        switch action {
        case .partition(let groups):
            network.partition(groups)
            recordFault(.partition, groups.map { $0.map(name).joined(separator: ",") }.joined(separator: " | "))
        case .cut(let from, let to):
            network.cut(from: from, to: to)
            recordFault(.cut, from.map(name).joined(separator: ",") + " -> " + to.map(name).joined(separator: ","))
        case .heal:
            // Healing a whole network changes nothing, so it does not move
            // the start of convergence (an idle tail changes no outcome).
            if network.isPartitioned { observer.healedOrRestarted(atMicros: nowMicros) }
            network.heal()
            recordFault(.heal, "")
        case .intent(let replica, let intent):
            guard !down[replica.index] else {
                // The app is not running: nothing is saved or acknowledged.
                intentsWhileDown += 1
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
        case .enableSync(let replica):
            enableSync(replica)
        case .upgrade(let replica, let version):
            upgrade(replica, to: version)
        case .nemesis(let settings):
            pendingFaults += 1
            queue.schedule(.nemesisTick(settings), atMicros: nowMicros)
        }
    }

    func name(_ replica: ReplicaID) -> String { scenario.replicaNames[replica.index] }

    mutating func recordFault(_ kind: FaultEvent.Kind, _ detail: String) {
        observer.fault(kind, detail, atMicros: nowMicros)
    }

    /// A device's app committed changes locally: the engine takes them.
    mutating func committed(_ changes: [Record], on replica: ReplicaID, as kind: Timeline.Kind = .save) {
        timeline.record(kind, lane: replica, count: changes.count, atMicros: nowMicros)
        // With `syncOffSaves: "neverUploaded"` the engine never learns of a
        // save made with sync off; a later change to the record is sent.
        if syncOff[replica.index] && scenario.syncOffSaves == .neverUploaded {
            neverUploaded[replica.index].formUnion(changes.map(\.id))
            return
        }
        carryOut(engine.committed(changes, on: replica, nodes: &nodes, atMicros: nowMicros))
    }

    private mutating func syncTick(_ replica: ReplicaID) {
        let settings = scenario.sync
        let jitter = syncRandom[replica.index].next(in: -settings.jitterMicros ... settings.jitterMicros)
        queue.schedule(.syncTick(replica), atMicros: nowMicros + settings.intervalMicros + jitter)
        guard !down[replica.index], !syncOff[replica.index] else { return }
        carryOut(engine.syncTick(replica, nodes: &nodes, random: &syncRandom[replica.index], atMicros: nowMicros))
        observe(replica)
    }

    private mutating func deliver(_ envelope: Envelope, senderGeneration: Int, receiverGeneration: Int) {
        let receiver = envelope.to
        // Lost with a crash of either end since it was sent, or to a partition.
        let endsUp = senderGeneration == generation[envelope.from.index] && receiverGeneration == generation[receiver.index]
            && !down[receiver.index]
        if !endsUp { network.lose() }
        let arrived = endsUp && network.arrive(from: envelope.from, to: receiver)
        if envelope.message.carriesChanges {
            timeline.record(arrived ? .receive : .lost, lane: receiver, peer: envelope.from, atMicros: nowMicros)
        }
        guard arrived else { return }
        carryOut(engine.receive(envelope, nodes: &nodes, atMicros: nowMicros))
        if receiver.index < nodes.count { observe(receiver) }
    }

    /// Does what the engine asked, in order.
    private mutating func carryOut(_ actions: [EngineAction]) {
        for action in actions {
            switch action {
            case .send(let message, let from, let to):
                send(message, from: from, to: to)
            case .conflicted(let replica, let count):
                timeline.record(.conflict, lane: replica, count: count, atMicros: nowMicros)
            case .appliedRemote(let replica):
                if scenario.deleteRulesOnImport { applyDeleteRulesAfterImport(on: replica) }
                if strategy.runsDedupePass { scheduleDedupePass(on: replica) }
            case .exported(let replica):
                syncSucceeded(on: replica, exported: true)
            case .imported(let replica):
                syncSucceeded(on: replica, exported: false)
            }
        }
    }

    /// The app hears that an export or import succeeded (the sample's
    /// `eventChangedNotification`); a loser marked before both events is
    /// now due, so a pass runs.
    private mutating func syncSucceeded(on replica: ReplicaID, exported: Bool) {
        if nodes[replica.index].syncSucceeded(exported: exported, atMicros: nowMicros) { scheduleDedupePass(on: replica) }
    }

    /// With `deleteRulesOnImport`, the device's app applies the delete rules
    /// to what the import left pointing at a deleted record, at once, as a
    /// save of its own that syncs. App code: devices only, as the pass.
    private mutating func applyDeleteRulesAfterImport(on replica: ReplicaID) {
        guard runsAppCode(replica) else { return }
        let changes = nodes[replica.index].applyDeleteRulesAfterImport(atMicros: nowMicros)
        guard !changes.isEmpty else { return }
        observer.deletedByRules(changes, store: nodes[replica.index].store)
        committed(changes, on: replica)
    }

    /// App code (the dedupe pass, delete rules on import) runs on devices.
    /// A peer hub is your own server: it runs the app's code only when the
    /// scenario says so (`hubRunsAppCode`); CloudKit's server never does,
    /// and is no node.
    private func runsAppCode(_ replica: ReplicaID) -> Bool {
        replica != scenario.hub || scenario.hubRunsAppCode
    }

    mutating func scheduleDedupePass(on replica: ReplicaID) {
        guard runsAppCode(replica) else { return }
        guard !passScheduled[replica.index] else { return }
        passScheduled[replica.index] = true
        pendingPasses += 1
        queue.schedule(.dedupePass(replica, generation: generation[replica.index]), atMicros: nowMicros + scenario.dedupeDelayMicros)
    }

    /// Makes the device run a pass at `due` (not before its next one is
    /// due anyway): when a loser it marked may be deleted. One wake-up per
    /// device at a time; the pass it starts asks for the next.
    mutating func scheduleWakeUp(on replica: ReplicaID, atMicros due: Int64) {
        guard !wakeUpScheduled[replica.index] else { return }
        wakeUpScheduled[replica.index] = true
        pendingWakeUps += 1
        queue.schedule(.passWakeUp(replica, generation: generation[replica.index]), atMicros: max(due, nowMicros))
    }

    private mutating func send(_ message: any EngineMessage, from: ReplicaID, to: ReplicaID) {
        // An app with sync off has no sync engine running: nothing leaves
        // it and nothing is sent to it (a peer is simply not there).
        guard !syncOff[from.index], !syncOff[to.index] else { return }
        if message.carriesChanges { timeline.record(.send, lane: from, peer: to, atMicros: nowMicros) }
        let deliveries = network.send(from: from, to: to, sizeBytes: message.sizeBytes, atMicros: nowMicros)
        for time in deliveries {
            inFlight += 1
            if message.carriesChanges { inFlightWithChanges += 1 }
            let event = Event.deliver(Envelope(from: from, to: to, message: message),
                                      senderGeneration: generation[from.index], receiverGeneration: generation[to.index])
            queue.schedule(event, atMicros: time)
        }
    }

    /// Lets the observer see the device's store if it changed.
    mutating func observe(_ replica: ReplicaID) {
        observer.observe(nodes[replica.index], atMicros: nowMicros)
    }

    /// True when no link drops every message: the liveness promise applies.
    var networkAlive: Bool {
        !scenario.network.dropProbability.isCertain && !scenario.links.values.contains { $0.dropProbability.isCertain }
    }

    /// The devices and records the liveness promise is owed to, and
    /// whether those devices agree at the end (``LivenessScope``).
    private func livenessScope() -> (scope: LivenessScope, agree: Bool) {
        let judged = nodes.indices.filter { !syncOff[$0] }
        var leftOut = Set<RecordID>()
        for index in judged { leftOut.formUnion(neverUploaded[index]) }
        let scope = LivenessScope(
            judged: judged.map { scenario.replicaNames[$0] },
            neverSynced: nodes.indices.filter { syncOff[$0] }.map { scenario.replicaNames[$0] },
            neverUploaded: judged.filter { !neverUploaded[$0].isEmpty }
                .map { LivenessScope.NeverUploaded(device: scenario.replicaNames[$0], records: neverUploaded[$0].count) })
        guard !scope.isWhole else { return (scope, observer.convergence.allAgree) }
        let filter = strategy.fetchFilter
        let agree = LivenessScope.agree(digests: judged.map { observer.convergence.digest(of: $0) },
                                        stores: judged.map { nodes[$0].store }, leftOut: leftOut.sorted()) { record, store in
            !(filter?.hides(record, schema: store.schema) ?? false)
        }
        return (scope, agree)
    }

    private mutating func result(quiesced: Bool, stoppedAt: RunResult.Stop?, wallSeconds: Double) -> RunResult {
        observer.close(quiesced: quiesced, atMicros: nowMicros)
        let stores = nodes.map(\.store)
        let (lost, resurrected) = FinalCheck.writes(truth: observer.truth, stores: stores, filter: strategy.fetchFilter)
        let (dangling, links) = FinalCheck.links(stores: stores, schema: scenario.schema)
        let convergence = observer.convergence
        let convergenceMicros = convergence.allAgree
            ? max(0, (convergence.agreeingSinceMicros ?? nowMicros) - observer.lastHealOrWriteMicros)
            : nil
        let figures = engine.figures(nodes: nodes)
        let duplicates = observer.duplicates
        let scoped = livenessScope()
        var result = RunResult(
            strategy: strategy.name,
            duplicates: .init(final: duplicates.worst, peak: duplicates.peak, integralMicros: duplicates.integralMicros),
            markedLosers: .init(final: observer.marked?.worst ?? 0, peak: observer.marked?.peak ?? 0),
            diverged: convergence.diverged,
            convergenceMicros: convergenceMicros,
            rejected: .init(
                localSaves: nodes.reduce(0) { $0 + $1.counters.rejectedLocalSaves },
                changeSets: nodes.reduce(0) { $0 + $1.counters.rejectedChangeSets },
                blocked: figures.blocked),
            lostWrites: lost,
            resurrected: resurrected,
            copiesLost: observer.copies?.moments ?? 0,
            dangling: dangling,
            pendingLinksPeak: observer.pendingLinks?.peak ?? 0,
            storeOpenFailures: storeFailed.count { $0 },
            lostOnReset: lostOnReset,
            links: links,
            network: network.counters,
            missedChanges: nodes.reduce(0) { $0 + $1.counters.missedChanges },
            missedIntents: nodes.reduce(0) { $0 + $1.counters.missedIntents },
            changeSets: figures.changeSets,
            conflicts: figures.conflicts,
            serverDuplicates: figures.serverDuplicates,
            intentsWhileDown: intentsWhileDown,
            race: race,
            series: observer.series,
            faults: observer.faults,
            timeline: timeline,
            quiesced: quiesced,
            stoppedAt: stoppedAt,
            // A CRDT merges whatever the engine's conflict policy says.
            liveness: Liveness.verdict(promised: strategy.promisesConvergence
                                           && (strategy.syncsRecordsAsCRDTs || scenario.engine.keepsConvergencePromise),
                                       stoppedEarly: stoppedAt != nil,
                                       faultsOver: !network.isPartitioned && !down.contains(true),
                                       networkAlive: networkAlive, quiesced: quiesced, converged: scoped.agree),
            livenessScope: scoped.scope,
            invariantChecks: (invariants?.checks ?? 0) + engine.invariantChecks,
            endMicros: nowMicros,
            events: events,
            wallSeconds: wallSeconds)
        let engine = self.engine
        result.finalValues = FinalCheck.values(scenario.watchedFields, stores: stores, filter: strategy.fetchFilter,
                                               server: scenario.server == nil ? nil : { engine.serverLiveRecords(holding: $0) })
        return result
    }
}
