/// One record, or a change to one: both have the same shape, and applying a
/// change is merging it in (``merged(with:)``).
///
/// - Fields are last-writer-wins registers, indexed as in the entity schema.
/// - Existence is an observed-remove set of creations: a create adds its
///   stamp, a delete removes the creations its writer saw. The record is live
///   while some creation is not removed, so a delete wins over what it saw and
///   a later re-create of a derived id (`crdt`) brings the record back.
/// - Relationships are observed-remove sets, indexed as in the schema.
public struct Record: Hashable, Sendable {
    /// The record's id; a change carries the id of the record it changes.
    public let id: RecordID
    /// Which entity of the schema the record belongs to.
    public let entity: EntityIndex
    /// One register per field of the entity; nil where never written.
    public var fields: [Register?]
    /// Stamps of the creates, sorted.
    public private(set) var creations: [Timestamp]
    /// Creations that a delete removed, sorted.
    public private(set) var deletedCreations: [Timestamp]
    /// One set per relationship the entity owns.
    public var relations: [ObservedRemoveSet]

    /// An empty record or change: nothing written yet.
    public init(id: RecordID, entity: EntityIndex, schema: Schema) {
        let entitySchema = schema.entities[entity.rawValue]
        self.id = id
        self.entity = entity
        self.fields = Array(repeating: nil, count: entitySchema.fields.count)
        self.creations = []
        self.deletedCreations = []
        self.relations = Array(repeating: ObservedRemoveSet(), count: entitySchema.relations.count)
    }

    /// An empty record with the given shape.
    init(id: RecordID, entity: EntityIndex, fieldCount: Int, relationCount: Int) {
        self.id = id
        self.entity = entity
        fields = Array(repeating: nil, count: fieldCount)
        creations = []
        deletedCreations = []
        relations = Array(repeating: ObservedRemoveSet(), count: relationCount)
    }

    /// True while some creation has not been deleted.
    public var isLive: Bool {
        creations.contains { !deletedCreations.containsSorted($0) }
    }

    /// True when this change carries a creation: a new record to its receiver.
    public var isCreation: Bool { !creations.isEmpty }

    /// True when nothing at all is written.
    public var isEmpty: Bool {
        creations.isEmpty && deletedCreations.isEmpty
            && fields.allSatisfy { $0 == nil } && relations.allSatisfy(\.isEmpty)
    }

    /// The value of `field`; nil when unset or never written.
    public func value(_ field: Int) -> FieldValue? { fields[field]?.value }

    /// Adds a creation stamped `stamp`: a create, or a stored creation read back.
    public mutating func markCreated(_ stamp: Timestamp) {
        creations.insertSorted(stamp)
    }

    /// Deletes one creation: how a stored record is read back.
    public mutating func markDeleted(creation: Timestamp) {
        deletedCreations.insertSorted(creation)
    }

    /// Deletes every creation of `observed` that is live there.
    public mutating func markDeleted(observing observed: Record) {
        for creation in observed.creations where !observed.deletedCreations.containsSorted(creation) {
            deletedCreations.insertSorted(creation)
        }
    }

    /// Writes one field. A later `set` with the same stamp replaces the
    /// earlier one: that is one writer composing a single change.
    public mutating func set(_ field: Int, to value: FieldValue?, stamp: Timestamp) {
        if let existing = fields[field], existing.stamp > stamp { return }
        fields[field] = Register(value: value, stamp: stamp)
    }

    /// The join of two versions of one record: commutative, associative and
    /// idempotent, so change sets may arrive in any order, any number of times.
    public func merged(with other: Record) -> Record {
        var result = self
        result.merge(other)
        return result
    }

    /// Joins `other` into this version in place (``merged(with:)``): a
    /// store applying a remote change rewrites only what the change carries,
    /// with no copy of the record's arrays when it holds them alone.
    public mutating func merge(_ other: Record) {
        precondition(id == other.id && entity == other.entity, "merging different records \(id) and \(other.id)")
        for index in other.fields.indices {
            guard let theirs = other.fields[index] else { continue }
            if let ours = fields[index] {
                // Writing back an unchanged register would still copy a
                // shared array: only a winning write is stored.
                let joined = ours.merged(with: theirs)
                if joined != ours { fields[index] = joined }
            } else {
                fields[index] = theirs
            }
        }
        for stamp in other.creations { creations.insertSorted(stamp) }
        for stamp in other.deletedCreations { deletedCreations.insertSorted(stamp) }
        for index in other.relations.indices where !other.relations[index].isEmpty {
            relations[index] = relations[index].merged(with: other.relations[index])
        }
    }

    /// The highest stamp anywhere in the record: what a hybrid clock must
    /// observe when it receives this change.
    public var maxStamp: Timestamp? {
        var best: Timestamp? = creations.last
        func consider(_ stamp: Timestamp?) {
            guard let stamp else { return }
            if best.map({ stamp > $0 }) ?? true { best = stamp }
        }
        consider(deletedCreations.last)
        for register in fields { consider(register?.stamp) }
        for set in relations {
            consider(set.adds.map(\.tag).max())
            consider(set.removedTags.last)
        }
        return best
    }
}
