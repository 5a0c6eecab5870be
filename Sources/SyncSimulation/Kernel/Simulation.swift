import SyncModel
import SyncStore

/// Runs one scenario under one strategy, single-threaded in virtual time,
/// and measures the outcome. Same scenario, strategy and seed: the same
/// result, byte for byte, in any process. Its `wallSeconds` is 0: wall
/// time is the caller's to measure (``Comparison`` does, given a
/// ``WallClock``).
///
/// The kernel keeps the clock and the ``Agenda`` of events `(time,
/// sequence)`, and hands each event to the component that owns it: each
/// device's app and store is a ``ReplicaNode`` and its life a
/// ``DeviceState``; how changes travel is the ``SyncEngine``; the
/// ``Network`` decides the fate of every message; the ``FaultInjector``
/// runs the nemesis; the ``WriterScheduler`` runs application writers; a
/// ``RunObserver`` records what the checker needs and the result is
/// assembled from it (`Simulation+Result`).
///
/// The run ends when it is quiescent, or at the scenario's time limit.
/// Quiescent is structural, never a guess from elapsed time
/// (`Simulation+Quiescence`). While devices that hold different knowledge
/// cannot reach each other, the run goes on to `until` and reports
/// `quiesced: false`.
public struct Simulation {
    /// What a run was asked to be: fixed for its whole length.
    struct Setup {
        let strategy: any Strategy
        let seed: UInt64
        let concurrency: WriterConcurrency
        let storeKind: StoreKind
        let checksInvariants: Bool
    }

    /// The scenario being run.
    public let scenario: Scenario
    let setup: Setup
    /// Every device's app and store: after ``run()``, what each device ended
    /// with (a program of its own may read them; only the kernel writes).
    public internal(set) var nodes: [ReplicaNode]
    var devices: Devices
    var engine: any SyncEngine
    var network: Network
    var observer: RunObserver
    var faults: FaultInjector
    var writers: WriterScheduler
    var agenda = Agenda()
    var nowMicros: Int64 = 0
    var invariants: InvariantChecker?
    /// Steps still to run that may wipe a device (a reinstall, or an
    /// upgrade whose migration may reset the store). At 0 the engine is
    /// told, and may forget what every device applied.
    var wipeStepsLeft: Int

    /// The strategy every device's app uses.
    public var strategy: any Strategy { setup.strategy }
    /// The seed every component's random stream derives from.
    public var seed: UInt64 { setup.seed }
    /// How the application writers of `writers` steps run.
    public var concurrency: WriterConcurrency { setup.concurrency }
    /// Where the devices keep their records.
    public var storeKind: StoreKind { setup.storeKind }
    /// Whether ``InvariantChecker`` checks the run's state after every event.
    public var checksInvariants: Bool { setup.checksInvariants }
    /// Events handled so far.
    var events: Int { agenda.handedOut }

    /// Opens every device's store; only a SQLite store can fail to open.
    public init(scenario: Scenario, strategy: any Strategy, seed: UInt64, concurrency: WriterConcurrency = .deterministic,
                store storeKind: StoreKind = .memory, checksInvariants: Bool = InvariantChecker.enabledByDefault) throws(StoreError) {
        // The workload is drawn from the run's seed over the file's schema;
        // then stores, engine and checker all see the strategy's store schema.
        var scenario = scenario.drawingWorkload(seed: seed)
        scenario.schema = strategy.storeSchema(for: scenario.schema)
        self.scenario = scenario
        setup = Setup(strategy: strategy, seed: seed, concurrency: concurrency, storeKind: storeKind, checksInvariants: checksInvariants)
        // Devices get a node each; every endpoint (the devices and the
        // engine's server, if any) is a network address.
        let count = scenario.replicaCount
        observer = RunObserver(scenario: scenario, tracksCopies: strategy.runsDedupePass, fetchFilter: strategy.fetchFilter, checked: checksInvariants)
        var nodes: [ReplicaNode] = []
        var states: [DeviceState] = []
        for index in 0 ..< count {
            let replica = ReplicaID(index)
            // A device on an app version without the keys has no constraints.
            var app = AppSettings(scenario: scenario)
            app.declaresUniqueKeys = scenario.startsDeclaringUniqueKeys(replica)
            var (store, label) = try storeKind.open(schema: scenario.schema,
                                                    enforcesUniqueness: strategy.enforcesUniqueness && app.declaresUniqueKeys,
                                                    label: Self.storeLabel(scenario: scenario, seed: seed, strategy: strategy, replica: replica))
            // The observer's trackers read only what commits touched.
            if observer.readsJournals { store.startJournal() }
            nodes.append(ReplicaNode(id: replica, strategy: strategy, store: store, clock: scenario.clocks[index], seed: seed, app: app))
            states.append(DeviceState(syncOff: scenario.syncOff.contains(replica), storeLabel: label,
                                      syncRandom: Xoshiro256StarStar(seed: seed, stream: "sync.\(replica)"),
                                      app: AppRules(scenario: scenario, strategy: strategy, device: replica)))
        }
        self.nodes = nodes
        devices = Devices(states, endpointCount: scenario.endpointCount)
        engine = scenario.engine.makeEngine(scenario: scenario, checksInvariants: checksInvariants)
        for device in scenario.syncOff { engine.setSyncEnabled(false, on: device) }
        network = Network(settings: scenario.network, replicaCount: scenario.endpointCount,
                          random: Xoshiro256StarStar(seed: seed, stream: "network"))
        for link in scenario.links.keys.sorted(by: { ($0.from, $0.to) < ($1.from, $1.to) }) {
            network.setSettings(scenario.links[link]!, for: link)
        }
        faults = FaultInjector(seed: seed)
        writers = WriterScheduler(seed: seed, latencyMicros: scenario.writerLatencyMicros)
        invariants = checksInvariants ? InvariantChecker(replicaCount: count) : nil
        wipeStepsLeft = scenario.steps.count { $0.action.mayWipe(versions: scenario.versions) }
        if wipeStepsLeft == 0 { engine.wipesAreOver() }
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
        for (index, step) in scenario.steps.enumerated() {
            agenda.schedule(.step(index), atMicros: step.atMicros)
        }
        for index in nodes.indices {
            let first = devices[ReplicaID(index)].syncRandom.next(in: 0 ... scenario.sync.intervalMicros - 1)
            agenda.schedule(.syncTick(ReplicaID(index)), atMicros: first)
        }

        var quiesced = false
        var stoppedAt: RunResult.Stop?
        let progress = RunProgress.current
        progress?.started(untilMicros: scenario.untilMicros)
        while let (time, next) = agenda.popNext() {
            if time > scenario.untilMicros {
                nowMicros = scenario.untilMicros
                break
            }
            if let limit = scenario.maxEvents, events >= limit {
                stoppedAt = .events
                break
            }
            if isOverMemoryCeiling(next) {
                stoppedAt = .memory
                break
            }
            agenda.countHandled()
            nowMicros = time
            // Often enough for a line that moves, rarely enough to cost nothing.
            if let progress, events % RunProgress.eventsPerUpdate == 0 { progress.update(events: events, nowMicros: nowMicros) }
            handle(next)
            if invariants != nil { try checkInvariants() }
            if isQuiescent {
                quiesced = true
                break
            }
        }
        progress?.update(events: events, nowMicros: nowMicros)
        return result(quiesced: quiesced, stoppedAt: stoppedAt, wallSeconds: 0)
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

    func name(_ replica: ReplicaID) -> String { scenario.replicaNames[replica.index] }
}
