import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// A remote change set creating product A1 (tagged "new") reaches a store
/// whose own product A1 is tagged "sale": each merge policy decides which
/// record survives and what happens to the to-many links.
struct UniqueRemoteCollisionTests {
    static let remoteProductID = rid(0xAAAA)
    static let remoteTagID = rid(0xBBBB)

    /// Stored product A1 (100, Widget, tags [sale]); the store's ids.
    static func storedProduct(_ strategy: any Strategy) throws -> (context: StrategyContext, productID: RecordID, tagID: RecordID) {
        var context = makeContext(strategy)
        let productID = context.peekRandomRecordID()
        _ = context.run(strategy, .save([Fixtures.productRow("A1", price: 100, name: "Widget")]), atMicros: 1_000)
        let tagID = context.peekRandomRecordID()
        _ = context.run(strategy, .save([Fixtures.tagRow("sale")]), atMicros: 1_500)
        _ = context.run(strategy, .link(key: Fixtures.skuKey("A1"), relation: Fixtures.tags, target: Fixtures.tagKey("sale")), atMicros: 2_000)
        try #require(context.store.record(productID)?.relations[Fixtures.tags].elements == [tagID])
        return (context, productID, tagID)
    }

    /// PeerReplica r2's first change set: tag "new", and product A1 (130,
    /// Remote) linked to it, all stamped 2.5 ms on r2.
    static func remoteChangeSet() -> ChangeSet {
        let stamp = ts(2_500, 0, 1)
        var product = Record(id: remoteProductID, entity: Fixtures.product, schema: Fixtures.schema)
        product.markCreated(stamp)
        product.set(Fixtures.sku, to: .string("A1"), stamp: stamp)
        product.set(Fixtures.price, to: .int(130), stamp: stamp)
        product.set(Fixtures.productName, to: .string("Remote"), stamp: stamp)
        product.relations[Fixtures.tags].add(remoteTagID, tag: stamp)
        var tag = Record(id: remoteTagID, entity: Fixtures.tag, schema: Fixtures.schema)
        tag.markCreated(stamp)
        tag.set(Fixtures.tagName, to: .string("new"), stamp: stamp)
        return ChangeSet(origin: ReplicaID(1), seq: 1, dependencies: VersionVector(replicaCount: 2),
                         changes: [product, tag], committedAtMicros: 2_500)
    }

    static func apply(_ policy: String) throws -> (store: any Store, outcome: RemoteOutcome, productID: RecordID, tagID: RecordID, digestBefore: StateDigest, commitsBefore: Int) {
        let strategy = namedStrategy("unique:\(policy)")
        let stored = try storedProduct(strategy)
        var context = stored.context
        let digestBefore = context.store.digest
        let commitsBefore = context.store.commitCount
        context.nowMicros = 3_000
        let outcome = strategy.applyRemote(remoteChangeSet(), in: &context)
        return (context.store, outcome, stored.productID, stored.tagID, digestBefore, commitsBefore)
    }

    @Test func objectTrumpMergesTheToManyLinksOntoTheStoredRecord() throws {
        let run = try Self.apply("objectTrump")
        #expect(run.outcome.appliedMissed == 0)
        let survivor = try #require(run.store.record(run.productID))
        #expect(survivor.value(Fixtures.price) == .int(130))
        #expect(survivor.value(Fixtures.productName) == .string("Remote"))
        #expect(survivor.relations[Fixtures.tags].elements == [run.tagID, Self.remoteTagID].sorted())
        #expect(run.store.record(Self.remoteProductID) == nil)
        #expect(run.store.record(Self.remoteTagID)?.isLive == true)
        #expect(run.store.duplicateCount == 0)
    }

    @Test func storeTrumpKeepsValuesAndGainsTheNewLinks() throws {
        let run = try Self.apply("storeTrump")
        #expect(run.outcome.appliedMissed == 0)
        let stored = try #require(run.store.record(run.productID))
        #expect(stored.value(Fixtures.price) == .int(100))
        #expect(stored.value(Fixtures.productName) == .string("Widget"))
        #expect(stored.relations[Fixtures.tags].elements == [run.tagID, Self.remoteTagID].sorted())
        #expect(run.store.record(Self.remoteProductID) == nil)
    }

    @Test func overwriteKeepsTheRemoteRecordWithBothLinks() throws {
        let run = try Self.apply("overwrite")
        #expect(run.outcome.appliedMissed == 0)
        let survivor = try #require(run.store.record(Self.remoteProductID))
        #expect(survivor.isLive)
        #expect(survivor.value(Fixtures.price) == .int(130))
        #expect(survivor.value(Fixtures.productName) == .string("Remote"))
        #expect(survivor.relations[Fixtures.tags].elements == [run.tagID, Self.remoteTagID].sorted())
        #expect(run.store.record(run.productID)?.isLive == false)
        #expect(run.store.liveRecordIDs(holding: Fixtures.skuKey("A1")) == [Self.remoteProductID])
    }

    @Test func rollbackDiscardsTheRemoteRecordButKeepsTheRest() throws {
        let run = try Self.apply("rollback")
        #expect(run.outcome.appliedMissed == 0)
        let stored = try #require(run.store.record(run.productID))
        #expect(stored.value(Fixtures.price) == .int(100))
        #expect(stored.relations[Fixtures.tags].elements == [run.tagID])
        #expect(run.store.record(Self.remoteProductID) == nil)
        // The tag in the same change set did not collide and is saved.
        #expect(run.store.record(Self.remoteTagID)?.isLive == true)
    }

    @Test func errorRefusesTheWholeChangeSet() throws {
        let run = try Self.apply("error")
        #expect(run.outcome.appliedMissed == nil)
        #expect(run.store.digest == run.digestBefore)
        #expect(run.store.commitCount == run.commitsBefore)
        #expect(run.store.record(Self.remoteTagID) == nil)
    }
}
