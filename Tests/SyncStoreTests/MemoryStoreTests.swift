import SyncModel
import SyncStore
import Testing

/// Basic reads and writes of ``MemoryStore``.
struct MemoryStoreTests {
    @Test func startsEmpty() {
        let store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: true)
        #expect(store.commitCount == 0)
        #expect(store.duplicateCount == 0)
        #expect(store.digest == .zero)
        #expect(store.allRecords().isEmpty)
        #expect(store.record(rid(1)) == nil)
        #expect(store.enforcesUniqueness)
        #expect(store.schema == StoreFixtures.schema)
    }

    @Test func mergeInsertsANewRecord() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        let ada = StoreFixtures.person(rid(1), email: "ada@example.com", stamp: ts(1))
        try store.commit(Transaction([.merge(ada)]))
        #expect(store.record(rid(1)) == ada)
        #expect(store.commitCount == 1)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("ada@example.com")) == [rid(1)])
        #expect(store.digest == ada.materialisedDigest)
    }

    @Test func mergeJoinsIntoTheStoredVersion() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        let ada = StoreFixtures.person(rid(1), email: "ada@example.com", stamp: ts(5))
        try store.commit(Transaction([.merge(ada)]))
        let newer = StoreFixtures.write(rid(1), field: StoreFixtures.city, .string("London"), stamp: ts(6))
        let stale = StoreFixtures.write(rid(1), field: StoreFixtures.email, .string("old@example.com"), stamp: ts(4))
        try store.commit(Transaction([.merge(newer), .merge(stale)]))
        #expect(store.record(rid(1)) == ada.merged(with: newer).merged(with: stale))
        #expect(store.record(rid(1))?.value(StoreFixtures.city) == .string("London"))
        #expect(store.record(rid(1))?.value(StoreFixtures.email) == .string("ada@example.com"))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("old@example.com")).isEmpty)
        #expect(store.commitCount == 2)
    }

    @Test func liveRecordIDsAreSortedByID() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        let ids = [rid(9), rid(3, high: 1), rid(1), rid(5), rid(0, high: 2)]
        for (index, id) in ids.enumerated() {
            try store.commit(Transaction([.merge(StoreFixtures.person(id, email: "same", stamp: ts(Int64(index))))]))
        }
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("same"))
                    == [rid(1), rid(5), rid(9), rid(3, high: 1), rid(0, high: 2)])
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("other")).isEmpty)
    }

    @Test func aChangedKeyMovesTheHolder() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: true)
        try store.commit(Transaction([.merge(StoreFixtures.person(rid(1), email: "a", stamp: ts(1)))]))
        try store.commit(Transaction([.merge(StoreFixtures.write(rid(1), field: StoreFixtures.email, .string("b"), stamp: ts(2)))]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")).isEmpty)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("b")) == [rid(1)])
        // The old key is free again.
        try store.commit(Transaction([.merge(StoreFixtures.person(rid(2), email: "a", stamp: ts(3)))]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")) == [rid(2)])
    }

    @Test func aDeletedRecordHoldsNoKeyAndARecreatedOneHoldsItAgain() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        let ada = StoreFixtures.person(rid(1), email: "a", stamp: ts(1))
        try store.commit(Transaction([.merge(ada)]))
        try store.commit(Transaction([.merge(StoreFixtures.deletion(of: ada))]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")).isEmpty)
        #expect(store.record(rid(1))?.isLive == false)
        #expect(store.digest == .zero)

        var recreate = Record(id: rid(1), entity: StoreFixtures.person, schema: StoreFixtures.schema)
        recreate.markCreated(ts(5))
        try store.commit(Transaction([.merge(recreate)]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")) == [rid(1)])
        #expect(store.digest == store.record(rid(1))!.materialisedDigest)
    }

    @Test func allRecordsIsSortedAndKeepsTombstones() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        let ids = [rid(7), rid(2, high: 5), rid(3), rid(1, high: 1)]
        var written: [Record] = []
        for (index, id) in ids.enumerated() {
            let record = StoreFixtures.person(id, email: "e\(index)", stamp: ts(Int64(index)))
            written.append(record)
            try store.commit(Transaction([.merge(record)]))
        }
        let deletion = StoreFixtures.deletion(of: written[0])
        try store.commit(Transaction([.merge(deletion)]))
        let all = store.allRecords()
        #expect(all.map(\.id) == [rid(3), rid(7), rid(1, high: 1), rid(2, high: 5)])
        #expect(all.filter { !$0.isLive }.map(\.id) == [rid(7)])
        #expect(all[1] == written[0].merged(with: deletion))
    }

    @Test func replaceSetsExactlyTheGivenRecord() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: true)
        let newer = StoreFixtures.person(rid(1), email: "new", given: "Ada", family: "L", stamp: ts(100, 0, 2))
        try store.commit(Transaction([.merge(newer)]))
        // Every stamp here is older than what is stored; a merge would keep
        // the stored values, a replace must not.
        let older = StoreFixtures.person(rid(1), email: "old", stamp: ts(1))
        try store.commit(Transaction([.replace(older)]))
        #expect(store.record(rid(1)) == older)
        #expect(store.record(rid(1))?.creations == [ts(1)])
        #expect(store.record(rid(1))?.value(StoreFixtures.givenName) == nil)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("new")).isEmpty)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("old")) == [rid(1)])
        #expect(store.liveRecordIDs(holding: NaturalKey(uniqueKey: StoreFixtures.personName,
                                                        values: [.string("Ada"), .string("L")])).isEmpty)
        #expect(store.digest == older.materialisedDigest)
    }

    @Test func replaceWithATombstoneRemovesTheHolder() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        try store.commit(Transaction([.merge(StoreFixtures.person(rid(1), email: "a", stamp: ts(1)))]))
        let tombstone = Record(id: rid(1), entity: StoreFixtures.person, schema: StoreFixtures.schema)
        try store.commit(Transaction([.replace(tombstone)]))
        #expect(store.record(rid(1)) == tombstone)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")).isEmpty)
        #expect(store.digest == .zero)
    }

    @Test func operationsOnOneIDInOneTransactionApplyInOrder() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: true)
        let first = StoreFixtures.person(rid(1), email: "a", stamp: ts(1))
        let write = StoreFixtures.write(rid(1), field: StoreFixtures.city, .string("Oslo"), stamp: ts(2))
        let replacement = StoreFixtures.person(rid(1), email: "b", stamp: ts(3))
        try store.commit(Transaction([.merge(first), .replace(replacement), .merge(write)]))
        #expect(store.record(rid(1)) == replacement.merged(with: write))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")).isEmpty)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("b")) == [rid(1)])
        #expect(store.commitCount == 1)
    }

    @Test func entitiesWithoutUniqueKeysAreStoredAndDigested() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: true)
        var note = Record(id: rid(1, high: 3), entity: StoreFixtures.note, schema: StoreFixtures.schema)
        note.markCreated(ts(1))
        note.set(0, to: .string("hello"), stamp: ts(1))
        var twin = Record(id: rid(2, high: 3), entity: StoreFixtures.note, schema: StoreFixtures.schema)
        twin.markCreated(ts(2))
        twin.set(0, to: .string("hello"), stamp: ts(2))
        try store.commit(Transaction([.merge(note), .merge(twin)]))
        #expect(store.duplicateCount == 0)
        #expect(store.digest == note.materialisedDigest + twin.materialisedDigest)
    }
}
