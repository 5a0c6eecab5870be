/// An entity's position in the schema.
public struct EntityIndex: Hashable, Comparable, Sendable {
    /// Two bytes: every stored record carries one.
    private let storage: UInt16
    public var rawValue: Int { Int(storage) }
    public init(_ rawValue: Int) {
        precondition(rawValue >= 0 && rawValue <= Int(UInt16.max), "entity index out of range: \(rawValue)")
        storage = UInt16(rawValue)
    }
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
        public let name: String
        public let target: String
        /// To many (a set of targets) or to one (the target added last).
        public let toMany: Bool
        /// What deleting an owning record does to its targets.
        public let deleteRule: DeleteRule
        /// The derived relationship on the target entity, if declared.
        public let inverse: Inverse?

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
        public let name: String
        public let deleteRule: DeleteRule

        public init(name: String, deleteRule: DeleteRule = .nullify) {
            self.name = name
            self.deleteRule = deleteRule
        }
    }

    public let name: String
    public let fields: [String]
    /// Each key is a list of field indices, in declaration order.
    public let uniqueKeys: [[Int]]
    public let relations: [Relation]

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

    public func fieldIndex(_ name: String) -> Int? { fields.firstIndex(of: name) }

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
    public let entities: [EntitySchema]
    /// Per entity, the inverses declared on it: derived from `entities`
    /// once here, since delete rules and link steps ask for them often.
    private let inverseEnds: [[InverseEnd]]

    public init(entities: [EntitySchema]) {
        precondition(Set(entities.map(\.name)).count == entities.count, "schema repeats an entity")
        for entity in entities {
            for relation in entity.relations {
                precondition(entities.contains { $0.name == relation.target },
                             "relation \(entity.name).\(relation.name) targets unknown entity \(relation.target)")
            }
        }
        self.entities = entities
        inverseEnds = entities.map { entity in
            entities.indices.flatMap { owner in
                entities[owner].relations.indices.compactMap { relation -> InverseEnd? in
                    let declared = entities[owner].relations[relation]
                    guard declared.target == entity.name, let inverse = declared.inverse else { return nil }
                    return InverseEnd(owner: EntityIndex(owner), relation: relation, inverse: inverse)
                }
            }
        }
        for (entity, ends) in zip(entities, inverseEnds) {
            let names = entity.fields + entity.relations.map(\.name) + ends.map(\.inverse.name)
            precondition(Set(names).count == names.count, "entity \(entity.name) repeats a field or relationship name")
        }
    }

    /// One inverse relationship on an entity: derived from `relation` of
    /// `owner`, whose records hold the links.
    public struct InverseEnd: Hashable, Sendable {
        public let owner: EntityIndex
        public let relation: Int
        public let inverse: EntitySchema.Inverse
    }

    /// The inverses other entities (or this one) declare on `entity`, in
    /// schema order.
    public func inverses(of entity: EntityIndex) -> [InverseEnd] { inverseEnds[entity.rawValue] }

    /// The entity a relationship of `owner` points at.
    public func target(of relation: Int, owner: EntityIndex) -> EntityIndex {
        entityIndex(entities[owner.rawValue].relations[relation].target)!
    }

    public func entityIndex(_ name: String) -> EntityIndex? {
        entities.firstIndex { $0.name == name }.map(EntityIndex.init)
    }

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
    public let entity: EntityIndex
    public let key: Int
    public init(entity: EntityIndex, key: Int) {
        self.entity = entity
        self.key = key
    }
    public static func < (lhs: UniqueKeyID, rhs: UniqueKeyID) -> Bool {
        (lhs.entity.rawValue, lhs.key) < (rhs.entity.rawValue, rhs.key)
    }
}
