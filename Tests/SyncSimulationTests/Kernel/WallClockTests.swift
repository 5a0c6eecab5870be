import SyncScenarioFile
import SyncSimulation
import Synchronization
import Testing

/// The core reads no clock: a run's wall time is whatever the caller's
/// clock says around it, and 0 without one.
struct WallClockTests {
    /// A clock that moves one second each time it is read.
    final class Ticking: Sendable {
        private let reads = Atomic<Int>(0)
        func read() -> Double { Double(reads.wrappingAdd(1, ordering: .relaxed).oldValue) }
    }

    @Test func eachRunTakesWhatTheCallersClockSaysAroundIt() {
        let clock = Ticking()
        let results = Comparison.run(scenario: DefaultScenario.make(replicas: 2, seed: 1), strategies: [namedStrategy("lww"), namedStrategy("crdt")],
                                     seed: 1, wallClock: { clock.read() })
        #expect(results.map(\.wallSeconds) == [1, 1])
    }

    @Test func withoutAClockARunTakesNoWallTime() {
        let results = Comparison.run(scenario: DefaultScenario.make(replicas: 2, seed: 1), strategies: [namedStrategy("lww")], seed: 1)
        #expect(results.map(\.wallSeconds) == [0])
        #expect(results[0].events > 0)
    }
}
