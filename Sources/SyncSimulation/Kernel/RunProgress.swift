/// How far the run on this thread has gone, for a progress line: events
/// handled and virtual time, published by the kernel every
/// ``eventsPerUpdate`` events and read from another thread by whoever
/// shows it (the command line, after a couple of seconds on a terminal).
///
/// The kernel finds it through a task-local, like
/// ``StrategyRegistry/withRegistered(_:_:body:)``, so that progress, which
/// changes no result, needs no parameter on every run function. Runs
/// outside ``watching(_:body:)`` see nil and publish nothing.
public final class RunProgress: Sendable {
    /// Events are microseconds each in a release build but can take
    /// milliseconds with invariant checks on many replicas: every 64th
    /// keeps the line moving either way, and one uncontended lock per 64
    /// events costs well under 1% of a run.
    static let eventsPerUpdate = 64

    /// What a progress line shows: one reading of the current run.
    public struct Snapshot: Sendable, Equatable {
        /// Events the current run has handled.
        public var events = 0
        /// The current run's virtual time, in microseconds.
        public var nowMicros: Int64 = 0
        /// The scenario's `until`: where the run stops at the latest.
        public var untilMicros: Int64 = 0
        /// Runs begun under this progress (one per strategy).
        public var runs = 0

        /// A reading of the given figures.
        public init(events: Int = 0, nowMicros: Int64 = 0, untilMicros: Int64 = 0, runs: Int = 0) {
            self.events = events
            self.nowMicros = nowMicros
            self.untilMicros = untilMicros
            self.runs = runs
        }
    }

    private let state = LockedBox(Snapshot())

    /// A progress that no run has published to yet.
    public init() {}

    @TaskLocal static var current: RunProgress?

    /// Runs `body` with every run it starts on this task publishing here.
    public func watching<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        // `withValue` rethrows untyped errors; carry the typed one across.
        let outcome = Self.$current.withValue(self) { Result(catching: body) }
        return try outcome.get()
    }

    /// The latest reading; safe to read from any thread.
    public var snapshot: Snapshot { state.withLock { $0 } }

    func started(untilMicros: Int64) {
        state.withLock { $0 = Snapshot(events: 0, nowMicros: 0, untilMicros: untilMicros, runs: $0.runs + 1) }
    }

    func update(events: Int, nowMicros: Int64) {
        state.withLock {
            $0.events = events
            $0.nowMicros = nowMicros
        }
    }
}
