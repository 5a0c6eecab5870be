import Foundation
import SyncModel
import SyncStore
import SyncStoreSQLite
import Testing

/// A ``SQLiteStore`` transaction is applied whole or not at all: a unique
/// refusal and a storage failure part-way leave nothing behind.
struct SQLiteStoreAtomicityTests {
    static let keys = ["a", "b", "c", "z"].map(StoreFixtures.emailKey)
        + [NaturalKey(uniqueKey: StoreFixtures.personName, values: [.string("Ada"), .string("L")])]

    func storeHoldingA(path: String = ":memory:") throws -> SQLiteStore {
        let store = try SQLiteFixtures.store(unique: true, path: path)
        try store.commit(Transaction([.merge(StoreFixtures.person(rid(5), email: "a", stamp: ts(1)))]))
        return store
    }

    // MARK: Unique refusals

    @Test func aSecondLiveHolderIsRefusedAndNothingChanges() throws {
        var store = try storeHoldingA()
        let before = StoreSnapshot(store, keys: Self.keys, ids: [rid(2), rid(5), rid(9)])
        let unrelated = StoreFixtures.person(rid(9), email: "b", stamp: ts(2))
        let intruder = StoreFixtures.person(rid(2), email: "a", stamp: ts(3))
        let refusal = store.commitCatching([.merge(unrelated), .merge(intruder)])
        let error = try #require(refusal)
        #expect(error.code == .uniqueConstraint)
        #expect(error.conflicts.map(\.key) == [StoreFixtures.emailKey("a")])
        #expect(error.conflicts.map(\.recordIDs) == [[rid(2), rid(5)]])
        #expect(error.message.contains("UNIQUE constraint failed: records.k0"), "\(error.message)")
        #expect(error.description.hasPrefix("uniqueConstraint: :memory:: "))
        #expect(StoreSnapshot(store, keys: Self.keys, ids: [rid(2), rid(5), rid(9)]) == before)
        #expect(store.record(rid(9)) == nil)
        #expect(store.record(rid(2)) == nil)
        // The store still works.
        try store.commit(Transaction([.merge(unrelated)]))
        #expect(store.commitCount == 2)
    }

    @Test func aRefusalOfAnUpdateLeavesTheOldVersions() throws {
        var store = try storeHoldingA()
        try store.commit(Transaction([.merge(StoreFixtures.person(rid(3), email: "b", given: "Ada", family: "L", stamp: ts(2)))]))
        let before = StoreSnapshot(store, keys: Self.keys, ids: [rid(3), rid(5)])
        // Both a harmless update and a move onto a taken key, in one transaction.
        let error = store.commitCatching([
            .merge(StoreFixtures.write(rid(5), field: StoreFixtures.city, .string("Oslo"), stamp: ts(3))),
            .merge(StoreFixtures.write(rid(3), field: StoreFixtures.email, .string("a"), stamp: ts(3))),
        ])
        #expect(error?.code == .uniqueConstraint)
        #expect(error?.conflicts.map(\.recordIDs) == [[rid(3), rid(5)]])
        #expect(StoreSnapshot(store, keys: Self.keys, ids: [rid(3), rid(5)]) == before)
        #expect(store.record(rid(5))?.value(StoreFixtures.city) == nil)
    }

