import SyncModel

/// Seeded random faults (a "nemesis", in Jepsen's word): every `every`
/// until `until`, a partition that splits the replicas in two at random is
/// started (or the current one healed), and a random running replica is
/// crashed, to restart one period later. At `until` everything heals and
/// every crashed replica restarts.
public struct NemesisSettings: Hashable, Sendable {
    /// The period of the schedule, in microseconds.
    public var everyMicros: Int64
    /// When the faults end and everything heals, in microseconds from the start.
    public var untilMicros: Int64
    /// The chance, each period, of starting a partition rather than healing.
    public var partitionProbability: Probability
    /// The chance, each period, of crashing a running replica.
    public var crashProbability: Probability

    /// Settings of a nemesis; `everyMicros` must be positive.
    public init(everyMicros: Int64, untilMicros: Int64, partitionProbability: Probability, crashProbability: Probability) {
        precondition(everyMicros > 0, "nemesis period must be positive")
        self.everyMicros = everyMicros
        self.untilMicros = untilMicros
        self.partitionProbability = partitionProbability
        self.crashProbability = crashProbability
    }
}
