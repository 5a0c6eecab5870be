import SyncModel

/// How often replicas run anti-entropy, and with how many peers.
public struct SyncSettings: Hashable, Sendable {
    /// The time between a replica's sync rounds, in microseconds, before jitter.
    public var intervalMicros: Int64
    /// Each round starts up to this much earlier or later than the interval.
    public var jitterMicros: Int64
    /// Peers contacted per round: a bounded gossip fan-out, so a round costs
    /// O(replicas) messages, not O(replicas²).
    public var fanout: Int

    /// The time between sync rounds when none is set: 100 ms.
    public static let defaultIntervalMicros: Int64 = 100_000

    /// The jitter when none is set: 20 ms, or a fifth of a shorter interval.
    public static func defaultJitterMicros(intervalMicros: Int64) -> Int64 {
        min(20_000, intervalMicros / 5)
    }

    /// Settings of a round every `intervalMicros` (100 ms) with `fanout`
    /// peers (1), each round starting up to `jitterMicros` early or late
    /// (``defaultJitterMicros(intervalMicros:)``), as in a scenario file
    /// that sets no `sync`. The jitter must be less than the interval.
    public init(intervalMicros: Int64 = SyncSettings.defaultIntervalMicros, jitterMicros: Int64? = nil, fanout: Int = 1) {
        let jitterMicros = jitterMicros ?? Self.defaultJitterMicros(intervalMicros: intervalMicros)
        precondition(intervalMicros > 0 && jitterMicros >= 0 && jitterMicros < intervalMicros, "bad sync timing")
        precondition(fanout >= 1, "fan-out must be at least 1")
        self.intervalMicros = intervalMicros
        self.jitterMicros = jitterMicros
        self.fanout = fanout
    }
}

/// A complete, runnable experiment: who, what data, which faults, when.
/// Steps at one instant run in the order listed.
///
/// Devices and endpoints: every replica name is a network endpoint that
/// partitions, cuts and links may name. The first ``replicaCount`` are
/// devices (an app with a store, a clock and writers; what every metric
/// describes); an engine may add one more endpoint that is not a device,
/// CloudKit's `server`, always last (``server``).
public struct Scenario: Sendable {
    /// The scenario's name, as reports show it.
    public var name: String
    /// One sentence saying what the scenario does.
    public var description: String
    /// Every endpoint's name: the devices, then the engine's server if it
    /// has one (``useEngine(_:)`` appends it).
    public internal(set) var replicaNames: [String]
    /// The entities, fields and unique keys every device's app uses.
    public var schema: Schema
    /// Settings of every link without its own entry in `links`.
    public var network: NetworkSettings
    /// Directed links with settings of their own.
    public var links: [Network.Link: NetworkSettings] = [:]
    /// How often replicas sync, and with how many peers.
    public var sync: SyncSettings
    /// Who syncs with whom; a preset may set it.
    public var topology: Topology = .mesh
    /// How changes travel (default `peer`); set with ``useEngine(_:)``.
    public private(set) var engine: any EngineConfiguration = PeerEngineConfiguration()
    /// The stack it stands for, when it was chosen by preset (`preset:` or
    /// `--preset`), which set the engine and topology.
    public var preset: StackPreset?
    /// The readings of the preset's unknown behaviour it runs, each with
    /// its own engine: a comparison runs every strategy once per variant.
    /// Empty when there is none or the scenario's own settings chose one.
    public var variants: [ScenarioVariant] = []
    /// The variant this copy runs (``running(_:)``); nil for the scenario
    /// as written.
    public private(set) var variant: String?
    /// One physical clock per device.
    public var clocks: [PhysicalClock]
    /// The run ends here at the latest; if sync has not converged by then,
    /// the report says so.
    public var untilMicros: Int64
    /// The run stops after this many events even if sync has not finished
    /// (`--max-events`): a cap for exploring settings whose cost grows
    /// fast. A run it stops reports `stoppedAt: .events` and is not
    /// quiesced, so its figures read as partial, never as final.
    public var maxEvents: Int?
    /// The most resident memory, in bytes, the process may hold while the
    /// run goes (`--max-memory`), read every ``Simulation/memoryCheckEvents``
    /// events and after each import batch: a run past it stops as one
    /// past ``maxEvents`` does (``RunResult/Stop/memory``), with partial
    /// figures, rather than being killed by the system. Nil: no ceiling.
    public var maxMemoryBytes: Int?
    /// How long after remote changes are saved the dedupe pass runs.
    public var dedupeDelayMicros: Int64
    /// `deleteVsEdit` as the scenario set it; nil: the engine's default.
    public var deleteVsEditSetting: DeleteVsEdit?
    /// What an edit made without seeing a delete does to the record.
    public var deleteVsEdit: DeleteVsEdit { deleteVsEditSetting ?? engine.defaultDeleteVsEdit }
    /// How long `dedupe:deferred` keeps a marked loser before deleting it,
    /// with `dedupeDeferUntil: "time"`.
    public var dedupeDeferralMicros = AppSettings.defaultDedupeDeferralMicros
    /// When `dedupe:deferred` deletes a marked loser (``DedupeDeferUntil``).
    public var dedupeDeferUntil = DedupeDeferUntil.exportAndImport
    /// Whether a device's app applies delete rules to what an import leaves
    /// pointing at a deleted record (`deleteRulesOnImport`; no source says
    /// what NSPersistentCloudKitContainer does, so both are settings).
    public var deleteRulesOnImport = false
    /// Two new records of one key in one save, under a unique constraint.
    public var sameSaveDuplicates = SameSaveDuplicates.firstCreatedWins
    /// Whether the hub of a hub topology runs the app's code (its dedupe
    /// pass) as the devices do. Default false: a server stores and relays.
    public var hubRunsAppCode = false
    /// How long one step of a concurrent writer takes, on average: each
    /// step lasts a seeded random time from half of it to one and a half.
    public var writerLatencyMicros: Int64 = 1_000
    /// Resolution of the recorded duplicate series (coarsened as needed to
    /// stay within ``DuplicateSeries/maxBuckets``).
    public var seriesResolutionMicros: Int64 = 100_000
    /// Also record each replica's own duplicate series.
    public var seriesPerReplica = false
    /// Devices whose app starts with sync off (`syncOff`): they save
    /// locally and neither send nor receive until an ``StepAction/enableSync(_:)``
    /// step, ascending.
    public var syncOff: [ReplicaID] = []
    /// Whether what they saved meanwhile is uploaded when they turn sync on.
    public var syncOffSaves = SyncOffSaves.uploaded
    /// The app's versions, oldest first (`versions`); empty: one version,
    /// which declares the schema's unique keys.
    public var versions: [AppVersion] = []
    /// Per device, the index in ``versions`` of the version it starts on
    /// (`appVersion`; default the first). Empty when there are no versions.
    public var startingVersions: [Int] = []
    /// The scheduled steps, in the order listed; steps at one instant run in that order.
    public var steps: [Step] {
        // Steps changed by hand: their order is the order listed now.
        didSet { stepFileOrder = nil }
    }
    /// For steps read from a file and sorted by time: each step's place in
    /// the file, which orders what a run draws among steps at one instant
    /// (``drawingWorkload(seed:)``); nil: the order of ``steps``.
    package var stepFileOrder: [Int]?
    /// The (key, field) pairs whose final values a run keeps, on every
    /// endpoint, in order: what the file's value expectations read.
    public var watchedFields: [WatchedField] = []

