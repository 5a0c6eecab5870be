import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// When a merge policy drops a remote new record, a later remote change
/// addressed to that record's id misses: it is counted, and the write is
/// lost on the receiver.
///
/// A and B each create elena@example.com; A then renames its record. B
/// applies A's two change sets.
struct UniqueMissedChangeTests {
    @Test(arguments: [
        // policy, missed, B's final name, B's final city, survivor is A's record
        ("objectTrump", 1, "Ann", "Oslo", false),
        ("rollback", 1, "Bea", "Lyon", false),
        ("storeTrump", 1, "Bea", "Lyon", false),
        ("overwrite", 0, "Anna", "Oslo", true),
    ])
    func laterUpdateToADroppedRecordMisses(policy: String, missed: Int, name: String, city: String, survivorIsA: Bool) throws {
        let strategy = namedStrategy("unique:\(policy)")
        var a = makeReplica(strategy, 0, of: 2)
        var b = makeReplica(strategy, 1, of: 2)
        let key = Fixtures.emailKey("elena@example.com")
        let a1 = try #require(a.perform(.save([Fixtures.userRow("elena@example.com", name: "Ann", city: "Oslo")]), atMicros: 1_000).1)
        let b1 = try #require(b.perform(.save([Fixtures.userRow("elena@example.com", name: "Bea", city: "Lyon")]), atMicros: 1_000).1)
        let a2 = try #require(a.perform(.update(key: key, writes: [Fixtures.setName("Anna")]), atMicros: 2_000).1)
        let aID = a1.changes[0].id, bID = b1.changes[0].id

        #expect(b.receive([a1, a2]) == 2)
        #expect(b.applyHeld(atMicros: 3_000) == 2)
        #expect(b.counters.missedChanges == missed)
        #expect(b.counters.rejectedChangeSets == 0)
        #expect(b.pendingCount == 0)

        let holder = try #require(b.soleHolder(key))
        #expect(holder.id == (survivorIsA ? aID : bID))
        #expect(holder.value(Fixtures.userName) == .string(name))
        #expect(holder.value(Fixtures.city) == .string(city))
        if !survivorIsA { #expect(b.store.record(aID) == nil) }
    }
}
