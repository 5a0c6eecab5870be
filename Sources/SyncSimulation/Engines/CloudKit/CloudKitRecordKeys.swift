import SyncModel

/// Which keys of a ``Record`` payload a save writes: field indices and
/// relation indices as in the entity schema, and whether the existence sets
/// (creations and deletions, which an app stores as fields of its
/// `CKRecord`) are among them.
///
/// A `CKRecord` tracks the keys set on it since it was fetched
/// (`changedKeys()`); a brand-new `CKRecord` counts every key it holds.
public struct CloudKitRecordKeys: Hashable, Sendable {
    /// Field indices, sorted, each once.
    public let fields: [Int]
    /// Relation indices, sorted, each once.
    public let relations: [Int]
    /// Whether the existence sets (creations and deletions) are among the keys.
    public let existence: Bool

    /// Keys of the given indices, sorted and each once.
    public init(fields: [Int], relations: [Int], existence: Bool) {
        self.fields = Array(Set(fields)).sorted()
        self.relations = Array(Set(relations)).sorted()
        self.existence = existence
    }

    /// No key at all.
    public static let none = CloudKitRecordKeys(fields: [], relations: [], existence: false)

    /// Every key `record` holds: written fields (a write of "unset" counts),
    /// non-empty relations, and existence when anything was created or
    /// deleted. What a freshly populated `CKRecord` reports as changed.
    public static func present(in record: Record) -> CloudKitRecordKeys {
        CloudKitRecordKeys(
            fields: record.fields.indices.filter { record.fields[$0] != nil },
            relations: record.relations.indices.filter { !record.relations[$0].isEmpty },
            existence: !record.creations.isEmpty || !record.deletedCreations.isEmpty)
    }

    /// Both key sets.
    public func union(_ other: CloudKitRecordKeys) -> CloudKitRecordKeys {
        CloudKitRecordKeys(fields: fields + other.fields, relations: relations + other.relations,
                           existence: existence || other.existence)
    }

    /// `server` with these keys of `saved` written over it; every other key
    /// keeps the server's value.
    func write(_ saved: Record, over server: Record) -> Record {
        precondition(saved.id == server.id, "writing record \(saved.id) over \(server.id)")
        precondition(saved.entity == server.entity, "record \(saved.id) saved as another entity")
        precondition(fields.allSatisfy(saved.fields.indices.contains), "field index out of range in \(fields)")
        precondition(relations.allSatisfy(saved.relations.indices.contains), "relation index out of range in \(relations)")
        // Existence has no setter, so start from whichever record's
        // existence survives and copy the other's keys in.
        var result = existence ? saved : server
        for index in saved.fields.indices where fields.containsSorted(index) != existence {
            result.fields[index] = existence ? server.fields[index] : saved.fields[index]
        }
        for index in saved.relations.indices where relations.containsSorted(index) != existence {
            result.relations[index] = existence ? server.relations[index] : saved.relations[index]
        }
        return result
    }
}

extension CloudKitRecordKeys {
    /// The keys whose values differ between two versions of one record:
    /// what a device must write over `server` to make it equal `local`
    /// (a field's register, a relation's set, or the existence sets).
    public static func differing(_ local: Record, _ server: Record) -> CloudKitRecordKeys {
        precondition(local.id == server.id && local.entity == server.entity, "comparing records \(local.id) and \(server.id)")
        return CloudKitRecordKeys(
            fields: local.fields.indices.filter { local.fields[$0] != server.fields[$0] },
            relations: local.relations.indices.filter { local.relations[$0] != server.relations[$0] },
            existence: local.creations != server.creations || local.deletedCreations != server.deletedCreations)
    }
}
