import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// Under `unique:error` a remote change set that collides with the
/// receiver's own record is refused, stays pending, blocks its origin's
/// later change sets, and goes through once the receiver's store changes
/// so that it no longer collides.
struct UniqueErrorRemoteBlockingTests {
    @Test func refusedChangeSetBlocksItsOriginUntilTheCollisionGoes() throws {
        let strategy = namedStrategy("unique:error")
        var a = makeReplica(strategy, 0, of: 2)
        var b = makeReplica(strategy, 1, of: 2)
        let key = Fixtures.emailKey("elena@example.com")

        let (_, a1) = a.perform(.save([Fixtures.userRow("elena@example.com", name: "Elena A", city: "Oslo")]), atMicros: 1_000)
        let (_, b1) = b.perform(.save([Fixtures.userRow("elena@example.com", name: "Elena B")]), atMicros: 1_000)
        let (_, a2) = a.perform(.update(key: key, writes: [Fixtures.setName("Elena A2")]), atMicros: 2_000)
        let first = try #require(a1), second = try #require(a2)
        let aRecordID = try #require(first.changes.first?.id)
        let bRecordID = try #require(b1?.changes.first?.id)
        #expect(aRecordID != bRecordID)
        #expect(second.changes.map(\.id) == [aRecordID])

        #expect(b.receive([first, second]) == 2)
        #expect(b.applyHeld(atMicros: 3_000) == 0)
        #expect(b.pendingCount == 2)
        #expect(b.applied[ReplicaID(0)] == 0)
        #expect(b.held[ReplicaID(0)] == 2)
        #expect(b.counters.rejectedChangeSets == 1)
        #expect(b.refusedHeadCount == 1)

        // Same store, same answer: a retry neither applies nor recounts.
        #expect(b.applyHeld(atMicros: 3_500) == 0)
        #expect(b.counters.rejectedChangeSets == 1)
        // A duplicate delivery is ignored.
        #expect(b.receive([first, second]) == 0)

        // B deletes its own record: the collision is gone.
        let (deleted, _) = b.perform(.delete(key: key), atMicros: 4_000)
        #expect(deleted.savedChanges?.map(\.id) == [bRecordID])
        #expect(b.applyHeld(atMicros: 5_000) == 2)
        #expect(b.pendingCount == 0)
        #expect(b.applied[ReplicaID(0)] == 2)
        #expect(b.refusedHeadCount == 0)
        #expect(b.counters.rejectedChangeSets == 1)
        #expect(b.counters.appliedChangeSets == 2)

        let holder = try #require(b.soleHolder(key))
        #expect(holder.id == aRecordID)
        #expect(holder.value(Fixtures.userName) == .string("Elena A2"))
        #expect(holder.value(Fixtures.city) == .string("Oslo"))
        #expect(b.store.record(bRecordID)?.isLive == false)
    }

    /// A pending change set does not stop change sets of other origins
    /// that do not depend on it.
    @Test func otherOriginsAreNotBlocked() throws {
        let strategy = namedStrategy("unique:error")
        var a = makeReplica(strategy, 0, of: 3)
        var b = makeReplica(strategy, 1, of: 3)
        var c = makeReplica(strategy, 2, of: 3)
        _ = b.perform(.save([Fixtures.userRow("x@example.com", name: "B")]), atMicros: 1_000)
        let a1 = try #require(a.perform(.save([Fixtures.userRow("x@example.com", name: "A")]), atMicros: 1_000).1)
        let c1 = try #require(c.perform(.save([Fixtures.userRow("y@example.com", name: "C")]), atMicros: 1_000).1)
        #expect(b.receive([a1, c1]) == 2)
        #expect(b.applyHeld(atMicros: 2_000) == 1)
        #expect(b.applied.counts == [0, 1, 1])
        #expect(b.pendingCount == 1)
        #expect(b.soleHolder(Fixtures.emailKey("y@example.com"))?.value(Fixtures.userName) == .string("C"))
    }
}
