import SyncModel
import Testing

struct NaturalKeyTests {
    static let schema = Schema(entities: [
        EntitySchema(name: "User", fields: ["email", "name"], uniqueKeys: [["email"]]),
        EntitySchema(name: "Person", fields: ["givenName", "age", "familyName"],
                     uniqueKeys: [["familyName", "givenName"], ["age"]]),
        EntitySchema(name: "Tag", fields: ["name"], uniqueKeys: [["name"]]),
        EntitySchema(name: "Product", fields: ["sku"], uniqueKeys: [["sku"]]),
    ])
    static let userEmail = UniqueKeyID(entity: EntityIndex(0), key: 0)
    static let personName = UniqueKeyID(entity: EntityIndex(1), key: 0)
    static let personAge = UniqueKeyID(entity: EntityIndex(1), key: 1)
    static let tagName = UniqueKeyID(entity: EntityIndex(2), key: 0)
    static let productSKU = UniqueKeyID(entity: EntityIndex(3), key: 0)

    func record(_ entity: Int, _ values: [Int: FieldValue?]) -> Record {
        var record = Record(id: rid(1), entity: EntityIndex(entity), schema: Self.schema)
        record.markCreated(ts(1))
        for (field, value) in values { record.set(field, to: value, stamp: ts(1)) }
        return record
    }

    @Test func nilWhenAKeyFieldWasNeverSet() {
        #expect(NaturalKey(record: record(0, [1: .string("Ada")]), uniqueKey: Self.userEmail, schema: Self.schema) == nil)
    }

    @Test func nilWhenAKeyFieldWasSetToUnset() {
        #expect(NaturalKey(record: record(0, [0: nil]), uniqueKey: Self.userEmail, schema: Self.schema) == nil)
    }

    @Test func nilWhenOnePartOfACompoundKeyIsUnset() {
        let person = record(1, [0: .string("Ada"), 1: .int(36)])
        #expect(NaturalKey(record: person, uniqueKey: Self.personName, schema: Self.schema) == nil)
        #expect(NaturalKey(record: person, uniqueKey: Self.personAge, schema: Self.schema)?.values == [.int(36)])
    }

    @Test func emptyStringIsAValue() {
        let key = NaturalKey(record: record(0, [0: .string("")]), uniqueKey: Self.userEmail, schema: Self.schema)
        #expect(key?.values == [.string("")])
    }

    @Test func compoundValuesFollowTheKeyDeclarationOrder() {
        let person = record(1, [0: .string("Ada"), 2: .string("Lovelace")])
        let key = NaturalKey(record: person, uniqueKey: Self.personName, schema: Self.schema)
        #expect(key?.values == [.string("Lovelace"), .string("Ada")])
        #expect(key?.uniqueKey == Self.personName)
        #expect(key?.description == "Lovelace+Ada")
    }

    @Test func derivedIDIsPinned() {
        let elena = NaturalKey(uniqueKey: Self.userEmail, values: [.string("elena@example.com")])
        #expect(elena.derivedRecordID(schema: Self.schema).description == "5f957e24ef436b9bb6efdd3b20a35994")
        #expect(elena.derivedRecordID(schema: Self.schema)
                    == RecordID(high: 0x5f95_7e24_ef43_6b9b, low: 0xb6ef_dd3b_20a3_5994))
        let ada = NaturalKey(uniqueKey: Self.personName, values: [.string("Lovelace"), .string("Ada")])
        #expect(ada.derivedRecordID(schema: Self.schema).description == "d994d88a258469453eb7e60242bf8976")
        let sku = NaturalKey(uniqueKey: Self.productSKU, values: [.int(42)])
        #expect(sku.derivedRecordID(schema: Self.schema).description == "1121225e96baeea376a8ff259a4bb4f3")
    }

    @Test func derivedIDIsStable() {
        let key = NaturalKey(uniqueKey: Self.userEmail, values: [.string("ada@example.com")])
        let same = NaturalKey(uniqueKey: Self.userEmail, values: [.string("ada@example.com")])
        #expect(key.derivedRecordID(schema: Self.schema) == same.derivedRecordID(schema: Self.schema))
        let fromRecord = NaturalKey(record: record(0, [0: .string("ada@example.com")]),
                                    uniqueKey: Self.userEmail, schema: Self.schema)
        #expect(fromRecord?.derivedRecordID(schema: Self.schema) == key.derivedRecordID(schema: Self.schema))
    }

    @Test func derivedIDDiffersBetweenEntitiesWithTheSameValues() {
        let user = NaturalKey(uniqueKey: Self.userEmail, values: [.string("elena@example.com")])
        let tag = NaturalKey(uniqueKey: Self.tagName, values: [.string("elena@example.com")])
        #expect(user.derivedRecordID(schema: Self.schema) != tag.derivedRecordID(schema: Self.schema))
        #expect(tag.derivedRecordID(schema: Self.schema).description == "75b38b4f1570f1e9dfc7916029826884")
    }

    @Test func derivedIDSeparatesValueBoundariesAndKinds() {
        func id(_ values: [FieldValue]) -> RecordID {
            NaturalKey(uniqueKey: Self.personName, values: values).derivedRecordID(schema: Self.schema)
        }
        #expect(id([.string("ab"), .string("c")]) != id([.string("a"), .string("bc")]))
        #expect(id([.string("Ada"), .string("Lovelace")]) != id([.string("Lovelace"), .string("Ada")]))
        #expect(id([.int(1)]) != id([.string("1")]))
        // No case folding: a UNIQUE index would not fold either.
        #expect(id([.string("Ada")]) != id([.string("ada")]))
    }

    @Test func orderIsByUniqueKeyThenValues() {
        let a = NaturalKey(uniqueKey: Self.userEmail, values: [.string("z")])
        let b = NaturalKey(uniqueKey: Self.personName, values: [.string("a"), .string("a")])
        let c = NaturalKey(uniqueKey: Self.personName, values: [.string("a"), .string("b")])
        let d = NaturalKey(uniqueKey: Self.personAge, values: [.int(1)])
        #expect([d, c, b, a].sorted() == [a, b, c, d])
        #expect(NaturalKey(uniqueKey: Self.userEmail, values: [.int(9)]) < a)
    }
}
