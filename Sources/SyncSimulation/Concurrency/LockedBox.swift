#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value shared between threads, reachable only through `withLock`:
/// the one lock box of the package (sweeps, explore, shrink, writers).
///
/// Built on a pthread mutex rather than `Synchronization.Mutex`:
/// on Linux the latter waits on a raw futex, which ThreadSanitizer does not
/// see as synchronization, so it reports races that are not there; a pthread
/// mutex it understands, which keeps the concurrency tests TSan-clean.
///
/// `@unchecked Sendable` is safe because `value` is private, stored once,
/// and read or written only inside `withLock`, between `lock()` and
/// `unlock()` of the one mutex this box owns; no reference to it escapes
/// a critical section except by copy (`Value` is a value type or `Sendable`
/// where callers return it).
public final class LockedBox<Value>: @unchecked Sendable {
    /// The mutex, at a fixed address for its whole life, as pthreads requires.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A box holding `value`.
    public init(_ value: sending Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the value while holding the lock, and returns what it returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
