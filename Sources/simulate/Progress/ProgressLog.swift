import Foundation
import SyncSimulation

/// Where progress goes: stderr redrawn in place on a terminal; off one (a
/// CI log, a file) a plain line now and then (``ProgressLog``); or nowhere.
enum ProgressStyle: Sendable, Equatable {
    case terminal
    case log
    case off

    /// For stderr as it is: nothing with `--quiet`; off a terminal, lines
    /// only for a command that `logs` (sweep, explore, check: the ones a CI
    /// job runs for minutes), nothing for the others as before.
    static func standardError(quiet: Bool, logs: Bool) -> ProgressStyle {
        if quiet { return .off }
        if isatty(STDERR_FILENO) == 1 { return .terminal }
        return logs ? .log : .off
    }
}

/// Seconds since some fixed start, from a clock that only moves forward:
/// the process's monotonic clock, or a test's own that it moves by hand.
struct ProgressClock: Sendable {
    let seconds: @Sendable () -> Double

    static let monotonic: ProgressClock = {
        let start = ContinuousClock.now
        return ProgressClock { (ContinuousClock.now - start) / .seconds(1) }
    }()
}

/// Plain progress lines for a log, `sweep: 120/450 jobs · …`: one at most
/// every ``intervalSeconds``, the first only once that long has passed since
/// the log was made, so a short run prints none and a long one is never
/// silent for long. Lines are offered as often as there is news; most are
/// dropped.
final class ProgressLog: Sendable {
    static let intervalSeconds = 10.0

    /// `sweep`: what each line starts with, before a colon.
    let prefix: String
    private let clock: ProgressClock
    private let write: @Sendable (String) -> Void
    /// When the last line was written (at first: when the log was made).
    private let lastWritten: LockedBox<Double>

    init(prefix: String, clock: ProgressClock = .monotonic,
         write: @escaping @Sendable (String) -> Void = { StandardError.write($0) }) {
        self.prefix = prefix
        self.clock = clock
        self.write = write
        lastWritten = LockedBox(clock.seconds())
    }

    /// Writes `prefix: line` when ``intervalSeconds`` have passed since the
    /// last line; `line` is only built then. Written under the lock, so
    /// lines offered from several threads never interleave.
    func offer(_ line: () -> String) {
        lastWritten.withLock { last in
            let now = clock.seconds()
            guard now - last >= Self.intervalSeconds else { return }
            last = now
            write("\(prefix): \(line())\n")
        }
    }
}
