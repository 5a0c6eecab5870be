import SyncModel
import SyncStore
import SyncStoreSQLite
import Testing
import TestSupport

/// The same random transactions applied to a ``MemoryStore`` and a
/// ``SQLiteStore``: every answer must be the same, step by step, with and
/// without a unique constraint. Besides the store workload's transactions,
/// some hand a key from one record to another in one transaction (delete
/// or move the holder, and give a new record its key), which SQLite must
/// accept although it checks `UNIQUE` per statement.
struct SQLiteStoreDifferentialTests {
    /// Hand-over transactions, with stamps of their own (replica 9, wall
    /// times after the workload's) so that they never repeat a stamp.
    struct HandOvers {
        var rng: TestRandom
        var counter: UInt32 = 0
        var fresh = 0

        mutating func stamp() -> Timestamp {
            counter += 1
            return Timestamp(wallMicros: 2_000 + Int64(counter), counter: 0, replica: ReplicaID(9))
        }

        /// Gives the email of a live person to another person that is not
        /// live, in one transaction; nil when there is no such pair.
        mutating func transaction(current: [RecordID: Record]) -> [StoreOperation]? {
            let holders = StoreWorkload.people.filter { current[$0]?.isLive == true && current[$0]?.value(StoreFixtures.email) != nil }
            let free = StoreWorkload.people.filter { current[$0]?.isLive != true }
            guard !holders.isEmpty, !free.isEmpty else { return nil }
            let holder = current[rng.pick(holders)]!
            let successor = rng.pick(free)
            let email = holder.value(StoreFixtures.email)!
            var operations: [StoreOperation]
            if rng.chance(50) {
                operations = [.merge(StoreFixtures.deletion(of: holder))]
            } else {
                // Move the holder to an email nobody has.
                fresh += 1
                operations = [.merge(StoreFixtures.write(holder.id, field: StoreFixtures.email, .string("moved\(fresh)"), stamp: stamp()))]
            }
            let stamp = stamp()
            var taker = Record(id: successor, entity: StoreFixtures.person, schema: StoreFixtures.schema)
            taker.markCreated(stamp)
            taker.set(StoreFixtures.email, to: email, stamp: stamp)
            operations.append(.merge(taker))
            if rng.chance(50) { operations.reverse() }
            return operations
        }
    }

    static func liveKeys(_ record: Record?) -> Set<NaturalKey> {
        guard let record, record.isLive else { return [] }
        return Set(StoreFixtures.schema.allUniqueKeys.filter { $0.entity == record.entity }.compactMap {
            NaturalKey(record: record, uniqueKey: $0, schema: StoreFixtures.schema)
        })
    }

    static func describe(_ operations: [StoreOperation], current: [RecordID: Record]) -> String {
        let after = StoreWorkload.apply(operations, to: current)
        return Set(operations.map(\.id)).sorted().map { id in
            "\(id): \(liveKeys(current[id]).sorted()) -> \(liveKeys(after[id]).sorted())"
        }.joined(separator: "; ")
    }

    static func key(_ seed: Int, _ unique: Bool) -> String { "seed \(seed), \(unique ? "unique" : "no constraint")" }

    @Test(arguments: 0 ..< 16, [false, true])
    func sameTransactionsGiveTheSameStores(seed: Int, unique: Bool) throws {
        let schema = StoreFixtures.schema
        var workload = StoreWorkload(seed: UInt64(seed), allowsReplace: true)
        var handOvers = HandOvers(rng: TestRandom(seed: UInt64(1_000 + seed)))
        var memory = MemoryStore(schema: schema, enforcesUniqueness: unique)
        var sqlite = try SQLiteStore(schema: schema, enforcesUniqueness: unique)
        var model: [RecordID: Record] = [:]
        var accepted = 0, refused = 0, handedOver = 0
        for step in 0 ..< 80 {
            let context = "\(Self.key(seed, unique)), step \(step)"
            var operations = workload.transaction(current: model)
            var isHandOver = false
            if step % 4 == 3, let handOver = handOvers.transaction(current: model) {
                operations = handOver
                isHandOver = true
            }
            let memoryError = memory.commitCatching(operations)
            let sqliteError = sqlite.commitCatching(operations)
            #expect((memoryError == nil) == (sqliteError == nil),
                    "\(context): \(Self.describe(operations, current: model)); memory \(memoryError.map(String.init(describing:)) ?? "accepted"), sqlite \(sqliteError.map(String.init(describing:)) ?? "accepted")")
            if let memoryError, let sqliteError {
                refused += 1
                #expect(sqliteError.code == memoryError.code, "\(context)")
                #expect(sqliteError.conflicts == memoryError.conflicts, "\(context)")
            } else if memoryError == nil {
                accepted += 1
                if isHandOver { handedOver += 1 }
                model = StoreWorkload.apply(operations, to: model)
            }
            let records = model.keys.sorted().map { model[$0]! }
            let keys = Array(Set(SQLiteFixtures.workloadKeys).union(BruteForce.everyKey(records, schema: schema))).sorted()
            let expected = StoreSnapshot(memory, keys: keys)
            let actual = StoreSnapshot(sqlite, keys: keys)
            #expect(actual == expected, "\(context)\nmemory: \(expected)\nsqlite: \(actual)")
            #expect(memory.allRecords() == records, "\(context): the memory store left the model")
            if actual != expected { return }
        }
        // The run tried what it claims to.
        #expect(accepted >= 30, "\(Self.key(seed, unique)): accepted \(accepted)")
        #expect(handedOver >= 4, "\(Self.key(seed, unique)): \(handedOver) hand-overs accepted")
        if unique {
            #expect(refused >= 3, "\(Self.key(seed, unique)): refused \(refused)")
        } else {
            #expect(refused == 0)
        }
    }
}