    /// How long a run may last when a scenario sets no `until`: 60 s.
    public static let defaultUntilMicros: Int64 = 60_000_000

    /// A scenario with every other setting at its default, the engine `peer` and, without `clocks`, an exact clock per
    /// replica. Replica names must be unique and one at least.
    public init(
        name: String, description: String, replicaNames: [String], schema: Schema,
        network: NetworkSettings, sync: SyncSettings, clocks: [PhysicalClock]? = nil,
        untilMicros: Int64 = Scenario.defaultUntilMicros, dedupeDelayMicros: Int64 = 50_000, steps: [Step]
    ) {
        precondition(replicaNames.count >= 1, "a scenario needs a replica")
        precondition(Set(replicaNames).count == replicaNames.count, "replica names repeat")
        self.name = name
        self.description = description
        self.replicaNames = replicaNames
        self.schema = schema
        self.network = network
        self.sync = sync
        self.clocks = clocks ?? Array(repeating: PhysicalClock(), count: replicaNames.count)
        precondition(self.clocks.count == replicaNames.count, "one clock per replica")
        self.untilMicros = untilMicros
        self.dedupeDelayMicros = dedupeDelayMicros
        self.steps = steps
    }

    /// The devices: replicas with a store (a hub included), the first
    /// endpoints. The engine's server is not one.
    public var replicaCount: Int { replicaNames.count - (engine.serverName == nil ? 0 : 1) }

    /// Every network address: the devices and the engine's server.
    public var endpointCount: Int { replicaNames.count }

    /// The engine's server endpoint (CloudKit's), after the last device.
    public var server: ReplicaID? { engine.serverName == nil ? nil : ReplicaID(replicaCount) }

    /// The device names, without the engine's server.
    public var deviceNames: ArraySlice<String> { replicaNames.prefix(replicaCount) }

    /// Runs the scenario with `configuration`'s engine: the old engine's
    /// server endpoint goes, the new one's is appended. Steps naming the
    /// old server are the caller's problem (a scenario file names it only
    /// under the engine that has it).
    public mutating func useEngine(_ configuration: any EngineConfiguration) {
        if engine.serverName != nil { replicaNames.removeLast() }
        engine = configuration
        if let serverName = configuration.serverName {
            precondition(!replicaNames.contains(serverName), "'\(serverName)' is reserved for the engine's server")
            replicaNames.append(serverName)
        }
    }

    /// This scenario under `variant`'s engine, with no variants of its own.
    public func running(_ variant: ScenarioVariant) -> Scenario {
        var copy = self
        copy.useEngine(variant.engine)
        copy.variants = []
        copy.variant = variant.name
        return copy
    }

    /// Whether `replica`'s app declares the unique keys when the run starts.
    public func startsDeclaringUniqueKeys(_ replica: ReplicaID) -> Bool {
        versions.isEmpty || versions[startingVersions[replica.index]].declaresUniqueKeys
    }

    /// The hub of a hub topology: the replica named `hub`.
    public var hub: ReplicaID? {
        guard topology == .hub else { return nil }
        return replicaNames.firstIndex(of: "hub").map(ReplicaID.init)
    }
}
