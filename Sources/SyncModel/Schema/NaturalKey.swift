/// The value of one unique key on one record: `email = elena@example.com`,
/// or `(givenName, familyName) = (Ada, Lovelace)`.
///
/// A record with any key field unset has no natural key for that key and
/// never collides, as SQL treats NULL in a UNIQUE index.
public struct NaturalKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Which key of which entity this is a value of.
    public let uniqueKey: UniqueKeyID
    /// The key fields' values, in the key's field order.
    public let values: [FieldValue]

    /// A key from its values, given in the key's field order.
    public init(uniqueKey: UniqueKeyID, values: [FieldValue]) {
        self.uniqueKey = uniqueKey
        self.values = values
    }

    /// The key of `record` for `uniqueKey`, or nil when a key field is unset.
    public init?(record: Record, uniqueKey: UniqueKeyID, schema: Schema) {
        precondition(record.entity == uniqueKey.entity, "record of another entity")
        var values: [FieldValue] = []
        for field in schema[uniqueKey.entity].uniqueKeys[uniqueKey.key] {
            guard let value = record.value(field) else { return nil }
            values.append(value)
        }
        self.init(uniqueKey: uniqueKey, values: values)
    }

    /// Orders by unique key, then by values, lexicographically.
    public static func < (lhs: NaturalKey, rhs: NaturalKey) -> Bool {
        if lhs.uniqueKey != rhs.uniqueKey { return lhs.uniqueKey < rhs.uniqueKey }
        // Index by index rather than `lexicographicallyPrecedes`, whose
        // iterators copy (retain) every value they pass.
        let shared = Swift.min(lhs.values.count, rhs.values.count)
        for index in 0 ..< shared {
            let order = FieldValue.order(lhs.values[index], rhs.values[index])
            if order != 0 { return order < 0 }
        }
        return lhs.values.count < rhs.values.count
    }

    /// The values joined by `+`, as in `Ada+Lovelace`.
    public var description: String { values.map(\.description).joined(separator: "+") }

    /// The id `crdt` gives every record of this key: a stable 128-bit hash of
    /// the entity name and the length-prefixed key values, so every replica's
    /// create of one key is the same record. Values are used exactly as given
    /// (no case folding), so `crdt` and a `UNIQUE` index agree on what a
    /// duplicate is.
    public func derivedRecordID(schema: Schema) -> RecordID {
        var writer = StableHasher()
        writer.append(schema[uniqueKey.entity].name)
        writer.append(values.count)
        for value in values { value.write(to: &writer) }
        let (high, low) = writer.finalize()
        return RecordID(high: high, low: low)
    }
}
