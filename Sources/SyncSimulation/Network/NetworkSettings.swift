/// How the simulated network treats every message (the same on every link).
public struct NetworkSettings: Hashable, Sendable {
    /// Chance that a message is lost.
    public var dropProbability: Probability
    /// Chance that a message arrives twice.
    public var duplicateProbability: Probability
    /// Chance that a message is held back by up to one more maximum delay,
    /// so that it arrives after messages sent later.
    public var reorderProbability: Probability
    /// The shortest delay of a message, in microseconds.
    public var delayMinMicros: Int64
    /// The longest delay of a message (before reordering), in microseconds.
    public var delayMaxMicros: Int64

    /// The delay of a message when a scenario file or the Swift API sets
    /// none: 5–80 ms, one default for both.
    public static let defaultDelayMicros: ClosedRange<Int64> = 5_000 ... 80_000

    /// A network that loses, duplicates and reorders nothing, where every
    /// message takes exactly 1 ms: for outcomes worked out by hand.
    public static let reliable = NetworkSettings(delayMinMicros: 1_000, delayMaxMicros: 1_000)

    /// By default nothing is lost, duplicated or reordered, and a message
    /// takes ``defaultDelayMicros``, as in a scenario file that sets no
    /// `network`. The delay range must not be empty or negative.
    public init(
        dropProbability: Probability = .never,
        duplicateProbability: Probability = .never,
        reorderProbability: Probability = .never,
        delayMinMicros: Int64 = NetworkSettings.defaultDelayMicros.lowerBound,
        delayMaxMicros: Int64 = NetworkSettings.defaultDelayMicros.upperBound
    ) {
        precondition(delayMinMicros >= 0 && delayMinMicros <= delayMaxMicros, "bad delay range")
        self.dropProbability = dropProbability
        self.duplicateProbability = duplicateProbability
        self.reorderProbability = reorderProbability
        self.delayMinMicros = delayMinMicros
        self.delayMaxMicros = delayMaxMicros
    }
}

/// What the network did, summed over every link.
public struct NetworkCounters: Hashable, Sendable {
    /// Messages senders handed to the network.
    public var sent = 0
    /// Lost at random or cut by a partition.
    public var dropped = 0
    /// Extra copies the network made.
    public var duplicated = 0
    /// Copies that reached their receivers.
    public var delivered = 0
    /// Bytes handed to the network by senders (estimated sizes).
    public var bytes = 0

    /// Counters at zero.
    public init() {}
}
