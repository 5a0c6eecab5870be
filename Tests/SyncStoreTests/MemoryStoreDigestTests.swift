import SyncModel
import SyncStore
import Testing

/// The store digest: equal materialised states, equal digests.
struct MemoryStoreDigestTests {
    /// Merge-only transactions commute, so two stores that received the
    /// same ones in different orders hold the same records and digest.
    @Test(arguments: 0 ..< 16)
    func sameTransactionsInAnyOrderGiveTheSameDigest(seed: Int) throws {
        var workload = StoreWorkload(seed: UInt64(seed), allowsReplace: false)
        var model: [RecordID: Record] = [:]
        var transactions: [[StoreOperation]] = []
        for _ in 0 ..< 40 {
            let operations = workload.transaction(current: model)
            model = StoreWorkload.apply(operations, to: model)
            transactions.append(operations)
        }
        var inOrder = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        for operations in transactions { try inOrder.commit(Transaction(operations)) }

        var shuffled = transactions
        workload.shuffle(&shuffled)
        var reordered = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        for operations in shuffled { try reordered.commit(Transaction(operations)) }
        // Each transaction delivered twice more: idempotent.
        for operations in transactions.reversed() { try reordered.commit(Transaction(operations)) }

        #expect(shuffled.count == transactions.count)
        #expect(reordered.digest == inOrder.digest, "seed \(seed)")
        #expect(reordered.allRecords() == inOrder.allRecords(), "seed \(seed)")
        #expect(reordered.duplicateCount == inOrder.duplicateCount, "seed \(seed)")
        #expect(inOrder.digest == BruteForce.digest(inOrder.allRecords()), "seed \(seed)")
    }

    @Test func aDifferentFieldValueGivesADifferentDigest() throws {
        func store(city: String) throws -> MemoryStore {
            var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
            try store.commit(Transaction([
                .merge(StoreFixtures.person(rid(1), email: "a", stamp: ts(1))),
                .merge(StoreFixtures.person(rid(2), email: "b", stamp: ts(1))),
            ]))
            try store.commit(Transaction([.merge(StoreFixtures.write(rid(2), field: StoreFixtures.city, .string(city), stamp: ts(2)))]))
            return store
        }
        #expect(try store(city: "Oslo").digest == store(city: "Oslo").digest)
        #expect(try store(city: "Oslo").digest != store(city: "Bergen").digest)
    }

    @Test func stampsDoNotReachTheDigest() throws {
        var early = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        try early.commit(Transaction([.merge(StoreFixtures.person(rid(1), email: "a", stamp: ts(1)))]))
        var late = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        try late.commit(Transaction([.merge(StoreFixtures.person(rid(1), email: "a", stamp: ts(900, 4, 2)))]))
        #expect(early.digest == late.digest)
        #expect(early.allRecords() != late.allRecords())
    }

    @Test func digestIsTheSumOfLiveRecordDigests() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        let a = StoreFixtures.person(rid(1), email: "a", stamp: ts(1))
        let b = StoreFixtures.person(rid(2), email: "b", stamp: ts(1))
        try store.commit(Transaction([.merge(a), .merge(b)]))
        #expect(store.digest == a.materialisedDigest + b.materialisedDigest)
        try store.commit(Transaction([.merge(StoreFixtures.deletion(of: a))]))
        #expect(store.digest == b.materialisedDigest)
        let rename = StoreFixtures.write(rid(2), field: StoreFixtures.email, .string("c"), stamp: ts(2))
        try store.commit(Transaction([.merge(rename)]))
        #expect(store.digest == b.merged(with: rename).materialisedDigest)
        #expect(store.digest != b.materialisedDigest)
    }
}
