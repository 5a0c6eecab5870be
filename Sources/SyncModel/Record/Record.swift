/// One record, or a change to one: both have the same shape, and applying a
/// change is merging it in (``merged(with:)``).
///
/// - Fields are last-writer-wins registers, indexed as in the entity schema.
/// - Existence is an observed-remove set of creations: a create adds its
///   stamp, a delete removes the creations its writer saw. The record is live
///   while some creation is not removed, so a delete wins over what it saw and
///   a later re-create of a derived id (`crdt`) brings the record back.
/// - Relationships are observed-remove sets, indexed as in the schema.
///
/// `@unchecked Sendable` is safe: `id` and `entity` are `Sendable` values,
/// and `storage` is written only while this record holds the sole
/// reference to it (``RecordStorage``), so a storage two threads share is
/// never written.
public struct Record: Hashable, @unchecked Sendable {
    /// The record's id; a change carries the id of the record it changes.
    public let id: RecordID
    /// Which entity of the schema the record belongs to.
    public let entity: EntityIndex
    /// Registers, creations, deletions and relationship sets, in one
    /// allocation shared copy-on-write (``RecordStorage``).
    var storage: RecordStorage

    /// An empty record or change: nothing written yet.
    public init(id: RecordID, entity: EntityIndex, schema: Schema) {
        let entitySchema = schema.entities[entity.rawValue]
        self.init(id: id, entity: entity, fieldCount: entitySchema.fields.count, relationCount: entitySchema.relations.count)
    }

    /// An empty record with the given shape.
    init(id: RecordID, entity: EntityIndex, fieldCount: Int, relationCount: Int) {
        self.id = id
        self.entity = entity
        storage = RecordStorage.make(fieldCount: fieldCount, relationCount: relationCount)
    }

    /// A record with another id around the same storage.
    init(id: RecordID, entity: EntityIndex, storage: RecordStorage) {
        self.id = id
        self.entity = entity
        self.storage = storage
    }

    /// One register per field of the entity; nil where never written.
    public var fields: RecordFields {
        get { RecordFields(storage: storage) }
        set {
            precondition(newValue.count == storage.head.pointee.fieldCount, "\(newValue.count) registers for a record of \(storage.head.pointee.fieldCount) fields")
            guard newValue.storage !== storage else { return }
            makeUnique()
            for index in newValue.indices { storage.setRegister(newValue[index], at: index) }
        }
        _modify {
            // The view must hold the only reference while it is written,
            // or each write through it would copy the storage again.
            makeUnique()
            var view = RecordFields(storage: storage)
            storage = Record.placeholder
            defer { storage = view.storage }
            yield &view
        }
    }

    /// Holds a record's place while ``fields`` lends its storage out.
    /// `nonisolated(unsafe)` is safe: it is never written, having no
    /// register and never being the sole holder of its storage (this
    /// constant holds a reference too).
    nonisolated(unsafe) private static let placeholder = RecordStorage.make(fieldCount: 0, relationCount: 0)

    /// Stamps of the creates, sorted.
    public var creations: [Timestamp] { storage.head.pointee.creations }
    /// Creations that a delete removed, sorted.
    public var deletedCreations: [Timestamp] { storage.head.pointee.deletedCreations }
    /// One set per relationship the entity owns.
    public var relations: [ObservedRemoveSet] {
        get { storage.head.pointee.relations }
        set {
            makeUnique()
            storage.head.pointee.relations = newValue
        }
        _modify {
            makeUnique()
            yield &storage.head.pointee.relations
        }
    }

    /// Copies the storage unless this record holds the only reference.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Equal when id, entity, registers, creations, deletions and
    /// relationship sets are, as the synthesized equality of the old
    /// layout compared them.
    public static func == (lhs: Record, rhs: Record) -> Bool {
        guard lhs.id == rhs.id, lhs.entity == rhs.entity else { return false }
        if lhs.storage === rhs.storage { return true }
        let left = lhs.storage.head, right = rhs.storage.head
        return lhs.storage.registersEqual(rhs.storage) && left.pointee.creations == right.pointee.creations
            && left.pointee.deletedCreations == right.pointee.deletedCreations && left.pointee.relations == right.pointee.relations
    }

