import SyncModel
import SyncSimulation
import SyncStore

/// `simulate race`: W real writer threads create the same natural key at
/// once, T times, per strategy and W; how often a duplicate is left, and
/// how many. Threads decide the interleaving, so figures vary from run to
/// run: the report says so and gives the trial count.
public enum RaceExperiment {
    /// One strategy at one writer count.
    public struct Measurement: Sendable {
        /// The strategy's name.
        public let strategy: String
        /// Writer threads per trial (W).
        public let writers: Int
        /// Trials run (T).
        public let trials: Int
        /// Trials that ended with at least one duplicate.
        public let trialsWithDuplicate: Int
        /// Duplicates left, over every trial.
        public let duplicates: Int
        /// Writers whose first save failed and who fetched again, over every trial.
        public let retriedSaves: Int

        /// The share of trials that left a duplicate, from 0 to 1.
        public var duplicateShare: Double { Double(trialsWithDuplicate) / Double(trials) }
        /// Duplicates left per trial, on average.
        public var meanDuplicates: Double { Double(duplicates) / Double(trials) }
    }

    /// The key every writer creates.
    static let intent = Intent.save([
        Row(entity: EntityIndex(0), writes: [
            FieldWrite(field: 0, value: .string("elena@example.com")),
            FieldWrite(field: 1, value: .string("Elena")),
        ]),
    ])

    /// Runs `trials` trials of each writer count under each strategy, each on a fresh replica; `progress` hears each
    /// pair as it starts.
    public static func run(strategies: [any Strategy], writerCounts: [Int], trials: Int, schedule: ConcurrentWriters.Schedule,
                           progress: (String) -> Void = { _ in }) -> [Measurement] {
        precondition(trials >= 1 && writerCounts.allSatisfy { $0 >= 1 }, "bad race settings")
        var rows: [Measurement] = []
        for strategy in strategies {
            for writers in writerCounts {
                progress("\(strategy.name), \(writers) writers")
                var withDuplicate = 0
                var duplicates = 0
                var retried = 0
                for trial in 0 ..< trials {
                    let state = SharedReplicaState(freshContext(strategy: strategy, trial: trial))
                    let results = ConcurrentWriters.run(intent, writers: writers, strategy: strategy, state: state, schedule: schedule)
                    let left = state.take().store.duplicateCount
                    duplicates += left
                    if left > 0 { withDuplicate += 1 }
                    retried += results.filter(\.retried).count
                }
                rows.append(Measurement(strategy: strategy.name, writers: writers, trials: trials,
                                trialsWithDuplicate: withDuplicate, duplicates: duplicates, retriedSaves: retried))
            }
        }
        return rows
    }

    /// An empty replica with the default scenario's `User` schema.
    static func freshContext(strategy: any Strategy, trial: Int) -> StrategyContext {
        let replica = ReplicaID(0)
        return StrategyContext(
            replica: replica,
            store: MemoryStore(schema: Schema.users, enforcesUniqueness: strategy.enforcesUniqueness),
            clock: ReplicaClock(kind: strategy.clockKind, replica: replica),
            ids: Xoshiro256StarStar(seed: UInt64(trial), stream: "race"))
    }
}
