import Testing
import SyncModel

@Suite struct NaturalKeyHashTests {
    static let schema = Schema(entities: [
        EntitySchema(name: "Person", fields: ["email", "givenName", "familyName"], uniqueKeys: [["email"], ["givenName", "familyName"]]),
    ])
    static let email = UniqueKeyID(entity: EntityIndex(0), key: 0)
    static let name = UniqueKeyID(entity: EntityIndex(0), key: 1)

    static func person(email: String?, given: String?, family: String?) -> Record {
        let stamp = Timestamp(wallMicros: 1, counter: 0, replica: ReplicaID(0))
        var record = Record(id: RecordID(high: 1, low: 2), entity: EntityIndex(0), schema: schema)
        record.markCreated(stamp)
        record.set(0, to: email.map(FieldValue.string), stamp: stamp)
        record.set(1, to: given.map(FieldValue.string), stamp: stamp)
        record.set(2, to: family.map(FieldValue.string), stamp: stamp)
        return record
    }

    @Test func aRecordsKeyHashesAsTheKeyItself() throws {
        let record = Self.person(email: "ada@example.com", given: "Ada", family: "Lovelace")
        for uniqueKey in [Self.email, Self.name] {
            let key = try #require(NaturalKey(record: record, uniqueKey: uniqueKey, schema: Self.schema))
            let fields = Self.schema[uniqueKey.entity].uniqueKeys[uniqueKey.key]
            #expect(NaturalKeyHash(record: record, uniqueKey: uniqueKey, keyFields: fields) == NaturalKeyHash(key))
        }
    }

    @Test func anUnsetKeyFieldHasNoHash() {
        let record = Self.person(email: nil, given: "Ada", family: nil)
        #expect(NaturalKeyHash(record: record, uniqueKey: Self.email, keyFields: [0]) == nil)
        #expect(NaturalKeyHash(record: record, uniqueKey: Self.name, keyFields: [1, 2]) == nil)
    }

    /// Length prefixes keep `("ab", "c")` and `("a", "bc")` apart; the
    /// unique key is part of the hash, so one value under two keys differs.
    @Test func valuesAreFramedAndTheUniqueKeyCounts() {
        let split1 = NaturalKeyHash(NaturalKey(uniqueKey: Self.name, values: [.string("ab"), .string("c")]))
        let split2 = NaturalKeyHash(NaturalKey(uniqueKey: Self.name, values: [.string("a"), .string("bc")]))
        #expect(split1 != split2)
        let underEmail = NaturalKeyHash(NaturalKey(uniqueKey: Self.email, values: [.string("x")]))
        let underOtherKey = NaturalKeyHash(NaturalKey(uniqueKey: UniqueKeyID(entity: EntityIndex(0), key: 2), values: [.string("x")]))
        #expect(underEmail != underOtherKey)
        #expect(NaturalKeyHash(NaturalKey(uniqueKey: Self.email, values: [.int(1)]))
            != NaturalKeyHash(NaturalKey(uniqueKey: Self.email, values: [.string("1")])))
    }

    /// The same bits in every process and on every platform (MurmurHash3
    /// x64-128 of the framed bytes), unlike Swift's seeded `Hasher`.
    @Test func theHashIsPinned() {
        let hash = NaturalKeyHash(NaturalKey(uniqueKey: Self.email, values: [.string("ada@example.com")]))
        #expect(String(hash.high, radix: 16) == "1f63ba4d27eddf0d")
        #expect(String(hash.low, radix: 16) == "e4e4b822f1953f26")
    }
}
