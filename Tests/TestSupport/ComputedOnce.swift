import Synchronization

/// A value computed on first use and kept for the rest of the process, for
/// fixtures that run simulations. Not a `static let`: a lazy static is
/// initialised inside `swift_once`, and on Linux (Swift 6.3.1) the
/// backtrace Swift Testing captures at every typed throw crashes the
/// process (SIGSEGV in libgcc_s `_Unwind_Backtrace`, "corrupt stack" at the
/// `swift_once` frame) when it walks out of one; a simulation throws typed
/// store errors as part of its normal work (a unique constraint refusing a
/// save). Here the value is computed on the caller's own frame, under a
/// lock. `Sendable`: the only state is the `Mutex`.
public final class ComputedOnce<Value: Sendable>: Sendable {
    private let cached = Mutex<Value?>(nil)
    private let make: @Sendable () -> Value

    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    public var value: Value {
        cached.withLock { cached in
            if let value = cached { return value }
            let value = make()
            cached = value
            return value
        }
    }
}
