import Foundation
import SyncModel
import SyncStore
import SyncStoreSQLite
import Testing

/// ``SQLiteStore`` keeps the ``MemoryStore`` contract: the basic reads and
/// writes, on an in-memory database and on a file.
struct SQLiteStoreTests {
    @Test(arguments: [false, true])
    func startsEmpty(unique: Bool) throws {
        let store = try SQLiteFixtures.store(unique: unique)
        #expect(store.commitCount == 0)
        #expect(store.duplicateCount == 0)
        #expect(store.digest == .zero)
        #expect(store.allRecords().isEmpty)
        #expect(store.record(rid(1)) == nil)
        #expect(store.enforcesUniqueness == unique)
        #expect(store.schema == StoreFixtures.schema)
        #expect(store.path == ":memory:")
        #expect(store.injectedFailureAfterWrites == nil)
        for key in SQLiteFixtures.workloadKeys { #expect(store.liveRecordIDs(holding: key).isEmpty) }
        for uniqueKey in StoreFixtures.schema.allUniqueKeys { #expect(store.duplicatedKeys(of: uniqueKey).isEmpty) }
    }

    @Test func anEmptyTransactionIsNotCounted() throws {
        let store = try SQLiteFixtures.store(unique: true)
        try store.commit(Transaction())
        #expect(store.commitCount == 0)
    }

    @Test func mergeInsertsThenJoinsIntoTheStoredVersion() throws {
        let store = try SQLiteFixtures.store(unique: false)
        let ada = StoreFixtures.person(rid(1), email: "ada@example.com", stamp: ts(5))
        try store.commit(Transaction([.merge(ada)]))
        #expect(store.record(rid(1)) == ada)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("ada@example.com")) == [rid(1)])
        #expect(store.digest == ada.materialisedDigest)
        let newer = StoreFixtures.write(rid(1), field: StoreFixtures.city, .string("London"), stamp: ts(6))
        let stale = StoreFixtures.write(rid(1), field: StoreFixtures.email, .string("old@example.com"), stamp: ts(4))
        try store.commit(Transaction([.merge(newer), .merge(stale)]))
        let expected = ada.merged(with: newer).merged(with: stale)
        #expect(store.record(rid(1)) == expected)
        #expect(store.record(rid(1))?.value(StoreFixtures.email) == .string("ada@example.com"))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("old@example.com")).isEmpty)
        #expect(store.commitCount == 2)
        #expect(store.digest == expected.materialisedDigest)
    }

    /// Ids are stored big-endian, so SQLite's byte order is the ids' order,
    /// top bits included.
    @Test func idsComeBackInRecordIDOrder() throws {
        let store = try SQLiteFixtures.store(unique: false)
        let ids = [rid(9), rid(3, high: 1), rid(1), rid(0, high: UInt64.max), rid(UInt64.max), rid(5),
                   rid(0, high: 1 << 63), rid(0, high: 2), rid(1 << 63), rid(0x0100), rid(UInt64.max, high: 1 << 63 - 1)]
        for (index, id) in ids.enumerated() {
            try store.commit(Transaction([.merge(StoreFixtures.person(id, email: "same", stamp: ts(Int64(index))))]))
        }
        let sorted = ids.sorted()
        #expect(sorted.first == rid(1) && sorted.last == rid(0, high: UInt64.max))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("same")) == sorted)
        #expect(store.allRecords().map(\.id) == sorted)
        #expect(store.duplicatedKeys(of: StoreFixtures.personEmail) == [StoreFixtures.emailKey("same")])
        #expect(store.duplicateCount == ids.count - 1)
        for id in ids { #expect(store.record(id)?.id == id) }
    }

    @Test func aChangedKeyMovesTheHolder() throws {
        let store = try SQLiteFixtures.store(unique: true)
        try store.commit(Transaction([.merge(StoreFixtures.person(rid(1), email: "a", stamp: ts(1)))]))
        try store.commit(Transaction([.merge(StoreFixtures.write(rid(1), field: StoreFixtures.email, .string("b"), stamp: ts(2)))]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")).isEmpty)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("b")) == [rid(1)])
        try store.commit(Transaction([.merge(StoreFixtures.person(rid(2), email: "a", stamp: ts(3)))]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")) == [rid(2)])
        #expect(store.duplicateCount == 0)
    }

    @Test func aDeletedRecordHoldsNoKeyAndARecreatedOneHoldsItAgain() throws {
        let store = try SQLiteFixtures.store(unique: false)
        let ada = StoreFixtures.person(rid(1), email: "a", stamp: ts(1))
        try store.commit(Transaction([.merge(ada), .merge(StoreFixtures.person(rid(2), email: "a", stamp: ts(1, 1)))]))
        #expect(store.duplicateCount == 1)
        try store.commit(Transaction([.merge(StoreFixtures.deletion(of: ada))]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")) == [rid(2)])
        #expect(store.record(rid(1))?.isLive == false)
        #expect(store.duplicateCount == 0)
        #expect(store.duplicatedKeys(of: StoreFixtures.personEmail).isEmpty)

        var recreate = Record(id: rid(1), entity: StoreFixtures.person, schema: StoreFixtures.schema)
        recreate.markCreated(ts(5))
        try store.commit(Transaction([.merge(recreate)]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")) == [rid(1), rid(2)])
        #expect(store.duplicateCount == 1)
        #expect(store.digest == store.allRecords().reduce(StateDigest.zero) { $0 + $1.materialisedDigest })
    }

    @Test func allRecordsKeepsTombstones() throws {
        let store = try SQLiteFixtures.store(unique: false)
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
        let store = try SQLiteFixtures.store(unique: true)
        let newer = StoreFixtures.person(rid(1), email: "new", given: "Ada", family: "L", stamp: ts(100, 0, 2))
        try store.commit(Transaction([.merge(newer)]))
        let older = StoreFixtures.person(rid(1), email: "old", stamp: ts(1))
        try store.commit(Transaction([.replace(older)]))
        #expect(store.record(rid(1)) == older)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("new")).isEmpty)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("old")) == [rid(1)])
        #expect(store.liveRecordIDs(holding: NaturalKey(uniqueKey: StoreFixtures.personName,
                                                        values: [.string("Ada"), .string("L")])).isEmpty)
        #expect(store.digest == older.materialisedDigest)
        let tombstone = Record(id: rid(1), entity: StoreFixtures.person, schema: StoreFixtures.schema)
        try store.commit(Transaction([.replace(tombstone)]))
        #expect(store.record(rid(1)) == tombstone)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("old")).isEmpty)
        #expect(store.digest == .zero)
    }

    @Test func operationsOnOneIDInOneTransactionApplyInOrder() throws {
        let store = try SQLiteFixtures.store(unique: true)
        let first = StoreFixtures.person(rid(1), email: "a", stamp: ts(1))
        let write = StoreFixtures.write(rid(1), field: StoreFixtures.city, .string("Oslo"), stamp: ts(2))
        let replacement = StoreFixtures.person(rid(1), email: "b", stamp: ts(3))
        try store.commit(Transaction([.merge(first), .replace(replacement), .merge(write)]))
        #expect(store.record(rid(1)) == replacement.merged(with: write))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")).isEmpty)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("b")) == [rid(1)])
        #expect(store.commitCount == 1)
    }

    @Test func compoundKeysIntsAndEmptyStringsAreKeys() throws {
        let store = try SQLiteFixtures.store(unique: false)
        try store.commit(Transaction([
            .merge(StoreFixtures.person(rid(1), email: "", given: "Ada", family: "L", stamp: ts(1))),
            .merge(StoreFixtures.person(rid(2), email: "", given: "Ada", stamp: ts(2))),
            .merge(StoreFixtures.write(rid(2), field: StoreFixtures.familyName, .int(7), stamp: ts(2))),
            .merge(StoreFixtures.person(rid(3), email: nil, given: "Ada", family: "7", stamp: ts(3))),
            .merge(StoreFixtures.person(rid(4), email: nil, given: "Ada", family: "L", stamp: ts(4))),
        ]))
        let adaL = NaturalKey(uniqueKey: StoreFixtures.personName, values: [.string("Ada"), .string("L")])
        let ada7 = NaturalKey(uniqueKey: StoreFixtures.personName, values: [.string("Ada"), .int(7)])
        let adaSeven = NaturalKey(uniqueKey: StoreFixtures.personName, values: [.string("Ada"), .string("7")])
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("")) == [rid(1), rid(2)])
        #expect(store.liveRecordIDs(holding: adaL) == [rid(1), rid(4)])
        #expect(store.liveRecordIDs(holding: ada7) == [rid(2)])
        #expect(store.liveRecordIDs(holding: adaSeven) == [rid(3)])
        #expect(store.duplicatedKeys(of: StoreFixtures.personEmail) == [StoreFixtures.emailKey("")])
        #expect(store.duplicatedKeys(of: StoreFixtures.personName) == [adaL])
        #expect(store.duplicateCount == 2)
    }

    @Test func entitiesWithoutUniqueKeysAreStoredAndDigested() throws {
        let store = try SQLiteFixtures.store(unique: true)
        var note = Record(id: rid(1, high: 3), entity: StoreFixtures.note, schema: StoreFixtures.schema)
        note.markCreated(ts(1))
        note.set(0, to: .string("hello"), stamp: ts(1))
        var twin = Record(id: rid(2, high: 3), entity: StoreFixtures.note, schema: StoreFixtures.schema)
        twin.markCreated(ts(2))
        twin.set(0, to: .string("hello"), stamp: ts(2))
        try store.commit(Transaction([.merge(note), .merge(twin)]))
        #expect(store.duplicateCount == 0)
        #expect(store.digest == note.materialisedDigest + twin.materialisedDigest)
        #expect(store.allRecords() == [note, twin])
    }

    // MARK: Files

    @Test func aFileStoreWritesItsFileAndStartsEmptyWhenReopened() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("replica.sqlite")
        let ada = StoreFixtures.person(rid(1), email: "a", stamp: ts(1))
        do {
            let store = try SQLiteFixtures.store(unique: true, path: path)
            #expect(store.path == path)
            try store.commit(Transaction([.merge(ada)]))
            #expect(store.record(rid(1)) == ada)
            let check = try SQLiteConnection(path: path)
            #expect(try check.single("PRAGMA journal_mode") == "wal")
            #expect(try check.single("SELECT count(*) FROM records") == "1")
        }
        // A run always starts from an empty store.
        let reopened = try SQLiteFixtures.store(unique: false, path: path)
        #expect(reopened.allRecords().isEmpty)
        #expect(reopened.digest == .zero && reopened.commitCount == 0)
        try reopened.commit(Transaction([.merge(ada), .merge(StoreFixtures.person(rid(2), email: "a", stamp: ts(2)))]))
        #expect(reopened.duplicateCount == 1, "reopened without the unique index")
    }

    @Test func aFileThatIsNotSQLiteFailsToOpenAsAStorageError() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("replica.sqlite")
        try Data(String(repeating: "plain text, not SQLite\n", count: 50).utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try SQLiteFixtures.store(unique: true, path: path)
            Issue.record("opened a text file as a store")
        } catch {
            #expect(error.code == .storage)
            #expect(error.message.hasPrefix("\(path): file is not a database"))
            #expect(error.description.hasPrefix("storage: \(path): "))
            #expect(error.conflicts.isEmpty)
        }
    }

    @Test func aStoreInAMissingFolderFailsToOpenNamingThePath() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("missing/replica.sqlite")
        do {
            _ = try SQLiteFixtures.store(unique: false, path: path)
            Issue.record("opened a store in a missing folder")
        } catch {
            #expect(error.code == .storage)
            #expect(error.message.hasPrefix("\(path): unable to open database file"))
        }
    }
}
