import SyncModel

/// What the nodes made under it applied through
/// ``ReplicaNode/applyRemote(_:atMicros:)``, and, with a clock, the time
/// they spent there: what `simulate benchmark --scaling` needs to put a
/// whole run's remote-apply rate beside a plain `Dictionary` loop's, and
/// to divide a run's CPU time by its record applications.
///
/// Off unless a caller runs inside ``measuring(_:)``. A node reads
/// ``current`` once, when it is made (a task-local, as ``RunProgress`` is
/// found), so a run without a meter pays one nil check per change set.
/// A meter changes nothing a run computes: nodes only add to it, and
/// nothing in the simulation reads it. The core reads no clock itself: the
/// clock is the caller's, and without one the meter only counts.
public final class RemoteApplyMeter: Sendable {
    /// What the meter has counted so far.
    public struct Reading: Hashable, Sendable {
        /// Change sets applied (whole, as every apply is).
        public var changeSets = 0
        /// Records in the change sets applied: record applications.
        public var records = 0
        /// Change sets refused (nothing applied; they are offered again later).
        public var refusedChangeSets = 0
        /// Records in the change sets refused, once per refusal.
        public var refusedRecords = 0
        /// Nanoseconds inside `applyRemote`, applied or refused, on the
        /// meter's clock; 0 without one.
        public var nanoseconds: UInt64 = 0

        /// A reading of the given figures.
        public init(changeSets: Int = 0, records: Int = 0, refusedChangeSets: Int = 0, refusedRecords: Int = 0, nanoseconds: UInt64 = 0) {
            self.changeSets = changeSets
            self.records = records
            self.refusedChangeSets = refusedChangeSets
            self.refusedRecords = refusedRecords
            self.nanoseconds = nanoseconds
        }
    }

    /// Nanoseconds on a monotonic clock, from any origin.
    public typealias NanosecondClock = @Sendable () -> UInt64

    private let clock: NanosecondClock?
    /// A run is single-threaded, but the writers of `--concurrency dispatch`
    /// run on threads of their own: one uncontended lock per change set
    /// keeps the meter right wherever it is read from.
    private let totals = LockedBox(Reading())

    /// The meter nodes made now report to; nil outside ``measuring(_:)``.
    @TaskLocal static var current: RemoteApplyMeter?

    /// A meter that counts, and times on `clock` when there is one.
    public init(clock: NanosecondClock? = nil) {
        self.clock = clock
    }

    /// Runs `body` with every node it makes on this task reporting here.
    public func measuring<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        // `withValue` rethrows untyped errors; carry the typed one across.
        let outcome = Self.$current.withValue(self) { Result(catching: body) }
        return try outcome.get()
    }

    /// Everything counted so far; safe to read from any thread.
    public var reading: Reading { totals.withLock { $0 } }

    /// The clock's reading as an apply starts; nil without a clock.
    func started() -> UInt64? {
        clock?()
    }

    /// One call of `applyRemote` that began at `start` (``started()``) ended with `outcome`.
    func count(_ changeSet: ChangeSet, outcome: RemoteOutcome, start: UInt64?) {
        var elapsed: UInt64 = 0
        if let start, let clock {
            let end = clock()
            elapsed = end >= start ? end - start : 0
        }
        totals.withLock { totals in
            switch outcome {
            case .applied:
                totals.changeSets += 1
                totals.records += changeSet.changes.count
            case .rejected:
                totals.refusedChangeSets += 1
                totals.refusedRecords += changeSet.changes.count
            }
            totals.nanoseconds += elapsed
        }
    }
}
