import Dispatch
import Foundation
import SyncReport
import SyncSimulation

/// A one-line progress indicator on stderr: redrawn in place on a
/// terminal, a plain line at most every ``ProgressLog/intervalSeconds`` in
/// a log (``ProgressStyle``).
struct Progress {
    let style: ProgressStyle
    /// Where ``ProgressStyle/log`` lines go.
    let log: ProgressLog

    init(style: ProgressStyle, log: ProgressLog) {
        self.style = style
        self.log = log
    }

    /// The progress of `command`'s runs on stderr (none with `quiet`). Off
    /// a terminal, check, run and the built-in scenario write a line to the
    /// log at most every 10 s (a CI job or a script runs them for minutes;
    /// a long run must never look hung); sweep and explore make their own bars.
    init(for command: Command, quiet: Bool = false) {
        self.init(style: .standardError(quiet: quiet, logs: [.check, .run, .compare].contains(command)), log: ProgressLog(prefix: command.rawValue))
    }

    var enabled: Bool { style != .off }

    func show(_ line: String) {
        switch style {
        case .terminal: StandardError.write("\r\u{1B}[K\(line)")
        case .log: log.offer { line }
        case .off: break
        }
    }

    /// Clears a terminal's line; a log's lines stay.
    func clear() {
        guard style == .terminal else { return }
        StandardError.write("\r\u{1B}[K")
    }

    /// A line that follows the runs inside ``RunTicker/run``, each of
    /// which stops after `eventLimit` events when it is set (`--max-events`).
    func ticker(eventLimit: Int? = nil) -> RunTicker {
        RunTicker(progress: self, eventLimit: eventLimit)
    }
}

/// Keeps a progress line for a long run: the strategy at once, then, once
/// a run has gone on for ``quietSeconds``, its events, virtual time and
/// how long reaching its bound would take at its pace (``RunEstimate``),
/// twice a second. A run that ends sooner prints nothing more, so short
/// runs stay quiet.
///
/// The kernel publishes into ``run`` (a ``RunProgress``); a Dispatch timer
/// reads it, so a single long event (an import of a million records)
/// still shows its wall time growing.
final class RunTicker {
    static let quietSeconds = 2.0

    let run = RunProgress()
    private let progress: Progress
    /// What the timer reads, under one lock with the printing itself, so
    /// that once ``stop()`` returns no line can follow the report.
    private let state = LockedBox(TickerState())
    private let timer: (any DispatchSourceTimer)?

    init(progress: Progress, eventLimit: Int? = nil) {
        self.progress = progress
        guard progress.enabled else { timer = nil; return }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        self.timer = timer
        timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
        // The handler holds only the Sendable parts, never the ticker.
        let (run, state) = (self.run, self.state)
        timer.setEventHandler { Self.tick(run: run, state: state, progress: progress, eventLimit: eventLimit) }
        timer.resume()
    }

    /// Names the run starting now (`default [2/8] lww`).
    func label(_ text: String) {
        state.withLock { $0.label = text }
        progress.show("\(text)…")
    }

    func stop() {
        timer?.cancel()
        state.withLock { $0.stopped = true }
    }

    private static func tick(run: RunProgress, state: LockedBox<TickerState>, progress: Progress, eventLimit: Int?) {
        let snapshot = run.snapshot
        state.withLock { state in
            guard !state.stopped else { return }
            // A new run restarts the quiet period.
            if state.runs != snapshot.runs {
                state.runs = snapshot.runs
                state.since = .now
                state.estimate = RunEstimate()
            }
            let elapsed = (ContinuousClock.now - state.since) / .seconds(1)
            guard elapsed >= quietSeconds else { return }
            let remaining = state.estimate.remaining(snapshot, eventLimit: eventLimit, wallSeconds: elapsed)
            progress.show(line(label: state.label, snapshot: snapshot, wallSeconds: elapsed, remaining: remaining))
        }
    }

    struct TickerState {
        var label = ""
        var runs = 0
        var since = ContinuousClock.now
        var stopped = false
        var estimate = RunEstimate()
    }

    /// `default [2/8] lww: 1,234,567 events · 12.5 s of 60 s virtual · 8 s · ≤ 30 s more to reach 60 s`:
    /// the first reading of a run (``RunEstimate`` keeps the later ones from growing).
    static func line(label: String, snapshot: RunProgress.Snapshot, wallSeconds: Double) -> String {
        var estimate = RunEstimate()
        return line(label: label, snapshot: snapshot, wallSeconds: wallSeconds,
                    remaining: estimate.remaining(snapshot, eventLimit: nil, wallSeconds: wallSeconds))
    }

    /// The line with what ``RunEstimate`` says of the rest of the run. A
    /// run that quiesces, or stops at its event limit, ends sooner.
    static func line(label: String, snapshot: RunProgress.Snapshot, wallSeconds: Double, remaining: RunEstimate.Remaining?) -> String {
        var parts = ["\(GroupedDigits.text(snapshot.events)) events",
                     "\(seconds(snapshot.nowMicros)) of \(seconds(snapshot.untilMicros)) virtual",
                     "\(Int(wallSeconds)) s"]
        switch remaining {
        case .atMost(let more, .until): parts.append("≤ \(Int(more.rounded(.up))) s more to reach \(seconds(snapshot.untilMicros))")
        case .atMost(let more, .events(let limit)): parts.append("≤ \(Int(more.rounded(.up))) s more to reach \(GroupedDigits.text(limit)) events")
        case .overADay: parts.append("over a day more to reach \(seconds(snapshot.untilMicros)) at this pace")
        case .pastEstimate: parts.append("slower than its pace so far: no estimate")
        case nil: break
        }
        return "\(label): " + parts.joined(separator: " · ")
    }

    /// `12.5 s`, `60 s`: tenths are enough for a line that moves.
    private static func seconds(_ micros: Int64) -> String {
        micros % 1_000_000 == 0 ? "\(micros / 1_000_000) s" : String(format: "%.1f s", Double(micros) / 1e6)
    }
}
