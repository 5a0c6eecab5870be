/// A replica's position in the run, `0 ..< replicaCount`.
///
/// The number, not the display name, is the tie-break in timestamps, so that
/// `r10` orders after `r2` and every replica picks the same winner.
public struct ReplicaID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Two bytes, not eight: every stamp carries one, and every register,
    /// creation and link carries a stamp, so this is a store's memory
    /// (a `Timestamp` packs into 16 bytes instead of 24).
    private let storage: UInt16

    /// The replica's position, `0 ..< replicaCount`.
    public var index: Int { Int(storage) }

    /// The replica at `index`, which must fit in 16 bits.
    public init(_ index: Int) {
        precondition(index >= 0 && index <= Int(UInt16.max), "replica index out of range: \(index)")
        storage = UInt16(index)
    }

    /// Orders by index.
    public static func < (lhs: ReplicaID, rhs: ReplicaID) -> Bool { lhs.index < rhs.index }

    /// The default display name: `r1` for index 0.
    public var description: String { "r\(index + 1)" }
}
