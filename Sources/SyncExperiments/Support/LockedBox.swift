import Foundation

/// A value shared between the threads of a parallel explore or shrink,
/// reachable only through `withLock`.
///
/// The same shape as `SyncSimulation`'s internal box (an `NSLock`, which
/// ThreadSanitizer understands, rather than `Synchronization.Mutex`); kept
/// here so that module need not export a concurrency helper.
///
/// `@unchecked Sendable` is safe because `value` is private and read or
/// written only inside `withLock`, between `lock()` and `unlock()` of the
/// one `NSLock` this box owns; callers take values out by copy.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: sending Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
