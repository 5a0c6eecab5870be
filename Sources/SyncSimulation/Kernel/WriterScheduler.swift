import SyncModel

/// One application task of a `writers` step: seed 002's code, one store
/// operation per step — fetch by key, save; on a failed save, roll back and
/// fetch again, and use the record found.
struct WriterTask {
    enum Phase {
        case fetch
        case save(Fetched)
        case refetch
    }

    let replica: ReplicaID
    let intent: Intent
    /// The replica's generation when the task started: a crash ends it.
    let generation: Int
    var phase = Phase.fetch
}

/// The writer tasks of `writers` steps, the seeded random durations of
/// their steps, and the figures of the races they ran (``RunResult/Race``).
struct WriterScheduler {
    private(set) var tasks: [WriterTask] = []
    private var random: Xoshiro256StarStar
    /// Around how long one store operation of a writer takes.
    private let latencyMicros: Int64
    var race = RunResult.Race()

    init(seed: UInt64, latencyMicros: Int64) {
        random = Xoshiro256StarStar(seed: seed, stream: "writers")
        self.latencyMicros = latencyMicros
    }

    /// Adds a task and returns its number.
    mutating func add(_ task: WriterTask) -> Int {
        tasks.append(task)
        return tasks.count - 1
    }

    /// The task moves on to its next phase.
    mutating func setPhase(_ phase: WriterTask.Phase, ofTask index: Int) {
        tasks[index].phase = phase
    }

    /// How long the next step of a task takes: a seeded random time around
    /// the writer latency, so the tasks' steps interleave, reproducibly.
    mutating func nextStepMicros() -> Int64 {
        random.next(in: latencyMicros / 2 ... latencyMicros + latencyMicros / 2)
    }
}
