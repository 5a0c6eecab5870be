import SyncModel
import SyncStore
import Testing

/// A store with `enforcesUniqueness` refuses, whole, any transaction that
/// would leave two live records holding one natural key.
struct MemoryStoreUniquenessTests {
    /// Everything observable about a store, to check a refusal changed nothing.
    struct Snapshot: Equatable {
        let commitCount: Int
        let duplicateCount: Int
        let digest: StateDigest
        let records: [Record]
        let holders: [[RecordID]]

        init(_ store: MemoryStore, keys: [NaturalKey]) {
            commitCount = store.commitCount
            duplicateCount = store.duplicateCount
            digest = store.digest
            records = store.allRecords()
            holders = keys.map(store.liveRecordIDs(holding:))
        }
    }

    static let keys = ["a", "b", "c"].map(StoreFixtures.emailKey)

    func storeHoldingA() throws -> MemoryStore {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: true)
        try store.commit(Transaction([.merge(StoreFixtures.person(rid(5), email: "a", stamp: ts(1)))]))
        return store
    }

    @Test func aSecondLiveHolderIsRefusedAndNothingChanges() throws {
        var store = try storeHoldingA()
        let before = Snapshot(store, keys: Self.keys)
        let unrelated = StoreFixtures.person(rid(9), email: "b", stamp: ts(2))
        let intruder = StoreFixtures.person(rid(2), email: "a", stamp: ts(3))
        let error = store.commitReportingError([.merge(unrelated), .merge(intruder)])
        #expect(error?.code == .uniqueConstraint)
        #expect(error?.conflicts.count == 1)
        #expect(error?.conflicts.first?.key == StoreFixtures.emailKey("a"))
        #expect(error?.conflicts.first?.recordIDs == [rid(2), rid(5)])
        #expect(error?.message.contains("UNIQUE constraint failed") == true)
        #expect(error?.description.hasPrefix("uniqueConstraint: ") == true)
        // Atomic: not even the unrelated record was written.
        #expect(Snapshot(store, keys: Self.keys) == before)
        #expect(store.record(rid(9)) == nil)
        #expect(store.record(rid(2)) == nil)
    }

    @Test func aFieldWriteOntoATakenKeyIsRefused() throws {
        var store = try storeHoldingA()
        try store.commit(Transaction([.merge(StoreFixtures.person(rid(3), email: "b", stamp: ts(2)))]))
        let before = Snapshot(store, keys: Self.keys)
        let error = store.commitReportingError([
            .merge(StoreFixtures.write(rid(3), field: StoreFixtures.email, .string("a"), stamp: ts(3))),
        ])
        #expect(error?.conflicts.map(\.recordIDs) == [[rid(3), rid(5)]])
        #expect(Snapshot(store, keys: Self.keys) == before)
    }

    @Test func twoNewRecordsOfOneKeyInOneTransactionConflict() {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: true)
        let error = store.commitReportingError([
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

    @Test func everyConflictingKeyIsListedSorted() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: true)
        try store.commit(Transaction([
            .merge(StoreFixtures.person(rid(1), email: "b", given: "Ada", family: "L", stamp: ts(1))),
            .merge(StoreFixtures.person(rid(2), email: "a", stamp: ts(1))),
        ]))
        let error = store.commitReportingError([
            .merge(StoreFixtures.person(rid(3), email: "b", given: "Ada", family: "L", stamp: ts(2))),
            .merge(StoreFixtures.person(rid(4), email: "a", stamp: ts(2))),
        ])
        #expect(error?.conflicts.map(\.key) == [
            StoreFixtures.emailKey("a"),
            StoreFixtures.emailKey("b"),
            NaturalKey(uniqueKey: StoreFixtures.personName, values: [.string("Ada"), .string("L")]),
        ])
        #expect(error?.conflicts.map(\.recordIDs) == [[rid(2), rid(4)], [rid(1), rid(3)], [rid(1), rid(3)]])
    }

    @Test func deletingTheHolderAndInsertingANewOneInOneTransactionIsAllowed() throws {
        var store = try storeHoldingA()
        let holder = try #require(store.record(rid(5)))
        let successor = StoreFixtures.person(rid(2), email: "a", stamp: ts(2))
        try store.commit(Transaction([.merge(successor), .merge(StoreFixtures.deletion(of: holder))]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")) == [rid(2)])
        #expect(store.record(rid(5))?.isLive == false)
        #expect(store.duplicateCount == 0)
        #expect(store.commitCount == 2)
    }

    @Test func movingTheHolderAwayFreesTheKeyInTheSameTransaction() throws {
        var store = try storeHoldingA()
        try store.commit(Transaction([
            .merge(StoreFixtures.write(rid(5), field: StoreFixtures.email, .string("z"), stamp: ts(2))),
            .merge(StoreFixtures.person(rid(6), email: "a", stamp: ts(2))),
        ]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")) == [rid(6)])
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("z")) == [rid(5)])
    }

    @Test func reCreatingATombstoneOntoATakenKeyIsRefused() throws {
        var store = try storeHoldingA()
        let holder = try #require(store.record(rid(5)))
        try store.commit(Transaction([
            .merge(StoreFixtures.deletion(of: holder)),
            .merge(StoreFixtures.person(rid(6), email: "a", stamp: ts(2))),
        ]))
        var recreate = Record(id: rid(5), entity: StoreFixtures.person, schema: StoreFixtures.schema)
        recreate.markCreated(ts(3))
        let error = store.commitReportingError([.merge(recreate)])
        #expect(error?.conflicts.first?.recordIDs == [rid(5), rid(6)])
        #expect(store.record(rid(5))?.isLive == false)
    }

    @Test func unsetKeyFieldsNeverConflict() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: true)
        // Never written, written as unset, and half of a compound key.
        var neverWritten = Record(id: rid(1), entity: StoreFixtures.person, schema: StoreFixtures.schema)
        neverWritten.markCreated(ts(1))
        try store.commit(Transaction([
            .merge(neverWritten),
            .merge(StoreFixtures.person(rid(2), email: nil, given: "Ada", stamp: ts(1))),
            .merge(StoreFixtures.person(rid(3), email: nil, given: "Ada", stamp: ts(2))),
        ]))
        try store.commit(Transaction([.merge(StoreFixtures.person(rid(4), email: nil, given: "Ada", stamp: ts(3)))]))
        #expect(store.duplicateCount == 0)
        #expect(store.allRecords().filter(\.isLive).count == 4)
        #expect(store.commitCount == 2)
    }

    @Test func aConflictWithATombstoneIsNoConflict() throws {
        var store = try storeHoldingA()
        let holder = try #require(store.record(rid(5)))
        try store.commit(Transaction([.merge(StoreFixtures.deletion(of: holder))]))
        try store.commit(Transaction([.merge(StoreFixtures.person(rid(7), email: "a", stamp: ts(4)))]))
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("a")) == [rid(7)])
    }

    /// Random transactions: each must succeed exactly when the model after
    /// it has no duplicate, and a refusal must name every duplicated key
    /// with all its holders and leave the store untouched.
    @Test(arguments: 0 ..< 32)
    func commitSucceedsExactlyWhenNoKeyWouldBeShared(seed: Int) {
        let schema = StoreFixtures.schema
        var workload = StoreWorkload(seed: UInt64(seed), allowsReplace: true)
        var store = MemoryStore(schema: schema, enforcesUniqueness: true)
        var model: [RecordID: Record] = [:]
        var accepted = 0, refused = 0
        for step in 0 ..< 80 {
            let context = "seed \(seed), step \(step)"
            let operations = workload.transaction(current: model)
            let after = StoreWorkload.apply(operations, to: model)
            let records = after.keys.sorted().map { after[$0]! }
            let shared = BruteForce.holders(records, schema: schema).filter { $0.value.count > 1 }
            let before = Snapshot(store, keys: Array(BruteForce.everyKey(records, schema: schema)).sorted())

            let error = store.commitReportingError(operations)
            if shared.isEmpty {
                #expect(error == nil, "\(context): refused without a duplicate: \(String(describing: error))")
                if error == nil { model = after; accepted += 1 }
            } else {
                refused += 1
                #expect(error?.code == .uniqueConstraint, "\(context): accepted a duplicate")
                #expect(error?.conflicts.map(\.key) == shared.keys.sorted(), "\(context): conflict keys")
                #expect(error?.conflicts.map(\.recordIDs) == shared.keys.sorted().map { shared[$0]! },
                        "\(context): conflict ids")
                #expect(Snapshot(store, keys: Array(BruteForce.everyKey(records, schema: schema)).sorted()) == before,
                        "\(context): a refused transaction changed the store")
            }
            let current = model.keys.sorted().map { model[$0]! }
            #expect(store.allRecords() == current, "\(context)")
            #expect(store.commitCount == accepted, "\(context)")
            #expect(store.duplicateCount == 0, "\(context)")
            #expect(store.digest == BruteForce.digest(current), "\(context)")
        }
        #expect(accepted >= 10 && refused >= 5, "seed \(seed): accepted \(accepted), refused \(refused)")
    }
}
