/// An entity's position in the schema.
public struct EntityIndex: Hashable, Comparable, Sendable {
    /// Two bytes: every stored record carries one.
    private let storage: UInt16
    /// The entity's position in ``Schema/entities``.
    public var rawValue: Int { Int(storage) }
    /// The entity at `rawValue`, which must fit in 16 bits.
    public init(_ rawValue: Int) {
        precondition(rawValue >= 0 && rawValue <= Int(UInt16.max), "entity index out of range: \(rawValue)")
        storage = UInt16(rawValue)
    }
    /// Orders by position in the schema.
    public static func < (lhs: EntityIndex, rhs: EntityIndex) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One entity: its fields, its unique keys (each one field, like
/// `@Attribute(.unique)`, or several, like `#Unique<Person>([\.givenName,
/// \.familyName])`, seed 003) and the relationships it owns.
public struct EntitySchema: Hashable, Sendable {
    /// A relationship this entity owns: its records hold the targets (an
    /// observed-remove set of ids). Its inverse, if declared, is derived
    /// from it and never stored, as Core Data stores a one-to-many pair
    /// once, on the to-one side (docs/sources/dedupe-and-deletes.md, item 8),
    /// so the two directions cannot disagree.
    public struct Relation: Hashable, Sendable {
        /// The relationship's name, unique among the entity's fields and relationships.
        public let name: String
        /// The name of the entity the relationship points at.
        public let target: String
        /// To many (a set of targets) or to one (the target added last).
        public let toMany: Bool
        /// What deleting an owning record does to its targets.
        public let deleteRule: DeleteRule
        /// The derived relationship on the target entity, if declared.
        public let inverse: Inverse?

        /// A relationship; to-many with Core Data's default `nullify` rule and no inverse unless told.
        public init(name: String, target: String, toMany: Bool = true, deleteRule: DeleteRule = .nullify, inverse: Inverse? = nil) {
            self.name = name
            self.target = target
            self.toMany = toMany
            self.deleteRule = deleteRule
            self.inverse = inverse
        }
    }

    /// The other direction of a relationship: on the target entity, the
    /// records whose relationship holds it. Its delete rule says what
    /// deleting a target does to those records.
    public struct Inverse: Hashable, Sendable {
        /// The inverse's name on the target entity.
        public let name: String
        /// What deleting a target does to the records that hold it.
        public let deleteRule: DeleteRule

        /// An inverse; `nullify` unless told, as in Core Data.
        public init(name: String, deleteRule: DeleteRule = .nullify) {
            self.name = name
            self.deleteRule = deleteRule
        }
    }

    /// The entity's name, unique in the schema.
    public let name: String
    /// Field names, in declaration order: a field's index is its position here.
    public let fields: [String]
    /// Each key is a list of field indices, in declaration order.
    public let uniqueKeys: [[Int]]
    /// The relationships this entity owns, in declaration order.
    public let relations: [Relation]

    /// An entity; traps on no fields, a repeated field, or an empty unique key or one naming an unknown field.
    public init(name: String, fields: [String], uniqueKeys: [[String]], relations: [Relation] = []) {
        precondition(!fields.isEmpty, "entity \(name) has no fields")
        precondition(Set(fields).count == fields.count, "entity \(name) repeats a field")
        self.name = name
        self.fields = fields
        self.uniqueKeys = uniqueKeys.map { key in
            precondition(!key.isEmpty, "entity \(name) has an empty unique key")
            return key.map { field in
                guard let index = fields.firstIndex(of: field) else {
                    preconditionFailure("unique key of \(name) names unknown field \(field)")
                }
                return index
            }
        }
        self.relations = relations
    }

    /// The index of the field called `name`, if any.
    public func fieldIndex(_ name: String) -> Int? { fields.firstIndex(of: name) }

    /// The index of the owned relationship called `name`, if any.
    public func relationIndex(_ name: String) -> Int? { relations.firstIndex { $0.name == name } }

    /// True when `field` belongs to any unique key. Such fields are
    /// identity, fixed at creation.
    public func isKeyField(_ field: Int) -> Bool {
        uniqueKeys.contains { $0.contains(field) }
    }

    /// The identity key: the first unique key, which `crdt` derives ids from.
    public var identityKey: [Int]? { uniqueKeys.first }
}

/// The record types of a run.
public struct Schema: Hashable, Sendable {
    /// The entities, in declaration order: an ``EntityIndex`` is a position here.
    public let entities: [EntitySchema]
    /// Per entity, the inverses declared on it: derived from `entities`
    /// once here, since delete rules and link steps ask for them often.
    private let inverseEnds: [[InverseEnd]]

    /// A schema; traps on a repeated entity, a relationship to an unknown entity, or a name used twice in one entity.
    public init(entities: [EntitySchema]) {
        // Entities by name, for lookups only (never iterated): a schema of
        // 100,000 entities is built in linear time, not quadratic.
        let indexByName = Dictionary(entities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        precondition(indexByName.count == entities.count, "schema repeats an entity")
        var ends = Array(repeating: [InverseEnd](), count: entities.count)
        for (owner, entity) in entities.enumerated() {
            for (relation, declared) in entity.relations.enumerated() {
                guard let target = indexByName[declared.target] else {
                    preconditionFailure("relation \(entity.name).\(declared.name) targets unknown entity \(declared.target)")
                }
                // Owners in index order, then their relations in order: the
                // order in which each entity lists its inverse ends.
                if let inverse = declared.inverse {
                    ends[target].append(InverseEnd(owner: EntityIndex(owner), relation: relation, inverse: inverse))
                }
            }
        }
        self.entities = entities
        inverseEnds = ends
        for (entity, ends) in zip(entities, inverseEnds) {
            let names = entity.fields + entity.relations.map(\.name) + ends.map(\.inverse.name)
            precondition(Set(names).count == names.count, "entity \(entity.name) repeats a field or relationship name")
        }
    }

    /// One inverse relationship on an entity: derived from `relation` of
    /// `owner`, whose records hold the links.
    public struct InverseEnd: Hashable, Sendable {
        /// The entity that owns the relationship and holds the links.
        public let owner: EntityIndex
        /// The relationship's index among `owner`'s relations.
        public let relation: Int
        /// The inverse as declared: its name and delete rule.
        public let inverse: EntitySchema.Inverse
    }

    /// The inverses other entities (or this one) declare on `entity`, in
    /// schema order.
    public func inverses(of entity: EntityIndex) -> [InverseEnd] { inverseEnds[entity.rawValue] }

    /// The entity a relationship of `owner` points at.
    public func target(of relation: Int, owner: EntityIndex) -> EntityIndex {
        entityIndex(entities[owner.rawValue].relations[relation].target)!
    }

    /// The index of the entity called `name`, if any.
    public func entityIndex(_ name: String) -> EntityIndex? {
        entities.firstIndex { $0.name == name }.map(EntityIndex.init)
    }

    /// The entity at `entity`.
    public subscript(entity: EntityIndex) -> EntitySchema { entities[entity.rawValue] }

    /// The same schema with `field` appended to every entity that has a
    /// unique key (and lacks a field of that name): a field the app keeps
    /// for itself, after the scenario's own, so their indices stay.
    public func appendingFieldToKeyedEntities(_ field: String) -> Schema {
        Schema(entities: entities.map { entity in
            guard !entity.uniqueKeys.isEmpty, entity.fieldIndex(field) == nil else { return entity }
            return EntitySchema(name: entity.name, fields: entity.fields + [field],
                                uniqueKeys: entity.uniqueKeys.map { $0.map { entity.fields[$0] } }, relations: entity.relations)
        })
    }

    /// Every `(entity, unique key)` pair, in schema order.
    public var allUniqueKeys: [UniqueKeyID] {
        entities.indices.flatMap { entity in
            entities[entity].uniqueKeys.indices.map { UniqueKeyID(entity: EntityIndex(entity), key: $0) }
        }
    }
}

/// One unique key of one entity.
public struct UniqueKeyID: Hashable, Comparable, Sendable {
    /// The entity the key belongs to.
    public let entity: EntityIndex
    /// The key's index among the entity's unique keys.
    public let key: Int
    /// Key number `key` of `entity`.
    public init(entity: EntityIndex, key: Int) {
        self.entity = entity
        self.key = key
    }
    /// Orders by entity, then key.
    public static func < (lhs: UniqueKeyID, rhs: UniqueKeyID) -> Bool {
        (lhs.entity.rawValue, lhs.key) < (rhs.entity.rawValue, rhs.key)
    }
}
