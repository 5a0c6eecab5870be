import SyncModel

/// The lossy network between replicas: decides, for each message sent,
/// whether and when copies of it arrive. It never inspects or repairs what
/// it carries; recovery is the sync protocol's job.
public struct Network: Sendable {
    /// Settings for every link without its own.
    public let settings: NetworkSettings
    /// Settings of single directed links, keyed by `(from, to)`.
    public private(set) var linkSettings: [Link: NetworkSettings] = [:]
    public private(set) var counters = NetworkCounters()
    /// Partition group of each replica; nil while the network is whole.
    public private(set) var groups: [Int]?
    private var random: Xoshiro256StarStar

    public init(settings: NetworkSettings, random: Xoshiro256StarStar) {
        self.settings = settings
        self.random = random
    }

    /// A directed link between two replicas.
    public struct Link: Hashable, Sendable {
        public let from: ReplicaID
        public let to: ReplicaID
        public init(from: ReplicaID, to: ReplicaID) {
            self.from = from
            self.to = to
        }
    }

    /// Gives one directed link its own drop, duplicate, reorder and delay.
    public mutating func setSettings(_ settings: NetworkSettings, for link: Link) {
        linkSettings[link] = settings
    }

    public func settings(for link: Link) -> NetworkSettings {
        linkSettings[link] ?? settings
    }

    public func connected(_ a: ReplicaID, _ b: ReplicaID) -> Bool {
        guard let groups else { return true }
        return groups[a.index] == groups[b.index]
    }

    /// Splits replicas into groups that cannot reach each other. Replicas
    /// not named form one more group together.
    public mutating func partition(_ named: [[ReplicaID]], replicaCount: Int) {
        var assignment = Array(repeating: named.count, count: replicaCount)
        for (group, members) in named.enumerated() {
            for member in members { assignment[member.index] = group }
        }
        groups = assignment
    }

    public mutating func heal() { groups = nil }

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
