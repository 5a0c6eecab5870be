import SyncModel

/// Store indexes recomputed from scratch by scanning every record: the
/// slow, obviously right answer the incremental ones are checked against.
enum BruteForce {
    /// Live holders of every natural key, ids sorted.
    static func holders(_ records: [Record], schema: Schema) -> [NaturalKey: [RecordID]] {
        var result: [NaturalKey: [RecordID]] = [:]
        for record in records where record.isLive {
            for uniqueKey in schema.allUniqueKeys where uniqueKey.entity == record.entity {
                if let key = NaturalKey(record: record, uniqueKey: uniqueKey, schema: schema) {
                    result[key, default: []].append(record.id)
                }
            }
        }
        return result.mapValues { $0.sorted() }
    }

    /// DESIGN.md's duplicates: per unique key, live records that hold a
    /// value of it minus the distinct values held. A record with a key
    /// field unset holds no value, as NULL in a UNIQUE index.
    static func duplicateCount(_ records: [Record], schema: Schema) -> Int {
        var total = 0
        for uniqueKey in schema.allUniqueKeys {
            let keys = records.filter { $0.isLive && $0.entity == uniqueKey.entity }
                .compactMap { NaturalKey(record: $0, uniqueKey: uniqueKey, schema: schema) }
            total += keys.count - Set(keys).count
        }
        return total
    }

    /// Keys of `uniqueKey` with more than one live holder, sorted.
    static func duplicatedKeys(_ records: [Record], of uniqueKey: UniqueKeyID, schema: Schema) -> [NaturalKey] {
        holders(records, schema: schema).filter { $0.key.uniqueKey == uniqueKey && $0.value.count > 1 }
            .keys.sorted()
    }

    /// Every key any record carries, live or not: lookups for the keys of
    /// tombstones must come back empty.
    static func everyKey(_ records: [Record], schema: Schema) -> Set<NaturalKey> {
        var keys = Set<NaturalKey>()
        for record in records {
            for uniqueKey in schema.allUniqueKeys where uniqueKey.entity == record.entity {
                if let key = NaturalKey(record: record, uniqueKey: uniqueKey, schema: schema) { keys.insert(key) }
            }
        }
        return keys
    }

    static func digest(_ records: [Record]) -> StateDigest {
        records.reduce(StateDigest.zero) { $0 + $1.materialisedDigest }
    }
}
