import Foundation

/// A value shared between threads, reachable only through `withLock`:
/// the one lock box of the package (sweeps, explore, shrink, writers).
///
/// Built on `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`:
/// on Linux the latter waits on a raw futex, which ThreadSanitizer does not
/// see as synchronization, so it reports races that are not there; a pthread
/// mutex it understands, which keeps the concurrency tests TSan-clean.
///
/// `@unchecked Sendable` is safe because `value` is private, stored once,
/// and read or written only inside `withLock`, between `lock()` and
/// `unlock()` of the one `NSLock` this box owns; no reference to it escapes
/// a critical section except by copy (`Value` is a value type or `Sendable`
/// where callers return it).
public final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock, and returns what it returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
