import SyncModel
import SyncStore

/// The schema the store tests use: people with two unique keys (email,
/// and the compound `givenName + familyName`), tags keyed by name, and
/// notes with no unique key at all.
enum StoreFixtures {
    static let schema = Schema(entities: [
        EntitySchema(name: "Person", fields: ["email", "givenName", "familyName", "city"],
                     uniqueKeys: [["email"], ["givenName", "familyName"]]),
        EntitySchema(name: "Tag", fields: ["name"], uniqueKeys: [["name"]]),
        EntitySchema(name: "Note", fields: ["text"], uniqueKeys: []),
    ])

    static let person = EntityIndex(0)
    static let tag = EntityIndex(1)
    static let note = EntityIndex(2)

    static let email = 0, givenName = 1, familyName = 2, city = 3

    static let personEmail = UniqueKeyID(entity: person, key: 0)
    static let personName = UniqueKeyID(entity: person, key: 1)
    static let tagName = UniqueKeyID(entity: tag, key: 0)

    static func emailKey(_ email: String) -> NaturalKey {
        NaturalKey(uniqueKey: personEmail, values: [.string(email)])
    }

    /// A creation of person `id` with the given fields, all at `stamp`.
    static func person(_ id: RecordID, email: String?, given: String? = nil, family: String? = nil,
                       stamp: Timestamp) -> Record {
        var record = Record(id: id, entity: person, schema: schema)
        record.markCreated(stamp)
        record.set(StoreFixtures.email, to: email.map(FieldValue.string), stamp: stamp)
        if let given { record.set(givenName, to: .string(given), stamp: stamp) }
        if let family { record.set(familyName, to: .string(family), stamp: stamp) }
        return record
    }

    /// A change that deletes every creation `observed` holds live.
    static func deletion(of observed: Record) -> Record {
        var change = Record(id: observed.id, entity: observed.entity, schema: schema)
        change.markDeleted(observing: observed)
        return change
    }

    /// A change writing one field.
    static func write(_ id: RecordID, _ entity: EntityIndex = person, field: Int, _ value: FieldValue?,
                      stamp: Timestamp) -> Record {
        var change = Record(id: id, entity: entity, schema: schema)
        change.set(field, to: value, stamp: stamp)
        return change
    }
}

func ts(_ wallMicros: Int64, _ counter: UInt32 = 0, _ replica: Int = 0) -> Timestamp {
    Timestamp(wallMicros: wallMicros, counter: counter, replica: ReplicaID(replica))
}

func rid(_ low: UInt64, high: UInt64 = 0) -> RecordID {
    RecordID(high: high, low: low)
}

extension MemoryStore {
    /// Commits, returning the refusal instead of throwing it.
    mutating func commitReportingError(_ operations: [StoreOperation]) -> StoreError? {
        do {
            try commit(Transaction(operations))
            return nil
        } catch {
            return error
        }
    }
}
