import SyncStore

/// A broken invariant: the simulator's own state is inconsistent, so no
/// figure of the run can be trusted. Names the invariant, where and when it
/// broke, and the seed that replays it.
public struct InvariantViolation: Error, Sendable, CustomStringConvertible {
    /// The invariant's name, e.g. `replica.causalApply` or `store.uniqueIndex`.
    public let name: String
    /// The replica it concerns; nil for a run-wide invariant.
    public let replica: String?
    public let atMicros: Int64
    public let scenario: String
    public let strategy: String
    public let seed: UInt64
    public let detail: String

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

    public var description: String {
        switch self {
        case .store(let error): return "cannot open a store: \(error.message)"
        case .invariant(let violation): return violation.description
        }
    }
}
