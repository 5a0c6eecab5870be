#if canImport(Glibc)
import CAllocator
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a figure of memory in use came from.
public enum MemorySource: String, Sendable {
    /// The allocator's bytes in live allocations: glibc's `mallinfo2()`
    /// (`uordblks + hblkhd`, every arena), Darwin's
    /// `malloc_zone_statistics` (`size_in_use`, every zone).
    case allocator
    /// The process's peak resident set size (`getrusage`): where the
    /// allocator cannot tell (musl, other systems). It only grows, so a
    /// difference is an upper bound that pages freed earlier blur.
    case peakRSS
}

/// How much memory the process holds, for a before-and-after difference.
enum AllocatorBytes {
    /// Bytes in use now, and where the figure came from.
    static func inUse() -> (bytes: Int, source: MemorySource) {
        #if canImport(Glibc)
        let info = mallinfo2()
        return (Int(info.uordblks + info.hblkhd), .allocator)
        #elseif canImport(Darwin)
        var statistics = malloc_statistics_t()
        malloc_zone_statistics(nil, &statistics)
        return (Int(statistics.size_in_use), .allocator)
        #else
        return (peakResidentBytes(), .peakRSS)
        #endif
    }

    /// The most memory the process has had resident, in bytes (Linux
    /// reports kilobytes, Darwin bytes).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) * 1024
        #endif
    }
}
