/// A replica's position in the run, `0 ..< replicaCount`.
///
/// The number, not the display name, is the tie-break in timestamps, so that
/// `r10` orders after `r2` and every replica picks the same winner.
public struct ReplicaID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let index: Int

    public init(_ index: Int) {
        precondition(index >= 0 && index <= Int(UInt16.max), "replica index out of range: \(index)")
        self.index = index
    }

    public static func < (lhs: ReplicaID, rhs: ReplicaID) -> Bool { lhs.index < rhs.index }

    /// The default display name: `r1` for index 0.
    public var description: String { "r\(index + 1)" }
}
