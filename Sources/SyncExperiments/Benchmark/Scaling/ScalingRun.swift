import SyncSimulation

/// One run of the scaling benchmark: one strategy on ``ScalingScenario``,
/// its CPU seconds, and what its replicas applied remotely
/// (``RemoteApplyMeter``).
public struct ScalingRun: Hashable, Sendable {
    /// Keys each device imports.
    public let keys: Int
    /// Devices.
    public let replicas: Int
    /// The strategy every device ran.
    public let strategy: String
    /// CPU seconds of the whole run, user and system: making the
    /// simulation, running it, and its final check.
    public let cpuSeconds: Double
    /// Record applications: records in the change sets handed to
    /// `applyRemote`, over every replica, applied or refused (a refused
    /// change set, which a unique constraint may leave pending for good,
    /// is work through the same path; it counts each time it is offered).
    public let applications: Int
    /// Seconds inside `applyRemote` (monotonic clock), refused change sets
    /// included; nil when the run did not time them.
    public let applySeconds: Double?

    /// A run as measured.
    public init(keys: Int, replicas: Int, strategy: String, cpuSeconds: Double, applications: Int, applySeconds: Double?) {
        self.keys = keys
        self.replicas = replicas
        self.strategy = strategy
        self.cpuSeconds = cpuSeconds
        self.applications = applications
        self.applySeconds = applySeconds
    }

    /// CPU microseconds of the run per record application: the whole
    /// run's cost spread over its remote applies. Infinite without one.
    public var perApplicationMicros: Double {
        applications > 0 ? cpuSeconds * 1e6 / Double(applications) : .infinity
    }

    /// Record applications per second of time inside `applyRemote`; nil when not timed.
    /// For `crdt`, which refuses nothing, every one is a record applied.
    public var applyRecordsPerSecond: Double? {
        applySeconds.map { Double(applications) / max($0, 1e-9) }
    }

    /// Runs `strategy` on `keys` keys and `replicas` devices with `seed`,
    /// and measures it; `clock` times every remote apply as well.
    static func measure(keys: Int, replicas: Int, strategy name: String, seed: UInt64,
                        clock: RemoteApplyMeter.NanosecondClock? = nil) -> ScalingRun {
        let scenario = ScalingScenario.make(keys: keys, replicas: replicas, seed: seed)
        let strategy = StrategyCatalog.strategy(named: name)!
        let meter = RemoteApplyMeter(clock: clock)
        let before = ProcessClocks.cpuSeconds()
        _ = meter.measuring { Simulation.run(scenario: scenario, strategy: strategy, seed: seed) }
        let cpuSeconds = ProcessClocks.cpuSeconds() - before
        let reading = meter.reading
        // Every device's import reaches every other: a run with two
        // replicas and two keys hands at least one record to applyRemote.
        precondition(reading.records + reading.refusedRecords > 0, "\(name) at \(keys) keys on \(replicas) replicas applied nothing remotely")
        return ScalingRun(keys: keys, replicas: replicas, strategy: name, cpuSeconds: cpuSeconds, applications: reading.records + reading.refusedRecords,
                          applySeconds: clock == nil ? nil : Double(reading.nanoseconds) / 1e9)
    }
}

/// One strategy's runs in both grids, and the figures fitted to them.
public struct StrategyScaling: Hashable, Sendable {
    /// The strategy, as typed.
    public let strategy: String
    /// Its runs at each key count, ascending, on 5 replicas.
    public let byKeys: [ScalingRun]
    /// Its runs at each replica count, ascending, on 100 keys.
    public let byReplicas: [ScalingRun]

    /// The runs of one strategy.
    public init(strategy: String, byKeys: [ScalingRun], byReplicas: [ScalingRun]) {
        precondition(byKeys.count >= 2 && byReplicas.count >= 2, "a slope needs two runs in each grid")
        self.strategy = strategy
        self.byKeys = byKeys
        self.byReplicas = byReplicas
    }

    /// How CPU grows with keys: the slope of log(CPU seconds) on log(keys); 1 is linear.
    public var keysSlope: Double {
        LogLogSlope.fit(byKeys.map { (Double($0.keys), $0.cpuSeconds) })
    }

    /// CPU µs per record application at the largest replica count.
    public var perApplicationMicros: Double { byReplicas.last!.perApplicationMicros }

    /// How the cost of one application grows with replicas: the slope of
    /// log(µs per application) on log(replicas); 0 is flat.
    public var replicasSlope: Double {
        LogLogSlope.fit(byReplicas.map { (Double($0.replicas), $0.perApplicationMicros) })
    }
}

/// The Dictionary loop of ``StoreBenchmark`` at the scaling benchmark's largest key count.
public struct DictionaryMeasurement: Hashable, Sendable {
    /// Users created, then updated.
    public let records: Int
    /// Replicas, each a dictionary.
    public let replicas: Int
    /// Records per change set.
    public let batch: Int
    /// Timed runs; ``seconds`` is the fastest.
    public let trials: Int
    /// Wall seconds of the fastest trial.
    public let seconds: Double

    /// Record applications per trial: 2·N·R.
    public var applications: Int { 2 * records * replicas }

    /// Record applications per second.
    public var recordsPerSecond: Double { Double(applications) / max(seconds, 1e-9) }
}
