import SyncModel

/// Which device can reach which, per direction: the network's faults as
/// data. A partition cuts every link between its groups both ways; a cut
/// removes links one way only (device A can send to B while B's messages
/// to A are lost), as a broken NAT mapping or a one-way firewall rule does.
/// Cuts add up until a heal restores every link.
public struct Reachability: Hashable, Sendable {
    /// The devices covered, by index.
    public let replicaCount: Int
    /// `blocked[from * replicaCount + to]`.
    private var blocked: [Bool]
    private var blockedCount = 0

    /// Every device reaching every other.
    public init(replicaCount: Int) {
        self.replicaCount = replicaCount
        blocked = Array(repeating: false, count: replicaCount * replicaCount)
    }

    /// True when every device can reach every other.
    public var isWhole: Bool { blockedCount == 0 }

    /// True when a message from `from` would reach `to`; a device always reaches itself.
    public func canReach(from: ReplicaID, to: ReplicaID) -> Bool {
        from == to || !blocked[from.index * replicaCount + to.index]
    }

    /// Splits devices into groups that cannot reach each other either way;
    /// devices not named form one more group together. Replaces any cut.
    public mutating func partition(_ named: [[ReplicaID]]) {
        var group = Array(repeating: named.count, count: replicaCount)
        for (index, members) in named.enumerated() {
            for member in members { group[member.index] = index }
        }
        heal()
        for from in 0 ..< replicaCount {
            for to in 0 ..< replicaCount where group[from] != group[to] {
                block(from, to)
            }
        }
    }

    /// Loses every message from a device in `from` to a device in `to`;
    /// the other direction is untouched.
    public mutating func cut(from: [ReplicaID], to: [ReplicaID]) {
        for sender in from {
            for receiver in to where sender != receiver {
                block(sender.index, receiver.index)
            }
        }
    }

    /// Restores every link.
    public mutating func heal() {
        guard blockedCount > 0 else { return }
        blocked = Array(repeating: false, count: replicaCount * replicaCount)
        blockedCount = 0
    }

    private mutating func block(_ from: Int, _ to: Int) {
        guard !blocked[from * replicaCount + to] else { return }
        blocked[from * replicaCount + to] = true
        blockedCount += 1
    }
}
