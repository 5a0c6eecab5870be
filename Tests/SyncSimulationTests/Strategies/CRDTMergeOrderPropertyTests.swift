import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// Merge is commutative, associative and idempotent at replica level:
/// whatever order the change sets of a small `crdt` history arrive in, and
/// however often, a fresh replica that applies them (causally, via
/// `receive` and `applyHeld`) ends with the same records as the replicas
/// that wrote them.
struct CRDTMergeOrderPropertyTests {
    /// Origins r1…r3 of a four-replica run; r4 is left for the observers.
    static let replicaCount = 4

    /// Change sets of a short concurrent history with creates of one key
    /// on several replicas, field updates, a delete racing an update, a
    /// re-create after the delete, and links; partial exchanges in between
    /// make causal dependencies. Also returns the origins after a full
    /// exchange, as the reference.
    static func history() -> (changeSets: [ChangeSet], origins: [PeerReplica]) {
        let crdt = namedStrategy("crdt")
        var r = (0 ..< 3).map { makeReplica(crdt, $0, of: replicaCount, seed: 99) }
        var changeSets: [ChangeSet] = []
        func run(_ index: Int, _ intent: Intent, at micros: Int64) {
            let (outcome, changeSet) = r[index].perform(intent, atMicros: micros)
            precondition(outcome.savedChanges != nil, "history intent on r\(index + 1) at \(micros) did not save: \(outcome)")
            if let changeSet { changeSets.append(changeSet) }
        }
        let e1 = Fixtures.emailKey("e1@x.org"), e2 = Fixtures.emailKey("e2@x.org")

        run(0, .save([Fixtures.userRow("e1@x.org", name: "Ann", city: "Oslo"), Fixtures.userRow("e2@x.org", name: "Bob")]), at: 1_000)
        run(1, .save([Fixtures.userRow("e1@x.org", name: "Anna")]), at: 1_000)
        run(2, .save([Fixtures.tagRow("sale"), Fixtures.productRow("A1", price: 10)]), at: 1_000)
        r[0].pull(from: r[1], atMicros: 1_500)

        run(0, .update(key: e1, writes: [Fixtures.setCity("Lyon")]), at: 2_000)
        run(1, .save([Fixtures.productRow("A1", price: 12, name: "Gadget")]), at: 2_000)
        run(2, .link(key: Fixtures.skuKey("A1"), relation: Fixtures.tags, target: Fixtures.tagKey("sale")), at: 2_000)
        r[1].pull(from: r[0], atMicros: 2_500)
        r[1].pull(from: r[2], atMicros: 2_500)
        r[2].pull(from: r[0], atMicros: 2_500)

        run(1, .delete(key: e2), at: 3_000)
        run(2, .update(key: e1, writes: [Fixtures.setName("Ann-Marie")]), at: 3_000)
        run(0, .save([Fixtures.tagRow("new")]), at: 3_000)
        r[0].pull(from: r[2], atMicros: 3_500)
        r[0].pull(from: r[1], atMicros: 3_500)

        run(0, .link(key: Fixtures.skuKey("A1"), relation: Fixtures.tags, target: Fixtures.tagKey("new")), at: 4_000)
        run(1, .update(key: Fixtures.skuKey("A1"), writes: [FieldWrite(field: Fixtures.price, value: .int(15))]), at: 4_000)
        // r3 has not seen r2's delete: its save finds e2 and updates it.
        run(2, .save([Fixtures.userRow("e2@x.org", name: "Bobby")]), at: 4_000)
        // r1 has seen the delete: its save creates e2 again.
        run(0, .save([Fixtures.userRow("e2@x.org", name: "Bob again")]), at: 4_500)

        // Full exchange, twice round so every origin has everything.
        for _ in 0 ..< 2 {
            for i in 0 ..< 3 { for j in 0 ..< 3 where i != j { r[i].pull(from: r[j], atMicros: 5_000) } }
        }
        return (changeSets, r)
    }

    @Test func theHistoryIsWhatItClaims() throws {
        let (changeSets, origins) = Self.history()
        #expect(changeSets.count == 13)
        // Some change sets depend on other origins' work.
        #expect(changeSets.contains { $0.dependencies.total > Int($0.seq) - 1 })
        for origin in origins {
            #expect(origin.pendingCount == 0)
            #expect(origin.applied.total == 13)
            #expect(origin.store.digest == origins[0].store.digest, "\(origin.id)")
        }
        let store = origins[0].store
        let e1 = try #require(store.liveRecordIDs(holding: Fixtures.emailKey("e1@x.org")).first.flatMap(store.record))
        #expect(e1.value(Fixtures.userName) == .string("Ann-Marie"))
        #expect(e1.value(Fixtures.city) == .string("Lyon"))
        // The re-create after the delete brings e2 back (same derived id),
        // and its name is the latest write.
        let e2ID = Fixtures.emailKey("e2@x.org").derivedRecordID(schema: Fixtures.schema)
        #expect(store.liveRecordIDs(holding: Fixtures.emailKey("e2@x.org")) == [e2ID])
        #expect(store.record(e2ID)?.value(Fixtures.userName) == .string("Bob again"))
        #expect(store.record(e2ID)?.creations.count == 2)
        #expect(store.record(e2ID)?.deletedCreations.count == 1)
        let a1 = try #require(store.liveRecordIDs(holding: Fixtures.skuKey("A1")).first.flatMap(store.record))
        #expect(a1.value(Fixtures.price) == .int(15))
        #expect(a1.value(Fixtures.productName) == .string("Gadget"))
        #expect(a1.relations[Fixtures.tags].elements.count == 2)
        #expect(store.duplicateCount == 0)
    }

    @Test(arguments: 0 ..< UInt64(16))
    func anyDeliveryOrderGivesTheSameState(seed: UInt64) throws {
        let (changeSets, origins) = Self.history()
        let expected = origins[0].store.allRecords()
        var random = Xoshiro256StarStar(seed: seed, stream: "merge-order")
        for observerIndex in 0 ..< 3 {
            var observer = makeReplica(namedStrategy("crdt"), Self.replicaCount - 1, of: Self.replicaCount, seed: seed)
            var now: Int64 = 10_000
            var ignored = 0
            var rounds = 0
            while observer.applied.total < changeSets.count && rounds < 10_000 {
                rounds += 1
                // A batch of one to three random change sets, repeats and
                // out-of-order ones included, as a lossy network delivers.
                let batch = (0 ..< 1 + random.index(below: 3)).map { _ in changeSets[random.index(below: changeSets.count)] }
                ignored += batch.count - observer.receive(batch)
                now += random.next(in: 1 ... 1_000)
                if random.chance(Probability(0.7)) { _ = observer.applyHeld(atMicros: now) }
            }
            let context = "seed \(seed), observer \(observerIndex)"
            #expect(observer.applied.total == changeSets.count, "\(context): stuck after \(rounds) rounds")
            #expect(observer.pendingCount == 0, "\(context)")
            #expect(ignored > 0, "\(context): no repeated or early delivery was exercised")
            #expect(observer.store.digest == origins[0].store.digest, "\(context)")
            #expect(observer.store.allRecords() == expected, "\(context)")
        }
    }
}
