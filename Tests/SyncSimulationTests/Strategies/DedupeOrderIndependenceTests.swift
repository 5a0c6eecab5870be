import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// Every replica picks the same winner without coordinating: two replicas
/// that receive the same duplicate records in opposite orders end with the
/// same record, values and digest after their dedupe passes, whether the
/// pass copies the losers' values (`dedupe:merge`) or not (`dedupe:apple`).
struct DedupeOrderIndependenceTests {
    @Test(arguments: [UInt64(1), 2, 3, 4], ["dedupe:apple", "dedupe:merge"])
    func sameWinnerWhateverTheArrivalOrder(seed: UInt64, name: String) throws {
        let strategy = namedStrategy(name)
        var a = makeReplica(strategy, 0, of: 4, seed: seed)
        var b = makeReplica(strategy, 1, of: 4, seed: seed)
        var c = makeReplica(strategy, 2, of: 4, seed: seed)
        var d = makeReplica(strategy, 3, of: 4, seed: seed)
        let key = Fixtures.emailKey("e@x.org")
        let fromA = try #require(a.perform(.save([Fixtures.userRow("e@x.org", name: "A", city: "Oslo")]), atMicros: 1_000).1)
        let fromB = try #require(b.perform(.save([Fixtures.userRow("e@x.org", name: "B")]), atMicros: 2_000).1)
        let winnerID = min(fromA.changes[0].id, fromB.changes[0].id)
        let winnerIsA = winnerID == fromA.changes[0].id

        let appliedC = [c.deliver(fromA, atMicros: 3_000), c.deliver(fromB, atMicros: 4_000)]
        let appliedD = [d.deliver(fromB, atMicros: 3_000), d.deliver(fromA, atMicros: 4_000)]
        #expect(appliedC == [1, 1] && appliedD == [1, 1], "seed \(seed)")
        #expect(c.store.duplicateCount == 1 && d.store.duplicateCount == 1, "seed \(seed)")

        let passedC = c.runDedupePass(atMicros: 5_000)
        let passedD = d.runDedupePass(atMicros: 6_000)
        let passC = try #require(passedC, "seed \(seed)")
        let passD = try #require(passedD, "seed \(seed)")
        #expect(passC.changes.map(\.id) == passD.changes.map(\.id), "seed \(seed)")

        for replica in [c, d] {
            let winner = try #require(replica.soleHolder(key), "seed \(seed)")
            #expect(winner.id == winnerID, "seed \(seed), \(replica.id)")
            if name == "dedupe:merge" {
                // B's name is newer (2 ms against 1 ms); only A set a city.
                #expect(winner.value(Fixtures.userName) == .string("B"), "seed \(seed), \(replica.id)")
                #expect(winner.value(Fixtures.city) == .string("Oslo"), "seed \(seed), \(replica.id)")
            } else {
                // The winner keeps its own values, whichever device made it.
                #expect(winner.value(Fixtures.userName) == .string(winnerIsA ? "A" : "B"), "seed \(seed), \(replica.id)")
                #expect(winner.value(Fixtures.city) == (winnerIsA ? .string("Oslo") : nil), "seed \(seed), \(replica.id)")
            }
        }
        #expect(c.store.digest == d.store.digest, "seed \(seed)")

        // The creators apply both passes and agree with everyone.
        for passer in [c, d] {
            a.pull(from: passer, atMicros: 7_000)
            b.pull(from: passer, atMicros: 7_000)
        }
        #expect(a.pendingCount == 0 && b.pendingCount == 0, "seed \(seed)")
        #expect(a.store.digest == c.store.digest, "seed \(seed)")
        #expect(b.store.digest == c.store.digest, "seed \(seed)")
    }
}
