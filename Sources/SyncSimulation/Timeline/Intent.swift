import SyncModel

/// One field an application sets: `nil` clears it.
public struct FieldWrite: Hashable, Sendable {
    /// The field's index in its entity.
    public let field: Int
    /// The value written; nil clears the field.
    public let value: FieldValue?

    /// A write of `value` to `field`.
    public init(field: Int, value: FieldValue?) {
        self.field = field
        self.value = value
    }
}

/// One row an application wants to exist: its entity and fields, key
/// fields included.
public struct Row: Hashable, Sendable {
    /// The entity the row belongs to.
    public let entity: EntityIndex
    /// The fields the row sets, key fields included.
    public let writes: [FieldWrite]

    /// A row of `entity` setting `writes`.
    public init(entity: EntityIndex, writes: [FieldWrite]) {
        self.entity = entity
        self.writes = writes
    }

    /// The row's value for `uniqueKey`, or nil when a key field is missing.
    public func naturalKey(_ uniqueKey: UniqueKeyID, schema: Schema) -> NaturalKey? {
        var values: [FieldValue] = []
        for field in schema[entity].uniqueKeys[uniqueKey.key] {
            guard let value = writes.last(where: { $0.field == field })?.value else { return nil }
            values.append(value)
        }
        return NaturalKey(uniqueKey: uniqueKey, values: values)
    }

    /// The row's identity key (its entity's first unique key).
    public func identityKey(schema: Schema) -> NaturalKey? {
        guard !schema[entity].uniqueKeys.isEmpty else { return nil }
        return naturalKey(UniqueKeyID(entity: entity, key: 0), schema: schema)
    }
}

/// What an application asks of its replica. How it becomes store writes is
/// the strategy's business; what the user meant is the checker's truth.
public enum Intent: Hashable, Sendable {
    /// "Make sure these rows exist with these values", saved in one
    /// transaction: a server response imported, or a single create.
    case save([Row])
    /// "Set these fields" on the record a fetch by `key` returns first.
    case update(key: NaturalKey, writes: [FieldWrite])
    /// "Delete" the record a fetch by `key` returns first.
    case delete(key: NaturalKey)
    /// "Link" the first record of `key` to the first record of `target`.
    case link(key: NaturalKey, relation: Int, target: NaturalKey)
}
