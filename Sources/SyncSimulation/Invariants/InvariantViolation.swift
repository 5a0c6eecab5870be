import SyncStore

/// A broken invariant: the simulator's own state is inconsistent, so no
/// figure of the run can be trusted. Names the invariant, where and when it
/// broke, and the seed that replays it.
public struct InvariantViolation: Error, Sendable, CustomStringConvertible {
    /// The invariant's name, e.g. `replica.causalApply` or `store.uniqueIndex`.
    public let name: String
    /// The replica it concerns; nil for a run-wide invariant.
    public let replica: String?
    /// When it broke, in virtual microseconds.
    public let atMicros: Int64
    /// The scenario's name.
    public let scenario: String
    /// The strategy the run used.
    public let strategy: String
    /// The seed that replays it.
    public let seed: UInt64
    /// What was wrong.
    public let detail: String

    /// One line naming the invariant, the place, the time, the scenario, the strategy and the seed, then what was
    /// wrong.
    public var description: String {
        let place = replica.map { " on \($0)" } ?? ""
        let seconds = Double(atMicros) / 1_000_000
        return "invariant \(name) broken\(place) at \(seconds)s (scenario \(scenario), strategy \(strategy), seed \(seed)): \(detail)"
    }
}

/// Why a run could not produce a result.
public enum SimulationError: Error, Sendable, CustomStringConvertible {
    /// A store could not be opened.
    case store(StoreError)
    /// An invariant broke during the run.
    case invariant(InvariantViolation)

    /// The store's message or the violation's line, for a person.
    public var description: String {
        switch self {
        case .store(let error): return "cannot open a store: \(error.message)"
        case .invariant(let violation): return violation.description
        }
    }
}
