/// A write's stamp: `(wallMicros, counter, replica)`, compared in that order.
///
/// Under `crdt` it is a hybrid logical clock reading; under `lww`, `dedupe`
/// and `unique:*` it is the replica's own (possibly skewed) wall clock, with
/// the counter only separating writes made in the same microsecond. The
/// replica id breaks ties, so every replica picks the same winner. Stamps a
/// replica issues are strictly increasing, hence unique in a run.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The clock reading in microseconds: hybrid or wall, as the strategy stamps.
    public let wallMicros: Int64
    /// Separates stamps with the same `wallMicros` from one replica.
    public let counter: UInt32
    /// The replica that issued the stamp: the last tie-break.
    public let replica: ReplicaID

    /// A stamp from its three parts.
    public init(wallMicros: Int64, counter: UInt32, replica: ReplicaID) {
        self.wallMicros = wallMicros
        self.counter = counter
        self.replica = replica
    }

    /// Orders by wall time, then counter, then replica index.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.wallMicros, lhs.counter, lhs.replica.index) < (rhs.wallMicros, rhs.counter, rhs.replica.index)
    }

    /// `wall.counter@replica`, as in `1000.0@r1`.
    public var description: String { "\(wallMicros).\(counter)@\(replica)" }
}
