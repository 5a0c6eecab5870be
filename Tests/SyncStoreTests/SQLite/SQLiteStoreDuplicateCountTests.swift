import SyncModel
import SyncStore
import SyncStoreSQLite
import Testing

/// ``SQLiteStore`` counts duplicates only at the keys a transaction gives
/// to or takes from a record, and derives the count before from the net
/// change. These transactions hit each way a key's holders can change, and
/// each way they can stay the same, and check the count by hand and
/// against a ``MemoryStore`` fed the same transactions.
struct SQLiteStoreDuplicateCountTests {
    /// One step: what it does, its operations (built from the records as
    /// they are then), and the duplicate count after it without a constraint.
    struct Step: Sendable {
        let name: String
        let duplicateCount: Int
        let operations: @Sendable (_ current: (RecordID) -> Record) -> [StoreOperation]
    }

    static func email(_ id: RecordID, _ value: String, _ stamp: Int64) -> StoreOperation {
        .merge(StoreFixtures.write(id, field: StoreFixtures.email, .string(value), stamp: ts(stamp)))
    }

    static func delete(_ record: Record) -> StoreOperation {
        .merge(StoreFixtures.deletion(of: record))
    }

    static func recreate(_ id: RecordID, _ stamp: Int64) -> StoreOperation {
        var record = Record(id: id, entity: StoreFixtures.person, schema: StoreFixtures.schema)
        record.markCreated(ts(stamp))
        return .merge(record)
    }

    static let steps: [Step] = [
        Step(name: "two records of one key and one of another", duplicateCount: 1) { _ in
            [.merge(StoreFixtures.person(rid(1), email: "a", stamp: ts(1))),
             .merge(StoreFixtures.person(rid(2), email: "a", stamp: ts(1, 1))),
             .merge(StoreFixtures.person(rid(3), email: "b", stamp: ts(1, 2)))]
        },
        Step(name: "an update that keeps the key", duplicateCount: 1) { _ in
            [.merge(StoreFixtures.write(rid(1), field: StoreFixtures.city, .string("Oslo"), stamp: ts(2)))]
        },
        Step(name: "a record gains a key two others hold, leaving its own", duplicateCount: 2) { _ in
            [email(rid(3), "a", 3)]
        },
        Step(name: "a delete removes a holder", duplicateCount: 1) { current in
            [delete(current(rid(2)))]
        },
        Step(name: "a key changes hands: its holder moves away, a new record takes it", duplicateCount: 1) { _ in
            [email(rid(1), "c", 5), .merge(StoreFixtures.person(rid(4), email: "a", stamp: ts(5, 1)))]
        },
        Step(name: "two holders swap their keys", duplicateCount: 1) { _ in
            [email(rid(3), "c", 6), email(rid(1), "a", 6)]
        },
        Step(name: "a key gains two holders while another loses its second", duplicateCount: 2) { current in
            [.merge(StoreFixtures.person(rid(5), email: "c", stamp: ts(7))),
             .merge(StoreFixtures.person(rid(6), email: "c", stamp: ts(7, 1))),
             delete(current(rid(4)))]
        },
        Step(name: "two records share both keys, the email and the compound name", duplicateCount: 4) { _ in
            [.merge(StoreFixtures.person(rid(7), email: "d", given: "Ada", family: "L", stamp: ts(8))),
             .merge(StoreFixtures.person(rid(8), email: "d", given: "Ada", family: "L", stamp: ts(8, 1)))]
        },
        Step(name: "a replace by a tombstone takes both keys away", duplicateCount: 2) { _ in
            [.replace(Record(id: rid(8), entity: StoreFixtures.person, schema: StoreFixtures.schema))]
        },
        Step(name: "a key left and taken back in one transaction, another key moved onto a new one", duplicateCount: 3) { _ in
            [email(rid(5), "x", 10), email(rid(1), "z", 10), email(rid(5), "c", 11),
             .merge(StoreFixtures.person(rid(9), email: "z", stamp: ts(10, 1)))]
        },
        Step(name: "two deleted records come back, with the key they held", duplicateCount: 4) { _ in
            [recreate(rid(2), 12), recreate(rid(4), 12)]
        },
        Step(name: "a key loses two of its three holders", duplicateCount: 2) { current in
            [delete(current(rid(5))), delete(current(rid(6)))]
        },
        Step(name: "nothing changes hands: a write to every holder keeps every key", duplicateCount: 2) { _ in
            [1, 2, 3, 4, 7, 9].map { .merge(StoreFixtures.write(rid($0), field: StoreFixtures.city, .string("Rome"), stamp: ts(13))) }
        },
    ]

    static let ids = (1 ... 9).map { rid(UInt64($0)) }
    static let keys = ["a", "b", "c", "d", "x", "z"].map(StoreFixtures.emailKey)
        + [NaturalKey(uniqueKey: StoreFixtures.personName, values: [.string("Ada"), .string("L")])]

    @Test(arguments: [false, true])
    func theCountFollowsEveryWayKeysChangeHolders(unique: Bool) throws {
        var memory = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: unique)
        var sqlite = try SQLiteFixtures.store(unique: unique)
        var refused = 0
        for step in Self.steps {
            // Under the constraint a record may be missing: then its deletion is empty.
            let operations = step.operations { id in
                memory.record(id) ?? Record(id: id, entity: StoreFixtures.person, schema: StoreFixtures.schema)
            }
            let memoryError = memory.commitCatching(operations)
            let sqliteError = sqlite.commitCatching(operations)
            #expect(memoryError?.conflicts == sqliteError?.conflicts, "\(step.name)")
            #expect(memoryError?.code == sqliteError?.code, "\(step.name)")
            if memoryError != nil { refused += 1 }
            if !unique {
                #expect(memoryError == nil, "\(step.name)")
                #expect(memory.duplicateCount == step.duplicateCount, "\(step.name): the memory store")
                #expect(sqlite.duplicateCount == step.duplicateCount, "\(step.name): \(sqlite.duplicatedKeys(of: StoreFixtures.personEmail))")
            } else {
                #expect(sqlite.duplicateCount == 0, "\(step.name)")
            }
            #expect(StoreSnapshot(sqlite, keys: Self.keys, ids: Self.ids) == StoreSnapshot(memory, keys: Self.keys, ids: Self.ids), "\(step.name)")
        }
        // Under the constraint the steps that make duplicates are refused.
        #expect(refused == (unique ? 3 : 0), "refused \(refused)")
        // The count kept up to date is the count recomputed from the rows.
        let counted = sqlite.duplicateCount
        sqlite.reloadAfterOtherConnections()
        #expect(sqlite.duplicateCount == counted)
    }
}
