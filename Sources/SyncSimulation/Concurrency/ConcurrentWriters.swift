#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SyncModel

/// What one real writer thread ended with, as its application saw it.
public struct WriterResult: Sendable {
    /// `.saved` also when a failed save was rolled back and the refetch
    /// found the record (`reused`): the app then uses that record, its own
    /// values unsaved.
    public let outcome: IntentOutcome
    /// Duplicates the writer's save created on the replica.
    public let duplicatesCreated: Int
    /// The first save failed and was rolled back and fetched again.
    public let retried: Bool
    /// After the retry, the app found the record another writer saved.
    public let reused: Bool
}

/// Runs application writers as real concurrent threads on one
/// replica's shared state: seed 002's code (fetch by key, save; on a failed
/// save, roll back and fetch again), each step atomic, nothing else. Which
/// writer wins is up to the threads: not reproducible, by design.
public enum ConcurrentWriters {
    /// How the writers' steps meet.
    public enum Schedule: Sendable {
        /// Each writer fetches, works for `thinkMicros` (building its
        /// object), then saves, as its thread gets to it.
        case free(thinkMicros: Int)
        /// Every writer fetches before any writer saves: the bad
        /// interleaving, forced, so that a check-then-insert duplicate is
        /// certain rather than likely.
        case lockstep
    }

    /// Runs `writers` copies of `intent` at once; results in completion order.
    package static func run(_ intent: Intent, writers: Int, strategy: any Strategy, state: SharedReplicaState,
                            schedule: Schedule) -> [WriterResult] {
        precondition(writers >= 1, "at least one writer")
        let results = LockedBox<[WriterResult]>([])
        switch schedule {
        case .free(let thinkMicros):
            ParallelThreads.perform(iterations: writers) { writer in
                let fetched = state.fetch(intent, strategy: strategy, writer: writer)
                if thinkMicros > 0 { sleep(micros: thinkMicros) }
                let result = finish(intent, fetched: fetched, strategy: strategy, state: state, writer: writer)
                results.withLock { $0.append(result) }
            }
        case .lockstep:
            let fetches = LockedBox<[Fetched?]>(Array(repeating: nil, count: writers))
            ParallelThreads.perform(iterations: writers) { writer in
                let fetched = state.fetch(intent, strategy: strategy, writer: writer)
                fetches.withLock { $0[writer] = fetched }
            }
            // Every fetch is done before this line: the barrier.
            ParallelThreads.perform(iterations: writers) { writer in
                let fetched = fetches.withLock { $0[writer]! }
                let result = finish(intent, fetched: fetched, strategy: strategy, state: state, writer: writer)
                results.withLock { $0.append(result) }
            }
        }
        return results.withLock { $0 }
    }

    /// The writer's thread sleeps (it builds its object) for `micros`.
    private static func sleep(micros: Int) {
        var time = timespec(tv_sec: micros / 1_000_000, tv_nsec: (micros % 1_000_000) * 1_000)
        var remaining = timespec()
        // Interrupted by a signal: sleep what is left.
        while nanosleep(&time, &remaining) != 0 && errno == EINTR { time = remaining }
    }

    /// Save; on failure roll back (nothing was written) and fetch again.
    private static func finish(_ intent: Intent, fetched: Fetched, strategy: any Strategy, state: SharedReplicaState, writer: Int) -> WriterResult {
        let (outcome, duplicates) = state.save(intent, fetched: fetched, strategy: strategy, writer: writer)
        guard case .rejected = outcome else {
            return WriterResult(outcome: outcome, duplicatesCreated: duplicates, retried: false, reused: false)
        }
        let found = !state.fetchByKey(intent, writer: writer).records.contains(nil)
        return WriterResult(outcome: found ? .saved(changes: []) : outcome, duplicatesCreated: duplicates, retried: true, reused: found)
    }
}