    /// Hashes what ``==`` compares, in the same order and the same way as
    /// the synthesized hashing of the old layout's stored properties.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(entity)
        storage.hashRegisters(into: &hasher)
        let header = storage.head
        hasher.combine(header.pointee.creations)
        hasher.combine(header.pointee.deletedCreations)
        hasher.combine(header.pointee.relations)
    }

    /// True while some creation has not been deleted.
    public var isLive: Bool {
        let header = storage.head
        if header.pointee.deletedCreations.isEmpty { return !header.pointee.creations.isEmpty }
        return header.pointee.creations.contains { !header.pointee.deletedCreations.containsSorted($0) }
    }

    /// True when this change carries a creation: a new record to its receiver.
    public var isCreation: Bool { !storage.head.pointee.creations.isEmpty }

    /// True when nothing at all is written.
    public var isEmpty: Bool {
        let header = storage.head
        return header.pointee.creations.isEmpty && header.pointee.deletedCreations.isEmpty
            && fields.allSatisfy { $0 == nil } && header.pointee.relations.allSatisfy(\.isEmpty)
    }

    /// The value of `field`; nil when unset or never written.
    public func value(_ field: Int) -> FieldValue? { storage.register(at: field)?.value }

    /// Adds a creation stamped `stamp`: a create, or a stored creation read back.
    public mutating func markCreated(_ stamp: Timestamp) {
        guard !storage.head.pointee.creations.containsSorted(stamp) else { return }
        makeUnique()
        storage.head.pointee.creations.insertSorted(stamp)
    }

    /// Deletes one creation: how a stored record is read back.
    public mutating func markDeleted(creation: Timestamp) {
        guard !storage.head.pointee.deletedCreations.containsSorted(creation) else { return }
        makeUnique()
        storage.head.pointee.deletedCreations.insertSorted(creation)
    }

    /// Deletes every creation of `observed` that is live there.
    public mutating func markDeleted(observing observed: Record) {
        for creation in observed.creations where !observed.deletedCreations.containsSorted(creation) {
            markDeleted(creation: creation)
        }
    }

    /// Writes one field. A later `set` with the same stamp replaces the
    /// earlier one: that is one writer composing a single change.
    public mutating func set(_ field: Int, to value: FieldValue?, stamp: Timestamp) {
        if let existing = storage.register(at: field), existing.stamp > stamp { return }
        makeUnique()
        storage.setRegister(Register(value: value, stamp: stamp), at: field)
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
    /// with no copy of the record's storage when it holds it alone, and
    /// none at all when the change brings nothing new.
    public mutating func merge(_ other: Record) {
        precondition(id == other.id && entity == other.entity, "merging different records \(id) and \(other.id)")
        let theirs = other.storage
        // The join is idempotent: a version merged with itself is itself.
        if theirs === storage { return }
        let fieldCount = theirs.head.pointee.fieldCount
        precondition(fieldCount == storage.head.pointee.fieldCount, "merging \(fieldCount) fields into \(storage.head.pointee.fieldCount)")
        for index in 0 ..< fieldCount {
            guard let register = theirs.register(at: index) else { continue }
            if let ours = storage.register(at: index) {
                // Writing back an unchanged register would still copy a
                // shared storage: only a winning write is stored.
                let joined = ours.merged(with: register)
                if joined != ours {
                    makeUnique()
                    storage.setRegister(joined, at: index)
                }
            } else {
                makeUnique()
                storage.setRegister(register, at: index)
            }
        }
        let header = theirs.head
        for stamp in header.pointee.creations { markCreated(stamp) }
        for stamp in header.pointee.deletedCreations { markDeleted(creation: stamp) }
        for index in header.pointee.relations.indices where !header.pointee.relations[index].isEmpty {
            let joined = storage.head.pointee.relations[index].merged(with: header.pointee.relations[index])
            if joined != storage.head.pointee.relations[index] { relations[index] = joined }
        }
    }

    /// The highest stamp anywhere in the record: what a hybrid clock must
    /// observe when it receives this change.
    public var maxStamp: Timestamp? {
        let header = storage.head
        var best: Timestamp? = header.pointee.creations.last
        func consider(_ stamp: Timestamp?) {
            guard let stamp else { return }
            if best.map({ stamp > $0 }) ?? true { best = stamp }
        }
        consider(header.pointee.deletedCreations.last)
        for index in 0 ..< header.pointee.fieldCount { consider(storage.register(at: index)?.stamp) }
        for set in header.pointee.relations {
            consider(set.adds.map(\.tag).max())
            consider(set.removedTags.last)
        }
        return best
    }
}
