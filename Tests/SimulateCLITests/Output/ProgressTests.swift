@testable import simulate
import SyncSimulation
import Testing

/// Progress off a terminal (a plain line at most every 10 s) and the bar's
/// estimate, on a clock the test moves by hand: no test here sleeps.
struct ProgressTests {
    /// A clock that stands still until told, and the lines written.
    final class Harness: Sendable {
        let time = LockedBox(0.0)
        let lines = LockedBox<[String]>([])
        var clock: ProgressClock { ProgressClock { [time] in time.withLock { $0 } } }

        func log(_ prefix: String) -> ProgressLog {
            ProgressLog(prefix: prefix, clock: clock) { [lines] text in lines.withLock { $0.append(text) } }
        }

        func advance(to seconds: Double) {
            time.withLock { $0 = seconds }
        }

        var written: [String] { lines.withLock { $0 } }
    }

    @Test func aLogWritesAtMostEveryTenSeconds() {
        let harness = Harness()
        let log = harness.log("check")
        var built = 0
        func offer(_ text: String) {
            log.offer {
                built += 1
                return text
            }
        }
        offer("a")
        harness.advance(to: 9.9)
        offer("b")
        #expect(harness.written.isEmpty, "nothing in a run's first 10 s")
        harness.advance(to: 10)
        offer("c")
        offer("d")
        harness.advance(to: 19.9)
        offer("e")
        harness.advance(to: 25)
        offer("f")
        #expect(harness.written == ["check: c\n", "check: f\n"])
        #expect(built == 2, "a line is built only when written")
    }

    /// check's progress: the ticker's lines go to the log, throttled.
    @Test func progressInALogGoesThroughIt() {
        let harness = Harness()
        let progress = Progress(style: .log, log: harness.log("check"))
        progress.show("default [1/8] lww…")
        harness.advance(to: 12)
        progress.show("default [2/8] dedupe…")
        progress.clear()
        progress.show("default [3/8] crdt…")
        #expect(harness.written == ["check: default [2/8] dedupe…\n"])
        let quiet = Progress(style: .off, log: harness.log("quiet"))
        harness.advance(to: 100)
        quiet.show("x")
        #expect(harness.written.count == 1)
    }

    @Test func aBarInALogWritesJobsTimeAndEstimate() {
        let harness = Harness()
        let bar = ProgressBar(style: .log, log: harness.log("sweep"), clock: harness.clock, heartbeats: false)
        bar.update(done: 0, total: 10)
        harness.advance(to: 4)
        bar.update(done: 1, total: 10)
        harness.advance(to: 12)
        bar.update(done: 3, total: 10)
        harness.advance(to: 15)
        bar.update(done: 4, total: 10)
        harness.advance(to: 40)
        bar.update(done: 10, total: 10)
        bar.clear()
        #expect(harness.written == ["sweep: 3/10 jobs · 12 s · ETA 28 s\n", "sweep: 10/10 jobs · 40 s\n"])
    }

    @Test func quietIsSilentAnywhere() {
        #expect(ProgressStyle.standardError(quiet: true, logs: true) == .off)
        #expect(ProgressStyle.standardError(quiet: true, logs: false) == .off)
        let harness = Harness()
        let bar = ProgressBar(style: .off, log: harness.log("sweep"), clock: harness.clock, heartbeats: false)
        harness.advance(to: 60)
        bar.update(done: 5, total: 10)
        #expect(harness.written.isEmpty)
    }

    /// No `ETA 0 s` before there is a pace to estimate from.
    @Test(arguments: [
        (0, 10, 0.0, "ETA …"), (0, 10, 30.0, "ETA …"),
        (1, 10, 2.0, "ETA 18 s"), (5, 10, 10.0, "ETA 10 s"),
        (9, 10, 0.9, "ETA < 1 s"),
    ])
    func theEstimate(_ done: Int, _ total: Int, _ seconds: Double, _ expected: String) {
        #expect(ProgressBar.eta(done: done, total: total, seconds: seconds) == expected)
    }

    @Test func noEstimateOnceEveryJobIsDone() {
        #expect(ProgressBar.eta(done: 10, total: 10, seconds: 5) == nil)
        #expect(ProgressBar.logLine(done: 0, total: 450, seconds: 10.4) == "0/450 jobs · 10 s · ETA …")
    }
}
