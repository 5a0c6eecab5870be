import Dispatch
import Foundation
import SyncSimulation

/// Progress of many jobs (a sweep's, explore's seeds, shrinks) on stderr:
/// on a terminal `[######......] 120/450 jobs · ETA 42 s`, redrawn in place;
/// in a log `sweep: 120/450 jobs · 65 s · ETA 42 s` at most every
/// ``ProgressLog/intervalSeconds``, also while no job finishes (a heartbeat
/// each second offers the line), so a CI log is never silent for long.
/// There is no estimate before a job has finished: `ETA …` until then.
///
/// `@unchecked Sendable` is safe: the mutable state lives in `state`, a
/// ``LockedBox``; `heartbeat` is set once in `init` and only cancelled
/// after, which Dispatch allows from any thread; the rest is `let` and
/// `Sendable`.
final class ProgressBar: @unchecked Sendable {
    static let width = 30

    private let style: ProgressStyle
    private let log: ProgressLog
    private let clock: ProgressClock
    /// When the bar was made: the start of every estimate.
    private let started: Double
    private let state = LockedBox(State())
    private let heartbeat: (any DispatchSourceTimer)?

    private struct State {
        var done = 0
        var total = 0
        /// Filled cells last drawn on the terminal; -1 before the first.
        var drawn = -1
    }

    /// The bar for stderr as it is: `name` starts each log line.
    convenience init(_ name: String, quiet: Bool) {
        self.init(style: .standardError(quiet: quiet, logs: true), log: ProgressLog(prefix: name))
    }

    /// `heartbeats`: offer the log line each second, not only when a job
    /// finishes; tests that move the clock by hand leave it out.
    init(style: ProgressStyle, log: ProgressLog, clock: ProgressClock = .monotonic, heartbeats: Bool = true) {
        self.style = style
        self.log = log
        self.clock = clock
        started = clock.seconds()
        guard style == .log && heartbeats else { heartbeat = nil; return }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        heartbeat = timer
        timer.schedule(deadline: .now() + 1, repeating: 1)
        // The handler holds only the Sendable parts, never the bar.
        let (state, log, clock, started) = (state, log, clock, started)
        timer.setEventHandler { Self.offer(state: state, log: log, clock: clock, started: started) }
        timer.resume()
    }

    deinit {
        heartbeat?.cancel()
    }

    /// `done` of `total` jobs have finished; called from any thread.
    func update(done: Int, total: Int) {
        guard style != .off, total > 0 else { return }
        state.withLock { state in
            // Threads report in any order: keep the furthest.
            state.done = max(state.done, done)
            state.total = total
            guard style == .terminal else { return }
            let filled = done * Self.width / total
            guard filled != state.drawn || done == total else { return }
            state.drawn = filled
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: Self.width - filled)
            let eta = Self.eta(done: done, total: total, seconds: clock.seconds() - started)
            StandardError.write("\r\u{1B}[K[\(bar)] \(done)/\(total) jobs\(eta.map { " · \($0)" } ?? "")")
        }
        if style == .log { Self.offer(state: state, log: log, clock: clock, started: started) }
    }

    /// Ends the bar: clears a terminal's line, stops the heartbeat.
    func clear() {
        heartbeat?.cancel()
        guard style == .terminal else { return }
        StandardError.write("\r\u{1B}[K")
    }

    private static func offer(state: LockedBox<State>, log: ProgressLog, clock: ProgressClock, started: Double) {
        let (done, total) = state.withLock { ($0.done, $0.total) }
        guard total > 0 else { return }
        log.offer { logLine(done: done, total: total, seconds: clock.seconds() - started) }
    }

    /// `120/450 jobs · 65 s · ETA 42 s`: a log line after its prefix.
    static func logLine(done: Int, total: Int, seconds: Double) -> String {
        "\(done)/\(total) jobs · \(Int(seconds)) s" + (eta(done: done, total: total, seconds: seconds).map { " · \($0)" } ?? "")
    }

    /// `ETA 42 s` at the pace so far; `ETA …` before any job has finished
    /// (there is no pace yet, and 0 s would be a lie); `ETA < 1 s` when the
    /// rest is that close; nil once every job has finished.
    static func eta(done: Int, total: Int, seconds: Double) -> String? {
        guard done < total else { return nil }
        guard done > 0 else { return "ETA …" }
        let remaining = Int((seconds / Double(done) * Double(total - done)).rounded())
        return remaining < 1 ? "ETA < 1 s" : "ETA \(remaining) s"
    }
}
