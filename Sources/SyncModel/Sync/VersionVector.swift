/// How many change sets from each origin a replica has, indexed by origin.
///
/// Dense over `0 ..< count`; an origin beyond the end reads as 0, and
/// writing one extends the vector, because a replica that is wiped comes
/// back as a new origin (its old change sets still circulate under the old
/// one). Vectors live per replica and per change set, never per record.
public struct VersionVector: Hashable, Sendable {
    /// Change sets held per origin, by origin index; origins past the end read as 0.
    public private(set) var counts: [UInt32]

    /// A vector of zeros, one per replica.
    public init(replicaCount: Int) {
        counts = Array(repeating: 0, count: replicaCount)
    }

    /// The count for `origin`: 0 beyond the end; setting one there extends the vector.
    public subscript(origin: ReplicaID) -> UInt32 {
        get { origin.index < counts.count ? counts[origin.index] : 0 }
        set {
            if origin.index >= counts.count {
                counts += Array(repeating: 0, count: origin.index + 1 - counts.count)
            }
            counts[origin.index] = newValue
        }
    }

    /// True when this vector has everything `other` has.
    public func dominates(_ other: VersionVector) -> Bool {
        other.counts.indices.allSatisfy { self[ReplicaID($0)] >= other.counts[$0] }
    }

    /// Change sets held, over every origin.
    public var total: Int { counts.reduce(0) { $0 + Int($1) } }

    /// Origins this vector can name: every index below this is readable.
    public var originCount: Int { counts.count }

    /// Equal when every origin has the same count, whatever the lengths.
    public static func == (lhs: VersionVector, rhs: VersionVector) -> Bool {
        lhs.dominates(rhs) && rhs.dominates(lhs)
    }

    /// Hashes the counts without trailing zeros, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        var significant = counts[...]
        while significant.last == 0 { significant.removeLast() }
        hasher.combine(Array(significant))
    }
}
