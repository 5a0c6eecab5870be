/// A natural key interned as 128 bits: MurmurHash3 (``StableHash``) of its
/// unique key and length-prefixed values, the same in every process, as
/// `crdt`'s derived ids are. A store indexes live holders by it, so the hot
/// path hashes and compares two words instead of arrays of strings, and
/// keeps no copy of each key: the key's text is always at hand in the
/// records that hold it, for output and for the store's collision check.
public struct NaturalKeyHash: Hashable, Sendable {
    /// The first 64 bits.
    public let high: UInt64
    /// The last 64 bits.
    public let low: UInt64

    /// The hash of `key`.
    public init(_ key: NaturalKey) {
        var writer = Self.writer(for: key.uniqueKey, valueCount: key.values.count)
        for value in key.values { value.write(to: &writer) }
        (high, low) = writer.finalize()
    }

    /// The hash of `record`'s key for `uniqueKey`, built straight from its
    /// fields (no ``NaturalKey`` in between); nil when a key field is unset,
    /// as ``NaturalKey/init(record:uniqueKey:schema:)`` is.
    public init?(record: Record, uniqueKey: UniqueKeyID, keyFields: [Int]) {
        var writer = Self.writer(for: uniqueKey, valueCount: keyFields.count)
        for field in keyFields {
            guard let value = record.value(field) else { return nil }
            value.write(to: &writer)
        }
        (high, low) = writer.finalize()
    }

    private static func writer(for uniqueKey: UniqueKeyID, valueCount: Int) -> StableHasher {
        var writer = StableHasher()
        writer.append(uniqueKey.entity.rawValue)
        writer.append(uniqueKey.key)
        writer.append(valueCount)
        return writer
    }

    /// The bits are already a uniform hash: one word is enough for a table.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(low)
    }
}
