/// How many change sets from each origin a replica has, indexed by replica.
///
/// Dense: a run's replicas are `0 ..< count`. Vectors live per replica and
/// per change set, never per record.
public struct VersionVector: Hashable, Sendable {
    public private(set) var counts: [UInt32]

    public init(replicaCount: Int) {
        counts = Array(repeating: 0, count: replicaCount)
    }

    public subscript(replica: ReplicaID) -> UInt32 {
        get { counts[replica.index] }
        set { counts[replica.index] = newValue }
    }

    /// True when this vector has everything `other` has.
    public func dominates(_ other: VersionVector) -> Bool {
        precondition(counts.count == other.counts.count, "vectors of different runs: \(counts.count) and \(other.counts.count) replicas")
        return zip(counts, other.counts).allSatisfy { $0 >= $1 }
    }

    public var total: Int { counts.reduce(0) { $0 + Int($1) } }
}
