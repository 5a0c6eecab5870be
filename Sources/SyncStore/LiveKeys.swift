import SyncModel

/// One natural key a live record holds, interned (``NaturalKeyHash``).
package struct LiveKey: Hashable {
    package let uniqueKey: UniqueKeyID
    package let hash: NaturalKeyHash
}

/// Which natural keys a record holds, per the schema: what every store
/// indexes. Built once per store, so the hot path reads key fields by index.
package struct LiveKeys: Sendable {
    private let schema: Schema
    /// Per entity: each unique key and the fields it is made of.
    private let keysByEntity: [[(uniqueKey: UniqueKeyID, fields: [Int])]]
    /// Per entity, per field: whether some unique key includes it.
    private let isKeyField: [[Bool]]

    package init(schema: Schema) {
        self.schema = schema
        keysByEntity = schema.entities.indices.map { entity in
            schema.entities[entity].uniqueKeys.indices.map { key in
                (UniqueKeyID(entity: EntityIndex(entity), key: key), schema.entities[entity].uniqueKeys[key])
            }
        }
        isKeyField = schema.entities.map { entity in entity.fields.indices.map(entity.isKeyField) }
    }

    /// The keys `record` holds while live; none once deleted, and none for
    /// a key with an unset field (SQL's NULL in a `UNIQUE` index).
    package func of(_ record: Record) -> [LiveKey] {
        let keys = keysByEntity[record.entity.rawValue]
        guard !keys.isEmpty, record.isLive else { return [] }
        return keys.compactMap { key in
            NaturalKeyHash(record: record, uniqueKey: key.uniqueKey, keyFields: key.fields).map { LiveKey(uniqueKey: key.uniqueKey, hash: $0) }
        }
    }

    /// The same keys as text, in the entity's key order: what a table's key
    /// columns store.
    package func naturalKeys(of record: Record) -> [NaturalKey] {
        let keys = keysByEntity[record.entity.rawValue]
        guard !keys.isEmpty, record.isLive else { return [] }
        return keys.compactMap { NaturalKey(record: record, uniqueKey: $0.uniqueKey, schema: schema) }
    }

    /// False when applying `operation` to any stored version cannot change
    /// which keys the record holds: a merge that carries no creation, no
    /// delete and no write to a key field (most remote updates). Its keys
    /// then need no hashing and the index no visit.
    package func mayChange(_ operation: StoreOperation) -> Bool {
        switch operation {
        case .replace: return true
        case .merge(let change):
            if keysByEntity[change.entity.rawValue].isEmpty { return false }
            if change.isCreation || change.deletesSomething { return true }
            let keyFields = isKeyField[change.entity.rawValue]
            return change.fields.indices.contains { keyFields[$0] && change.fields[$0] != nil }
        }
    }

    /// The key `live` stands for, read from `record`, which holds it.
    package func naturalKey(_ live: LiveKey, of record: Record) -> NaturalKey {
        guard let key = NaturalKey(record: record, uniqueKey: live.uniqueKey, schema: schema) else {
            preconditionFailure("record \(record.id) does not hold the key it is indexed under")
        }
        return key
    }

    /// True when `record` holds exactly `key`: the check that a 128-bit
    /// hash stood for the key it was looked up by.
    package func holds(_ record: Record, _ key: NaturalKey) -> Bool {
        guard record.entity == key.uniqueKey.entity else { return false }
        let keys = keysByEntity[record.entity.rawValue]
        guard keys.indices.contains(key.uniqueKey.key) else { return false }
        let fields = keys[key.uniqueKey.key].fields
        // A key built by hand may have the wrong number of values.
        guard fields.count == key.values.count else { return false }
        return fields.indices.allSatisfy { record.value(fields[$0]) == key.values[$0] }
    }
}
