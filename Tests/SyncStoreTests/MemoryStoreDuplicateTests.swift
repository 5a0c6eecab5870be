import SyncModel
import SyncStore
import Testing

/// The duplicate count and duplicated-key index of a store without a
/// unique constraint, where duplicates are allowed and must be measured.
struct MemoryStoreDuplicateTests {
    @Test func duplicatedKeysAreExactlyThoseWithSeveralHoldersSorted() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        let people = [
            StoreFixtures.person(rid(1), email: "b", given: "Ada", family: "L", stamp: ts(1)),
            StoreFixtures.person(rid(2), email: "b", given: "Ada", family: "L", stamp: ts(2)),
            StoreFixtures.person(rid(3), email: "b", given: "Ada", family: "M", stamp: ts(3)),
            StoreFixtures.person(rid(4), email: "a", stamp: ts(4)),
            StoreFixtures.person(rid(5), email: "a", stamp: ts(5)),
            StoreFixtures.person(rid(6), email: "c", stamp: ts(6)),
            StoreFixtures.person(rid(7), email: nil, given: "Bo", stamp: ts(7)),
            StoreFixtures.person(rid(8), email: nil, given: "Bo", stamp: ts(8)),
        ]
        try store.commit(Transaction(people.map { .merge($0) }))

        #expect(store.duplicatedKeys(of: StoreFixtures.personEmail)
                    == [StoreFixtures.emailKey("a"), StoreFixtures.emailKey("b")])
        #expect(store.duplicatedKeys(of: StoreFixtures.personName)
                    == [NaturalKey(uniqueKey: StoreFixtures.personName, values: [.string("Ada"), .string("L")])])
        #expect(store.duplicatedKeys(of: StoreFixtures.tagName).isEmpty)
        // email: 6 live holders, 3 distinct values; name: 3 holders, 2 values.
        #expect(store.duplicateCount == 3 + 1)
        #expect(store.liveRecordIDs(holding: StoreFixtures.emailKey("b")) == [rid(1), rid(2), rid(3)])

        // Deleting one of two holders ends that duplicate.
        try store.commit(Transaction([.merge(StoreFixtures.deletion(of: people[3]))]))
        #expect(store.duplicatedKeys(of: StoreFixtures.personEmail) == [StoreFixtures.emailKey("b")])
        #expect(store.duplicateCount == 2 + 1)
    }

    @Test func recreatingATombstoneBringsItsDuplicateBack() throws {
        var store = MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)
        let first = StoreFixtures.person(rid(1), email: "a", stamp: ts(1))
        let second = StoreFixtures.person(rid(2), email: "a", stamp: ts(2))
        try store.commit(Transaction([.merge(first), .merge(second)]))
        #expect(store.duplicateCount == 1)
        try store.commit(Transaction([.merge(StoreFixtures.deletion(of: second))]))
        #expect(store.duplicateCount == 0)
        #expect(store.duplicatedKeys(of: StoreFixtures.personEmail).isEmpty)
        var recreate = Record(id: rid(2), entity: StoreFixtures.person, schema: StoreFixtures.schema)
        recreate.markCreated(ts(3))
        try store.commit(Transaction([.merge(recreate)]))
        #expect(store.duplicateCount == 1)
        #expect(store.duplicatedKeys(of: StoreFixtures.personEmail) == [StoreFixtures.emailKey("a")])
    }

    /// Random transactions, with every index checked after every commit
    /// against a scan of a model kept without the store.
    @Test(arguments: 0 ..< 32)
    func indexesMatchABruteForceScan(seed: Int) throws {
        let schema = StoreFixtures.schema
        var workload = StoreWorkload(seed: UInt64(seed), allowsReplace: true)
        var store = MemoryStore(schema: schema, enforcesUniqueness: false)
        var model: [RecordID: Record] = [:]
        var peakDuplicates = 0
        for step in 0 ..< 80 {
            let operations = workload.transaction(current: model)
            try store.commit(Transaction(operations))
            model = StoreWorkload.apply(operations, to: model)
            let records = model.keys.sorted().map { model[$0]! }
            let context = "seed \(seed), step \(step)"

            #expect(store.allRecords() == records, "\(context): records differ")
            #expect(store.commitCount == step + 1, "\(context)")
            #expect(store.duplicateCount == BruteForce.duplicateCount(records, schema: schema), "\(context): duplicateCount")
            for uniqueKey in schema.allUniqueKeys {
                #expect(store.duplicatedKeys(of: uniqueKey) == BruteForce.duplicatedKeys(records, of: uniqueKey, schema: schema),
                        "\(context): duplicatedKeys of \(uniqueKey)")
            }
            let holders = BruteForce.holders(records, schema: schema)
            for key in BruteForce.everyKey(records, schema: schema).sorted() {
                #expect(store.liveRecordIDs(holding: key) == holders[key] ?? [], "\(context): holders of \(key)")
            }
            #expect(store.digest == BruteForce.digest(records), "\(context): digest")
            peakDuplicates = max(peakDuplicates, store.duplicateCount)
        }
        #expect(peakDuplicates >= 2, "seed \(seed): the workload never made duplicates")
    }
}
