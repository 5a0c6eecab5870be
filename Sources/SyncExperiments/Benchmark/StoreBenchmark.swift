import Foundation
import SyncModel
import SyncStore
import SyncStoreSQLite

/// `simulate benchmark`: how fast the stores apply remote changes, each
/// beside the practical limit it could reach, in one process and one run.
///
/// 1. The memory store: R ``ReplicaNode``s running `crdt` apply the same
///    N creates and N updates (``RemoteApplyWorkload``) through
///    `applyRemote`; beside it, the same merge over a plain `Dictionary`
///    per replica (``DictionaryBaseline``). Best of ``Settings/trials``
///    each.
/// 2. SQLite: ``SQLiteBenchmark`` (the store beside a bare upsert loop),
///    once on in-memory databases and once on database files. One run each.
/// 3. Memory: the allocator's bytes in use before the first trial's R
///    stores are filled and after, with them alive, per record and replica.
///
/// The workload is fixed; only the clock and the allocator vary between
/// runs. Each trial's result is checked (every store and every dictionary
/// ends with each user once, as created and updated) before it counts.
public enum StoreBenchmark {
    /// What to measure: the workload's size and how many times to time it.
    public struct Settings: Sendable {
        /// Users created, then updated (N).
        public var records: Int
        /// Receiving replicas (R).
        public var replicas: Int
        /// Records per change set and per SQLite transaction.
        public var batch: Int
        /// Timed runs of the memory store and of the dictionary; the fastest counts.
        public var trials: Int
        /// Where the SQLite files go: a fresh folder is made under it and
        /// removed afterwards. Nil: under the system's temporary folder.
        public var sqliteDirectory: String?

        /// Settings of N users and R replicas; by default N = 100 000, R = 5, batches of 100, best of 3 trials.
        public init(records: Int = 100_000, replicas: Int = 5, batch: Int = 100, trials: Int = 3, sqliteDirectory: String? = nil) {
            self.records = records
            self.replicas = replicas
            self.batch = batch
            self.trials = trials
            self.sqliteDirectory = sqliteDirectory
        }
    }

    /// Runs every measurement; `progress` hears the name of each phase as
    /// it starts (`memory store, trial 2 of 3`). Throws when SQLite fails,
    /// or the folder for its files cannot be made; nothing is measured
    /// before that folder exists.
    public static func run(_ settings: Settings, progress: (String) -> Void = { _ in }) throws(StoreError) -> Result {
        precondition(settings.records >= 1 && settings.replicas >= 1 && settings.batch >= 1 && settings.trials >= 1,
                     "benchmark settings out of range")
        let folder = try ScratchFolder(under: settings.sqliteDirectory ?? FileManager.default.temporaryDirectory.path)
        defer { folder.remove() }

        progress("building the change sets")
        let workload = RemoteApplyWorkload(records: settings.records, batch: settings.batch)
        let memory = measureMemoryStore(workload, settings: settings, progress: progress)
        let dictionarySeconds = measureDictionary(workload, settings: settings, progress: progress)

        progress("SQLite, in-memory databases")
        let sqliteMemory = try SQLiteBenchmark.run(records: settings.records, batch: settings.batch, directory: nil)
        progress("SQLite, database files")
        let sqliteFiles = try SQLiteBenchmark.run(records: settings.records, batch: settings.batch, directory: folder.path)

        return Result(records: settings.records, replicas: settings.replicas, batch: settings.batch, trials: settings.trials,
                      build: .current, machine: .current(),
                      memoryStoreSeconds: memory.seconds, dictionarySeconds: dictionarySeconds,
                      sqliteMemory: sqliteMemory, sqliteFiles: sqliteFiles,
                      bytesInUseBefore: memory.bytesBefore, bytesInUseAfter: memory.bytesAfter, memorySource: memory.source,
                      peakRSSBytes: AllocatorBytes.peakResidentBytes())
    }

    /// The best trial's seconds, and the bytes in use around the first
    /// trial's fill: before its nodes exist, and after, with them alive.
    static func measureMemoryStore(_ workload: RemoteApplyWorkload, settings: Settings, progress: (String) -> Void)
        -> (seconds: Double, bytesBefore: Int, bytesAfter: Int, source: MemorySource) {
        var best = Double.infinity
        var bytes = (before: 0, after: 0, source: MemorySource.allocator)
        for trial in 1 ... settings.trials {
            progress("memory store, trial \(trial) of \(settings.trials)")
            let before = AllocatorBytes.inUse()
            var nodes = MemoryStoreBenchmark.makeNodes(replicas: settings.replicas)
            best = min(best, seconds { MemoryStoreBenchmark.apply(workload, to: &nodes) })
            if trial == 1 {
                let after = AllocatorBytes.inUse()
                bytes = (before.bytes, after.bytes, after.source)
                let problems = MemoryStoreBenchmark.problems(in: nodes, workload: workload)
                precondition(problems.isEmpty, "the memory store benchmark did not apply its workload: \(problems[0])")
            }
            withExtendedLifetime(nodes) {}
        }
        return (best, bytes.before, bytes.after, bytes.source)
    }

    /// The best trial's seconds for the same merge over plain dictionaries.
    static func measureDictionary(_ workload: RemoteApplyWorkload, settings: Settings, progress: (String) -> Void) -> Double {
        let batches = DictionaryBaseline.batches(of: workload)
        var best = Double.infinity
        for trial in 1 ... settings.trials {
            progress("Dictionary baseline, trial \(trial) of \(settings.trials)")
            var replicas = Array(repeating: [RecordID: DictionaryBaseline.PlainRow](), count: settings.replicas)
            best = min(best, seconds { DictionaryBaseline.apply(batches, to: &replicas) })
            if trial == 1 {
                let problems = DictionaryBaseline.problems(in: replicas, workload: workload)
                precondition(problems.isEmpty, "the dictionary baseline did not apply its workload: \(problems[0])")
            }
        }
        return best
    }

    /// Wall-clock seconds `body` took.
    static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return (ContinuousClock.now - start) / .seconds(1)
    }
}
