/// A last-writer-wins register: the value written with the highest stamp.
///
/// `value == nil` is a stamped write of "unset" (how object-trump erases an
/// attribute the importer left empty), which differs from never written.
public struct Register: Hashable, Sendable {
    /// The value written; nil for a stamped write of "unset".
    public var value: FieldValue?
    /// The stamp of the write that set the value.
    public var stamp: Timestamp

    /// A register holding `value`, written at `stamp`.
    public init(value: FieldValue?, stamp: Timestamp) {
        self.value = value
        self.stamp = stamp
    }

    /// The join: the higher stamp wins. Stamps are unique per run, so equal
    /// stamps mean the same write; the value comparison only keeps the join
    /// commutative should a caller ever break that rule.
    public func merged(with other: Register) -> Register {
        if other.stamp > stamp { return other }
        if other.stamp < stamp { return self }
        return Register.valueOrder(other.value, value) ? self : other
    }

    static func valueOrder(_ lhs: FieldValue?, _ rhs: FieldValue?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return false
        case (nil, _): return true
        case (_, nil): return false
        case (let a?, let b?): return a < b
        }
    }
}
