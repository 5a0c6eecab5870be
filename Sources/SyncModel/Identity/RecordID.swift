/// A 128-bit record identifier.
///
/// Random for the strategies that model app-generated ids (`lww`, `dedupe`,
/// `unique:*`); derived from `(entity, natural key)` by ``StableHash`` for
/// `crdt`. Ordered by its bits, which is what "the lowest id wins" means.
public struct RecordID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The first 64 bits, compared first.
    public let high: UInt64
    /// The last 64 bits.
    public let low: UInt64

    /// An id from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Orders by the 128 bits, high word first.
    public static func < (lhs: RecordID, rhs: RecordID) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }

    /// 32 lowercase hex digits.
    public var description: String { hex16(high) + hex16(low) }
}

/// Zero-padded lowercase hex of a 64-bit value.
func hex16(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}

extension Array {
    /// The positions of the elements in the order of their record ids,
    /// equal ids in their given order: each record's elements are then
    /// consecutive, in order. Positions are sorted, not the elements: moving
    /// an element that holds arrays retains them. Inlinable, so that each
    /// caller's copy is specialized to its element type.
    @inlinable
    public func positionsInIDOrder(_ id: (Element) -> RecordID) -> [Int] {
        indices.sorted { left, right in
            let (leftID, rightID) = (id(self[left]), id(self[right]))
            return leftID < rightID || (leftID == rightID && left < right)
        }
    }
}
