import SyncModel

/// The lossy network between replicas: decides, for each message sent,
/// whether and when copies of it arrive. It never inspects or repairs what
/// it carries; recovery is the sync protocol's job.
public struct Network: Sendable {
    /// Settings for every link without its own.
    public let settings: NetworkSettings
    /// Settings of single directed links, keyed by `(from, to)`.
    public private(set) var linkSettings: [Link: NetworkSettings] = [:]
    /// What the network did so far, over every link.
    public private(set) var counters = NetworkCounters()
    /// Who can reach whom now: partitions and one-way cuts.
    public private(set) var reachability: Reachability
    private var random: Xoshiro256StarStar

    /// A network with no partition, drawing every fate from `random`.
    public init(settings: NetworkSettings, replicaCount: Int, random: Xoshiro256StarStar) {
        self.settings = settings
        reachability = Reachability(replicaCount: replicaCount)
        self.random = random
    }

    /// A directed link between two replicas.
    public struct Link: Hashable, Sendable {
        /// The sender.
        public let from: ReplicaID
        /// The receiver.
        public let to: ReplicaID
        /// The link from `from` to `to`.
        public init(from: ReplicaID, to: ReplicaID) {
            self.from = from
            self.to = to
        }
    }

    /// Gives one directed link its own drop, duplicate, reorder and delay.
    public mutating func setSettings(_ settings: NetworkSettings, for link: Link) {
        linkSettings[link] = settings
    }

    /// The settings of `link`: its own, or the network's.
    public func settings(for link: Link) -> NetworkSettings {
        linkSettings[link] ?? settings
    }

    /// True when a message from `from` would reach `to` now.
    public func connected(_ from: ReplicaID, _ to: ReplicaID) -> Bool {
        reachability.canReach(from: from, to: to)
    }

    /// True while some link is cut by a partition or a one-way cut.
    public var isPartitioned: Bool { !reachability.isWhole }

    /// Splits replicas into groups that cannot reach each other either
    /// way. Replicas not named form one more group together.
    public mutating func partition(_ named: [[ReplicaID]]) {
        reachability.partition(named)
    }

    /// Loses messages from `from` to `to`, one way only.
    public mutating func cut(from: [ReplicaID], to: [ReplicaID]) {
        reachability.cut(from: from, to: to)
    }

    /// Ends every partition and cut.
    public mutating func heal() { reachability.heal() }

    /// Sends one message; returns the delivery times of the copies that
    /// will arrive (none when dropped). Draws happen in a fixed order, so a
    /// seed fixes every fate.
    public mutating func send(from: ReplicaID, to: ReplicaID, sizeBytes: Int, atMicros now: Int64) -> [Int64] {
        counters.sent += 1
        counters.bytes += sizeBytes
        let link = settings(for: Link(from: from, to: to))
        let lost = random.chance(link.dropProbability)
        let duplicate = random.chance(link.duplicateProbability)
        guard connected(from, to), !lost else {
            counters.dropped += 1
            return []
        }
        var deliveries = [now + drawDelay(link)]
        if duplicate {
            counters.duplicated += 1
            deliveries.append(now + drawDelay(link))
        }
        return deliveries
    }

    /// A copy lost because an end crashed while it was in flight.
    public mutating func lose() {
        counters.dropped += 1
    }

    /// A copy reaches its receiver only if no partition stands between them
    /// now; otherwise it is lost in flight.
    public mutating func arrive(from: ReplicaID, to: ReplicaID) -> Bool {
        guard connected(from, to) else {
            counters.dropped += 1
            return false
        }
        counters.delivered += 1
        return true
    }

    private mutating func drawDelay(_ link: NetworkSettings) -> Int64 {
        var delay = random.next(in: link.delayMinMicros ... link.delayMaxMicros)
        if random.chance(link.reorderProbability) {
            delay += random.next(in: 0 ... link.delayMaxMicros)
        }
        return delay
    }
}