    @Test func everyConflictingKeyIsListedSortedAsTheMemoryStoreDoes() throws {
        let people = [
            StoreFixtures.person(rid(1), email: "b", given: "Ada", family: "L", stamp: ts(1)),
            StoreFixtures.person(rid(2), email: "a", stamp: ts(1)),
        ]
        let intruders: [StoreOperation] = [
            .merge(StoreFixtures.person(rid(3), email: "b", given: "Ada", family: "L", stamp: ts(2))),
            .merge(StoreFixtures.person(rid(4), email: "a", stamp: ts(2))),
        ]
        var memory = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: true)
        var sqlite = try SQLiteFixtures.store(unique: true)
        try memory.commit(Transaction(people.map { .merge($0) }))
        try sqlite.commit(Transaction(people.map { .merge($0) }))
        let memoryRefusal = memory.commitCatching(intruders)
        let sqliteRefusal = sqlite.commitCatching(intruders)
        let expected = try #require(memoryRefusal)
        let error = try #require(sqliteRefusal)
        #expect(error.conflicts == expected.conflicts)
        #expect(error.conflicts.map(\.recordIDs) == [[rid(2), rid(4)], [rid(1), rid(3)], [rid(1), rid(3)]])
    }

    @Test func twoNewRecordsOfOneKeyInOneTransactionConflict() throws {
        var store = try SQLiteFixtures.store(unique: true)
        let error = store.commitCatching([
            .merge(StoreFixtures.person(rid(8), email: "c", stamp: ts(1))),
            .merge(StoreFixtures.person(rid(4), email: "c", stamp: ts(2))),
        ])
        #expect(error?.code == .uniqueConstraint)
        #expect(error?.conflicts.map(\.key) == [StoreFixtures.emailKey("c")])
        #expect(error?.conflicts.first?.recordIDs == [rid(4), rid(8)])
        #expect(store.commitCount == 0)
        #expect(store.allRecords().isEmpty)
        #expect(store.digest == .zero)
    }

    @Test func withoutAConstraintDuplicatesAreStoredAndCounted() throws {
        var store = try SQLiteFixtures.store(unique: false)
        #expect(store.commitCatching([
            .merge(StoreFixtures.person(rid(8), email: "c", stamp: ts(1))),
            .merge(StoreFixtures.person(rid(4), email: "c", stamp: ts(2))),
        ]) == nil)
        #expect(store.duplicateCount == 1)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("c")) == [rid(4), rid(8)])
    }

    // MARK: Hand-overs inside one transaction

    /// SQLite checks `UNIQUE` per statement, so a new holder written before
    /// the old one lets go would be refused; the store orders the writes.
    @Test(arguments: [rid(2), rid(9)], [false, true])
    func deletingTheHolderAndInsertingANewOneInOneTransactionIsAllowed(successorID: RecordID, deletionFirst: Bool) throws {
        let store = try storeHoldingA()
        let holder = try #require(store.record(rid(5)))
        let successor = StoreFixtures.person(successorID, email: "a", stamp: ts(2))
        let operations: [StoreOperation] = [.merge(successor), .merge(StoreFixtures.deletion(of: holder))]
        try store.commit(Transaction(deletionFirst ? operations.reversed() : operations))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")) == [successorID])
        #expect(store.record(rid(5))?.isLive == false)
        #expect(store.duplicateCount == 0)
        #expect(store.commitCount == 2)
        #expect(store.digest == successor.materialisedDigest)
    }

    @Test(arguments: [rid(2), rid(9)])
    func movingTheHolderAwayFreesTheKeyInTheSameTransaction(successorID: RecordID) throws {
        let store = try storeHoldingA()
        try store.commit(Transaction([
            .merge(StoreFixtures.person(successorID, email: "a", stamp: ts(2))),
            .merge(StoreFixtures.write(rid(5), field: StoreFixtures.email, .string("z"), stamp: ts(2))),
        ]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")) == [successorID])
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("z")) == [rid(5)])
    }

    @Test func replacingTheHolderWithATombstoneFreesTheKey() throws {
        let store = try storeHoldingA()
        try store.commit(Transaction([
            .merge(StoreFixtures.person(rid(1), email: "a", stamp: ts(2))),
            .replace(Record(id: rid(5), entity: StoreFixtures.person, schema: StoreFixtures.schema)),
        ]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")) == [rid(1)])
    }

    /// Two records swap keys, pass them along a chain, or one moves onto
    /// the key of another deleted in the same transaction: no key has two
    /// holders once the transaction is done, and ``MemoryStore`` accepts
    /// it. Both rows give up a key, so they are both in the "give up first"
    /// group, written in id order: record 1 is written while record 2
    /// still holds `b` in the `UNIQUE` index.
    @Test(arguments: ["swap", "chain", "move onto a deleted holder's key"])
    func keysPassedBetweenRecordsInOneTransactionAreAllowed(shape: String) throws {
        var memory = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: true)
        var sqlite = try SQLiteFixtures.store(unique: true)
        let setup: [StoreOperation] = [
            .merge(StoreFixtures.person(rid(1), email: "a", stamp: ts(1))),
            .merge(StoreFixtures.person(rid(2), email: "b", stamp: ts(1))),
        ]
        try memory.commit(Transaction(setup))
        try sqlite.commit(Transaction(setup))
        // 1 takes b; 2 takes a (swap), takes c (chain) or is deleted.
        let second: StoreOperation = switch shape {
        case "swap": .merge(StoreFixtures.write(rid(2), field: StoreFixtures.email, .string("a"), stamp: ts(2)))
        case "chain": .merge(StoreFixtures.write(rid(2), field: StoreFixtures.email, .string("c"), stamp: ts(2)))
        default: .merge(StoreFixtures.deletion(of: try #require(memory.record(rid(2)))))
        }
        let operations: [StoreOperation] = [
            .merge(StoreFixtures.write(rid(1), field: StoreFixtures.email, .string("b"), stamp: ts(2))),
            second,
        ]
        let memoryError = memory.commitCatching(operations)
        #expect(memoryError == nil)
        let error = sqlite.commitCatching(operations)
        // SQLite checks UNIQUE per statement; the store releases the keys of
        // the rows it rewrites first, so hand-overs inside one transaction work.
        #expect(error == nil, "\(error.map(String.init(describing:)) ?? "")")
        #expect(StoreSnapshot(sqlite, keys: Self.keys, ids: [rid(1), rid(2)]) == StoreSnapshot(memory, keys: Self.keys, ids: [rid(1), rid(2)]))
    }

    /// Values compare by their UTF-8 bytes in both stores (as a SQLite
    /// `UNIQUE` index does): `"é"` composed and decomposed are two keys to
    /// ``MemoryStore`` and to SQLite alike.
    @Test(arguments: [false, true])
    func canonicallyEquivalentEmailsAreTwoKeysInBothStores(unique: Bool) throws {
        var memory = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: unique)
        var sqlite = try SQLiteFixtures.store(unique: unique)
        let operations: [StoreOperation] = [
            .merge(StoreFixtures.person(rid(1), email: "caf\u{E9}", stamp: ts(1))),
            .merge(StoreFixtures.person(rid(2), email: "cafe\u{301}", stamp: ts(2))),
        ]
        #expect(memory.commitCatching(operations) == nil)
        #expect(sqlite.commitCatching(operations) == nil)
        #expect(memory.duplicateCount == 0)
        #expect(sqlite.duplicateCount == 0)
        #expect(sqlite.digest == memory.digest)
    }

    // MARK: Storage failures

    @Test(arguments: [false, true])
    func aFailureAfterOneWriteLeavesNothingOfTheTransaction(unique: Bool) throws {
        var store = try SQLiteFixtures.store(unique: unique)
        let existing = StoreFixtures.person(rid(5), email: "a", given: "Ada", family: "L", stamp: ts(1))
        try store.commit(Transaction([.merge(existing)]))
        let before = StoreSnapshot(store, keys: Self.keys, ids: [rid(1), rid(2), rid(3), rid(5)])

        store.injectedFailureAfterWrites = 1
        #expect(store.injectedFailureAfterWrites == 1)
        let failure = store.commitCatching([
            .merge(StoreFixtures.person(rid(1), email: "b", stamp: ts(2))),
            .merge(StoreFixtures.person(rid(2), email: "c", stamp: ts(2))),
            .merge(StoreFixtures.person(rid(3), email: nil, given: "Bo", family: "L", stamp: ts(2))),
        ])
        let error = try #require(failure)
        #expect(error.code == .storage)
        #expect(error.message.contains("injected failure after 1 writes"), "\(error.message)")
        #expect(error.message.hasPrefix(":memory:: "))
        #expect(error.conflicts.isEmpty)
        #expect(StoreSnapshot(store, keys: Self.keys, ids: [rid(1), rid(2), rid(3), rid(5)]) == before)
        #expect(store.allRecords() == [existing])
        #expect(store.digest == existing.materialisedDigest)
        #expect(store.commitCount == 1)
        #expect(store.injectedFailureAfterWrites == nil, "the hook fires once")

        // The next commit works normally.
        try store.commit(Transaction([
            .merge(StoreFixtures.person(rid(1), email: "b", stamp: ts(3))),
            .merge(StoreFixtures.write(rid(5), field: StoreFixtures.city, .string("Oslo"), stamp: ts(3))),
        ]))
        #expect(store.commitCount == 2)
        #expect(store.allRecords().map(\.id) == [rid(1), rid(5)])
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("b")) == [rid(1)])
        #expect(store.digest == store.allRecords().reduce(StateDigest.zero) { $0 + $1.materialisedDigest })
    }

    /// Updates of stored records and a hand-over, cut off part-way: the old
    /// versions stay, and the duplicate count is not moved by the half.
    @Test(arguments: [0, 1, 2])
    func aFailurePartWayThroughUpdatesLeavesTheOldVersions(writes: Int) throws {
        var store = try SQLiteFixtures.store(unique: false)
        let first = StoreFixtures.person(rid(1), email: "a", stamp: ts(1))
        let second = StoreFixtures.person(rid(2), email: "a", stamp: ts(1))
        try store.commit(Transaction([.merge(first), .merge(second)]))
        #expect(store.duplicateCount == 1)
        let before = StoreSnapshot(store, keys: Self.keys, ids: [rid(1), rid(2), rid(3)])
        store.injectedFailureAfterWrites = writes
        let error = store.commitCatching([
            .merge(StoreFixtures.deletion(of: first)),
            .merge(StoreFixtures.write(rid(2), field: StoreFixtures.email, .string("b"), stamp: ts(2))),
            .merge(StoreFixtures.person(rid(3), email: "a", stamp: ts(2))),
        ])
        #expect(error?.code == .storage)
        #expect(StoreSnapshot(store, keys: Self.keys, ids: [rid(1), rid(2), rid(3)]) == before)
        #expect(store.duplicateCount == 1)
    }

    @Test func aFailureInAFileStoreLeavesTheFileAsItWas() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("replica.sqlite")
        var store = try storeHoldingA(path: path)
        store.injectedFailureAfterWrites = 2
        let error = store.commitCatching([
            .merge(StoreFixtures.person(rid(1), email: "b", stamp: ts(2))),
            .merge(StoreFixtures.person(rid(2), email: "c", stamp: ts(2))),
            .merge(StoreFixtures.person(rid(3), email: "z", stamp: ts(2))),
        ])
        #expect(error?.code == .storage)
        #expect(error?.message.hasPrefix("\(path): injected failure after 2 writes") == true)
        // Another connection sees only the committed row.
        let check = try SQLiteConnection(path: path)
        #expect(try check.single("SELECT count(*) FROM records") == "1")
        #expect(store.allRecords().map(\.id) == [rid(5)])
    }
}
