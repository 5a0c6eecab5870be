/// Which clock stamps a strategy's writes (DESIGN.md, "Records are CRDTs").
public enum StampClockKind: String, Sendable {
    /// A hybrid logical clock: never orders a write before one its replica
    /// has already seen, whatever the physical clock says.
    case hybrid
    /// The replica's wall clock, as apps comparing modification dates do:
    /// a replica whose clock runs behind loses to older writes.
    case wall
}

/// Issues a replica's timestamps.
///
/// Both kinds are monotonic per replica (a later local write never gets a
/// smaller stamp); only the hybrid kind also moves forward past stamps it
/// observes from other replicas (Kulkarni et al., "Logical Physical Clocks").
public struct ReplicaClock: Sendable {
    /// Hybrid or wall: whether remote stamps move this clock forward.
    public let kind: StampClockKind
    /// The replica whose stamps this clock issues; every stamp carries it.
    public let replica: ReplicaID
    /// The replica's physical clock, skew and drift included, that stamps start from.
    public var physical: PhysicalClock
    /// The last stamp issued or observed. Starts at `Int64.min` microseconds, below any reading.
    public private(set) var last: Timestamp

    /// A clock for `replica` that has issued nothing yet.
    public init(kind: StampClockKind, replica: ReplicaID, physical: PhysicalClock = PhysicalClock()) {
        self.kind = kind
        self.replica = replica
        self.physical = physical
        self.last = Timestamp(wallMicros: Int64.min, counter: 0, replica: replica)
    }

    /// A fresh stamp for a local write at true time `trueMicros`.
    public mutating func stamp(atTrueMicros trueMicros: Int64) -> Timestamp {
        let reading = physical.reading(atTrueMicros: trueMicros)
        if reading > last.wallMicros {
            last = Timestamp(wallMicros: reading, counter: 0, replica: replica)
        } else {
            precondition(last.counter < UInt32.max, "timestamp counter overflow on \(replica)")
            last = Timestamp(wallMicros: last.wallMicros, counter: last.counter + 1, replica: replica)
        }
        return last
    }

    /// Takes note of a remote stamp. Only the hybrid clock moves; a wall
    /// clock ignores what it receives, which is how wall-clock LWW loses writes.
    public mutating func observe(_ remote: Timestamp, atTrueMicros trueMicros: Int64) {
        guard kind == .hybrid else { return }
        let reading = physical.reading(atTrueMicros: trueMicros)
        let wall = max(reading, last.wallMicros, remote.wallMicros)
        let counter: UInt32
        precondition(last.counter < UInt32.max && remote.counter < UInt32.max, "timestamp counter overflow on \(replica)")
        if wall == last.wallMicros && wall == remote.wallMicros {
            counter = max(last.counter, remote.counter) + 1
        } else if wall == last.wallMicros {
            counter = last.counter + 1
        } else if wall == remote.wallMicros {
            counter = remote.counter + 1
        } else {
            counter = 0
        }
        last = Timestamp(wallMicros: wall, counter: counter, replica: replica)
    }
}
