#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Runs work on real threads, as `DispatchQueue.concurrentPerform` does,
/// without Dispatch in the simulation core: as many threads as the machine
/// has cores (at most one per iteration, the caller's own among them) take
/// iterations from a shared counter until none is left, and the call
/// returns when every iteration is done.
enum ParallelThreads {
    /// Runs `body(0)` … `body(iterations - 1)` in parallel.
    static func perform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard iterations > 0 else { return }
        let work = Work(iterations: iterations, body: body)
        let helpers = min(iterations, processorCount) - 1
        var threads: [pthread_t] = []
        for _ in 0 ..< helpers {
            let context = Unmanaged.passRetained(work).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { context in
                let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                work.drain()
                return nil
            }, context)
            guard status == 0 else {
                // No thread: the work it would have done is done by the others.
                Unmanaged<Work>.fromOpaque(context).release()
                continue
            }
            threads.append(thread)
        }
        work.drain()
        for thread in threads { pthread_join(thread, nil) }
    }

    /// Cores online, at least one.
    private static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// The iterations and who takes the next: every thread's share.
    private final class Work: Sendable {
        let iterations: Int
        let body: @Sendable (Int) -> Void
        let next = Atomic<Int>(0)

        init(iterations: Int, body: @escaping @Sendable (Int) -> Void) {
            self.iterations = iterations
            self.body = body
        }

        func drain() {
            while true {
                let iteration = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard iteration < iterations else { return }
                body(iteration)
            }
        }
    }
}
