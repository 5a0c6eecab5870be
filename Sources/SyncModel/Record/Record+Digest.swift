/// What an application sees of a record, hashed: entity, live field values
/// and live relationship targets. Stamps and the record's own id are left
/// out, so two replicas that show a user the same records agree on the
/// digest even where a merge policy kept different local records for one
/// key. Relationship targets are still named by id: a link to a record that
/// one replica folded into another local record counts as different.
extension Record {
    /// The digest of what the app sees of this record; zero when it is not live.
    public var materialisedDigest: StateDigest {
        guard isLive else { return .zero }
        var writer = StableHasher()
        writer.append(entity.rawValue)
        for register in fields {
            if let value = register?.value {
                writer.append(1)
                value.write(to: &writer)
            } else {
                writer.append(0)
            }
        }
        for set in relations {
            let targets = set.elements
            writer.append(targets.count)
            for target in targets { writer.append(target) }
        }
        let (high, low) = writer.finalize()
        return StateDigest(high: high, low: low)
    }
}

/// An order-independent digest of a whole store: the wrapping sum of its
/// live records' digests, so it updates in O(1) as one record changes.
public struct StateDigest: Hashable, Sendable, CustomStringConvertible {
    /// The first 64 bits.
    public var high: UInt64
    /// The last 64 bits.
    public var low: UInt64

    /// The digest of an empty store, and of a record that is not live.
    public static let zero = StateDigest(high: 0, low: 0)

    /// A digest from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Adds a record's digest, as a 128-bit wrapping sum.
    public static func + (lhs: StateDigest, rhs: StateDigest) -> StateDigest {
        let (low, carry) = lhs.low.addingReportingOverflow(rhs.low)
        return StateDigest(high: lhs.high &+ rhs.high &+ (carry ? 1 : 0), low: low)
    }

    /// Takes a record's digest away again, wrapping: how a store updates as a record changes.
    public static func - (lhs: StateDigest, rhs: StateDigest) -> StateDigest {
        let (low, borrow) = lhs.low.subtractingReportingOverflow(rhs.low)
        return StateDigest(high: lhs.high &- rhs.high &- (borrow ? 1 : 0), low: low)
    }

    /// 32 lowercase hex digits.
    public var description: String { hex16(high) + hex16(low) }
}
