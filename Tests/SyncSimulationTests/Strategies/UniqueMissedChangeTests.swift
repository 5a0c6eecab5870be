import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// When a merge policy folds a remote new record into a stored one, later
/// remote changes made to the folded record land on the survivor: the app
/// keeps the incoming record's id on the object that stands for it, as real
/// engines re-apply an incoming record by its unique key or keep the server
/// record id. Nothing misses.
///
/// A and B each create elena@example.com; A then renames its record (or
/// deletes it). B applies A's two change sets.
struct UniqueMissedChangeTests {
    @Test(arguments: [
        // policy, B's final name, B's final city, survivor is A's record
        ("objectTrump", "Anna", "Oslo", false),
        ("rollback", "Anna", "Lyon", false),
        ("storeTrump", "Anna", "Lyon", false),
        ("overwrite", "Anna", "Oslo", true),
    ])
    func laterUpdateToAFoldedRecordLandsOnTheSurvivor(policy: String, name: String, city: String, survivorIsA: Bool) throws {
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
        #expect(b.counters.missedChanges == 0)
        #expect(b.counters.rejectedChangeSets == 0)
        #expect(b.pendingCount == 0)

        let holder = try #require(b.soleHolder(key))
        #expect(holder.id == (survivorIsA ? aID : bID))
        #expect(holder.value(Fixtures.userName) == .string(name))
        #expect(holder.value(Fixtures.city) == .string(city))
        if !survivorIsA { #expect(b.store.record(aID) == nil) }
    }

    /// A deletes the record B folded: B's survivor, which stands for it,
    /// is deleted too.
    @Test(arguments: ["objectTrump", "rollback", "storeTrump"])
    func aDeleteOfAFoldedRecordDeletesTheSurvivor(policy: String) throws {
        let strategy = namedStrategy("unique:\(policy)")
        var a = makeReplica(strategy, 0, of: 2)
        var b = makeReplica(strategy, 1, of: 2)
        let key = Fixtures.emailKey("elena@example.com")
        let a1 = try #require(a.perform(.save([Fixtures.userRow("elena@example.com", name: "Ann")]), atMicros: 1_000).1)
        _ = try #require(b.perform(.save([Fixtures.userRow("elena@example.com", name: "Bea")]), atMicros: 1_000).1)
        let a2 = try #require(a.perform(.delete(key: key), atMicros: 2_000).1)
        #expect(b.receive([a1, a2]) == 2)
        #expect(b.applyHeld(atMicros: 3_000) == 2)
        #expect(b.counters.missedChanges == 0)
        #expect(b.store.liveRecordIDs(holding: key).isEmpty)
    }
}
