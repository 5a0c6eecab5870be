import SyncStore
import SyncStoreSQLite

extension StoreBenchmark {
    /// Everything one benchmark run measured, and the figures derived from it.
    public struct Result: Sendable {
        /// Users created, then updated (N).
        public let records: Int
        /// Receiving replicas (R).
        public let replicas: Int
        /// Records per change set and per SQLite transaction.
        public let batch: Int
        /// Timed runs of the memory store and of the dictionary.
        public let trials: Int
        /// Whether this was a debug or a release build.
        public let build: BuildConfiguration
        /// The machine the benchmark ran on.
        public let machine: MachineDescription
        /// The fastest trial of all R nodes applying every change set.
        public let memoryStoreSeconds: Double
        /// The fastest trial of the same merges into R dictionaries.
        public let dictionarySeconds: Double
        /// SQLite on in-memory databases.
        public let sqliteMemory: SQLiteBenchmark.Result
        /// SQLite on database files.
        public let sqliteFiles: SQLiteBenchmark.Result
        /// Memory in use before the first trial's stores were made, and
        /// after they were filled, still alive (``memorySource`` says whose figure).
        public let bytesInUseBefore: Int
        /// See ``bytesInUseBefore``.
        public let bytesInUseAfter: Int
        /// Whose figure the bytes in use are: the allocator's, or the peak resident set size.
        public let memorySource: MemorySource
        /// The process's peak resident set size at the end, in bytes.
        public let peakRSSBytes: Int

        /// Record applications in one trial, over every replica: 2·N·R.
        public var applications: Int { 2 * records * replicas }

        /// Record applications per second into the memory stores, over every replica.
        public var memoryStoreRecordsPerSecond: Double { Double(applications) / Self.measurable(memoryStoreSeconds) }
        /// Record applications per second into the dictionaries, over every replica.
        public var dictionaryRecordsPerSecond: Double { Double(applications) / Self.measurable(dictionarySeconds) }

        /// SQLite record writes per second: ``SQLiteBenchmark/Result/records``
        /// (N creates and N updates) over each loop's seconds.
        public var sqliteMemoryStoreRecordsPerSecond: Double { Double(sqliteMemory.records) / Self.measurable(sqliteMemory.storeSeconds) }
        /// The bare upsert loop's record writes per second, in memory.
        public var sqliteMemoryRawRecordsPerSecond: Double { Double(sqliteMemory.records) / Self.measurable(sqliteMemory.rawSeconds) }
        /// SQLiteStore's record writes per second, on database files.
        public var sqliteFileStoreRecordsPerSecond: Double { Double(sqliteFiles.records) / Self.measurable(sqliteFiles.storeSeconds) }
        /// The bare upsert loop's record writes per second, on database files.
        public var sqliteFileRawRecordsPerSecond: Double { Double(sqliteFiles.records) / Self.measurable(sqliteFiles.rawSeconds) }

        /// At least a nanosecond, the clock's resolution: a tiny workload on
        /// a fast machine must not give an infinite rate.
        static func measurable(_ seconds: Double) -> Double { Swift.max(seconds, 1e-9) }

        /// The memory store's rate over the dictionary's: 1 is as fast,
        /// 0.25 a quarter as fast.
        public var memoryVsDictionary: Double { memoryStoreRecordsPerSecond / dictionaryRecordsPerSecond }
        /// SQLiteStore's seconds over the bare loop's, in memory: 1 is as
        /// fast, 2 twice as slow.
        public var sqliteMemoryVsRaw: Double { Self.measurable(sqliteMemory.storeSeconds) / Self.measurable(sqliteMemory.rawSeconds) }
        /// The same, on database files.
        public var sqliteFileVsRaw: Double { Self.measurable(sqliteFiles.storeSeconds) / Self.measurable(sqliteFiles.rawSeconds) }

        /// What one record costs one memory store: the bytes the filled
        /// stores added, over N·R. Strings and arrays a store shares with
        /// the change sets it applied (as every replica of a run shares
        /// them) are counted once, in the change sets, not here.
        public var bytesPerRecordPerReplica: Double {
            Double(bytesInUseAfter - bytesInUseBefore) / Double(records * replicas)
        }

        /// Issue 16's targets, each with the figure measured.
        public var targets: [BenchmarkTarget] {
            [
                BenchmarkTarget(figure: "memoryVsDictionary", label: "memory store rate ÷ Dictionary rate",
                                bound: .atLeast(0.25), value: memoryVsDictionary, decimals: 3),
                BenchmarkTarget(figure: "bytesPerRecordPerReplica", label: "memory store bytes per record per replica",
                                bound: .atMost(250), value: bytesPerRecordPerReplica, decimals: 1),
                BenchmarkTarget(figure: "sqliteMemoryVsRaw", label: "SQLite in memory: store time ÷ raw time",
                                bound: .atMost(1.5), value: sqliteMemoryVsRaw, decimals: 3),
                BenchmarkTarget(figure: "sqliteFileVsRaw", label: "SQLite files: store time ÷ raw time",
                                bound: .atMost(1.5), value: sqliteFileVsRaw, decimals: 3),
            ]
        }
    }
}

/// A figure the store work aims for (issue 16), and whether it was met.
public struct BenchmarkTarget: Hashable, Sendable {
    /// Which side of its limit a figure must fall on; the limit itself is met.
    public enum Bound: Hashable, Sendable {
        case atLeast(Double)
        case atMost(Double)
    }

    /// The figure's JSON key, such as `memoryVsDictionary`.
    public let figure: String
    /// What the figure is, for people.
    public let label: String
    /// The limit the figure must reach.
    public let bound: Bound
    /// The figure measured.
    public let value: Double
    /// Decimals worth printing for people: a ratio's 3, bytes' 1.
    public let decimals: Int

    /// A target and the figure measured for it.
    public init(figure: String, label: String, bound: Bound, value: Double, decimals: Int) {
        self.figure = figure
        self.label = label
        self.bound = bound
        self.value = value
        self.decimals = decimals
    }

    /// Whether ``value`` is on the right side of ``bound``'s limit, the limit included.
    public var isMet: Bool {
        switch bound {
        case .atLeast(let limit): return value >= limit
        case .atMost(let limit): return value <= limit
        }
    }
}
