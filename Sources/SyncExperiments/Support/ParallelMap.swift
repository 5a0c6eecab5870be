import Dispatch
import SyncSimulation

/// Runs `body` for every element on every core and returns the results in
/// the elements' order, whatever order the threads finished in: the output
/// of a parallel explore is byte-identical to a serial one.
func parallelMap<Element: Sendable, Result: Sendable>(_ elements: [Element], _ body: @Sendable (Element) -> Result) -> [Result] {
    let results = LockedBox<[Int: Result]>([:])
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
        let result = body(elements[index])
        results.withLock { $0[index] = result }
    }
    return results.withLock { finished in elements.indices.map { finished[$0]! } }
}
