import SyncExperiments
import SyncModel
import SyncSimulation
import Testing

/// Real threads running seed 002's application code on one
/// replica. `lockstep` is the barrier: every writer fetches before any
/// saves, so the check-then-insert duplicate is certain, not probable.
/// These tests also run under ThreadSanitizer (`.ci/run`).
struct ConcurrentWritersTests {
    static let writers = 8

    static func race(_ strategy: String, trials: Int, schedule: ConcurrentWriters.Schedule) -> RaceExperiment.Measurement {
        RaceExperiment.run(strategies: [StrategyCatalog.strategy(named: strategy)!], writerCounts: [writers], trials: trials, schedule: schedule)[0]
    }

    /// Eight writers all fetch nothing, then all insert: 7 duplicates, every time.
    @Test(arguments: ["dedupe", "lww"])
    func fetchThenInsertDuplicatesEveryTimeInLockstep(strategy: String) {
        let result = Self.race(strategy, trials: 20, schedule: .lockstep)
        #expect(result.trialsWithDuplicate == 20)
        #expect(result.duplicates == 20 * (Self.writers - 1))
        #expect(result.retriedSaves == 0)
    }

    /// The constraint refuses the later saves (error policy: they roll back
    /// and find the first) or merges them (other policies): never a duplicate.
    @Test(arguments: ["unique:error", "unique:objectTrump", "unique:storeTrump", "unique:overwrite", "unique:rollback"])
    func uniqueConstraintNeverLeavesADuplicate(strategy: String) {
        let lockstep = Self.race(strategy, trials: 50, schedule: .lockstep)
        #expect(lockstep.duplicates == 0)
        #expect(lockstep.retriedSaves == (strategy == "unique:error" ? 50 * (Self.writers - 1) : 0))
        let free = Self.race(strategy, trials: 100, schedule: .free(thinkMicros: 20))
        #expect(free.duplicates == 0)
    }

    /// Every writer's insert is the same derived record.
    @Test func crdtMergesEveryWriter() {
        #expect(Self.race("crdt", trials: 50, schedule: .lockstep).duplicates == 0)
        #expect(Self.race("crdt", trials: 100, schedule: .free(thinkMicros: 20)).duplicates == 0)
    }

    /// One writer never races itself.
    @Test(arguments: ["dedupe", "lww", "unique:error", "crdt"])
    func oneWriterNeverDuplicates(strategy: String) {
        let result = RaceExperiment.run(strategies: [StrategyCatalog.strategy(named: strategy)!], writerCounts: [1], trials: 20, schedule: .lockstep)[0]
        #expect(result.duplicates == 0)
        #expect(result.retriedSaves == 0)
    }
}
