import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// `crdt`: every replica's create of one key is one record (its id derived
/// from the key), merged field by field under the hybrid clock.
struct CRDTIdentityTests {
    @Test func twoReplicasSavingOneKeyMakeOneRecord() throws {
        let strategy = namedStrategy("crdt")
        var a = makeReplica(strategy, 0, of: 2)
        var b = makeReplica(strategy, 1, of: 2)
        let key = Fixtures.emailKey("elena@example.com")
        let derived = key.derivedRecordID(schema: Fixtures.schema)

        let fromA = try #require(a.perform(.save([Fixtures.userRow("elena@example.com", name: "Ann", city: "Oslo")]), atMicros: 1_000).1)
        let fromB = try #require(b.perform(.save([Fixtures.userRow("elena@example.com", name: "Bea")]), atMicros: 2_000).1)
        #expect(fromA.changes.map(\.id) == [derived])
        #expect(fromB.changes.map(\.id) == [derived])
        #expect(a.store.digest != b.store.digest)

        #expect(a.deliver(fromB, atMicros: 3_000) == 1)
        #expect(b.deliver(fromA, atMicros: 3_000) == 1)
        #expect(a.store.digest == b.store.digest)
        #expect(a.store.allRecords() == b.store.allRecords())

        for replica in [a, b] {
            let record = try #require(replica.soleHolder(key), "\(replica.id)")
            #expect(record.id == derived)
            // B wrote the name later (2 ms against 1 ms); only A set the city.
            #expect(record.fields[Fixtures.userName] == Register(value: .string("Bea"), stamp: ts(2_000, 0, 1)))
            #expect(record.fields[Fixtures.city] == Register(value: .string("Oslo"), stamp: ts(1_000, 0, 0)))
            #expect(replica.store.duplicateCount == 0)
        }
    }

    /// After seeing A's write, B's hybrid clock stamps its own later write
    /// above it even though B's physical clock is far behind.
    @Test func hybridClockOrdersAWriteAfterWhatItHasSeen() throws {
        let strategy = namedStrategy("crdt")
        var a = makeReplica(strategy, 0, of: 2)
        var b = makeReplica(strategy, 1, of: 2, clock: PhysicalClock(skewMicros: -10_000_000))
        let key = Fixtures.emailKey("elena@example.com")
        let fromA = try #require(a.perform(.save([Fixtures.userRow("elena@example.com", name: "Ann")]), atMicros: 1_000).1)
        #expect(b.deliver(fromA, atMicros: 1_500) == 1)
        let fromB = try #require(b.perform(.update(key: key, writes: [Fixtures.setName("Bea")]), atMicros: 2_000).1)
        // Observing A's stamp (1000.0@r1) set B's clock to 1000.1; the write is 1000.2.
        #expect(fromB.changes[0].fields[Fixtures.userName]?.stamp == ts(1_000, 2, 1))
        #expect(a.deliver(fromB, atMicros: 3_000) == 1)
        #expect(a.soleHolder(key)?.value(Fixtures.userName) == .string("Bea"))
        #expect(a.store.digest == b.store.digest)
    }

    @Test func aLiveRecordOfTheKeyIsReusedLocally() throws {
        let strategy = namedStrategy("crdt")
        var context = makeContext(strategy)
        let derived = Fixtures.emailKey("e@x.org").derivedRecordID(schema: Fixtures.schema)
        _ = context.run(strategy, .save([Fixtures.userRow("e@x.org", name: "One")]), atMicros: 1_000)
        let second = try #require(context.run(strategy, .save([Fixtures.userRow("e@x.org", name: "Two")]), atMicros: 2_000).savedChanges)
        #expect(second.map(\.id) == [derived])
        #expect(context.store.allRecords().map(\.id) == [derived])
        #expect(context.soleHolder(Fixtures.emailKey("e@x.org"))?.value(Fixtures.userName) == .string("Two"))
    }
}
