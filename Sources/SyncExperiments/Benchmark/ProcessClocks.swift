#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The clocks a benchmark reads: the CPU time the process has used, and a
/// monotonic clock for the time spent inside one call. Never part of a
/// simulation: they only feed the benchmark's figures.
enum ProcessClocks {
    /// Seconds of CPU the whole process has used, user and system
    /// (`CLOCK_PROCESS_CPUTIME_ID`, what `/usr/bin/time` adds up); a run is
    /// single-threaded, so the difference around it is its CPU time.
    static func cpuSeconds() -> Double {
        let time = reading(CLOCK_PROCESS_CPUTIME_ID)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Nanoseconds on the monotonic clock (`CLOCK_MONOTONIC`), from an
    /// origin of the system's: only differences mean anything.
    @Sendable static func monotonicNanoseconds() -> UInt64 {
        let time = reading(CLOCK_MONOTONIC)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func reading(_ clock: clockid_t) -> timespec {
        var time = timespec()
        let status = clock_gettime(clock, &time)
        precondition(status == 0, "clock_gettime failed: errno \(errno)")
        return time
    }
}
