import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// `crdt` re-creating a key after a delete: the derived id brings the same
/// record back (DESIGN.md, "Records are CRDTs").
struct CRDTRecreateTests {
    @Test func recreateAfterDeleteBringsTheRecordBack() throws {
        let strategy = namedStrategy("crdt")
        var context = makeContext(strategy)
        let key = Fixtures.emailKey("e@x.org")
        let derived = key.derivedRecordID(schema: Fixtures.schema)
        _ = context.run(strategy, .save([Fixtures.userRow("e@x.org", name: "Old", city: "Oslo")]), atMicros: 1_000)
        _ = context.run(strategy, .delete(key: key), atMicros: 2_000)
        #expect(context.store.liveRecordIDs(holding: key).isEmpty)
        let changes = try #require(context.run(strategy, .save([Fixtures.userRow("e@x.org", name: "New")]), atMicros: 3_000).savedChanges)
        #expect(changes.map(\.id) == [derived])
        #expect(changes.first?.isCreation == true)
        let record = try #require(context.soleHolder(key))
        #expect(record.id == derived)
        #expect(record.value(Fixtures.userName) == .string("New"))
    }

    /// The new row sets no city, so the re-created user has none, as the
    /// other strategies' fresh records do and as the checker's ground truth
    /// assumes ("created again after a delete: earlier field writes no
    /// longer apply").
    @Test func recreateAfterDeleteDoesNotReviveOldFields() throws {
        let strategy = namedStrategy("crdt")
        var context = makeContext(strategy)
        let key = Fixtures.emailKey("e@x.org")
        _ = context.run(strategy, .save([Fixtures.userRow("e@x.org", name: "Old", city: "Oslo")]), atMicros: 1_000)
        _ = context.run(strategy, .delete(key: key), atMicros: 2_000)
        _ = context.run(strategy, .save([Fixtures.userRow("e@x.org", name: "New")]), atMicros: 3_000)
        let record = try #require(context.soleHolder(key))
        #expect(record.value(Fixtures.userName) == .string("New"))
        #expect(record.value(Fixtures.city) == nil)
        // For contrast: dedupe makes a fresh record with no city.
        let dedupe = namedStrategy("dedupe")
        var other = makeContext(dedupe)
        _ = other.run(dedupe, .save([Fixtures.userRow("e@x.org", name: "Old", city: "Oslo")]), atMicros: 1_000)
        _ = other.run(dedupe, .delete(key: key), atMicros: 2_000)
        _ = other.run(dedupe, .save([Fixtures.userRow("e@x.org", name: "New")]), atMicros: 3_000)
        #expect(other.soleHolder(key)?.value(Fixtures.city) == nil)
    }

    /// Likewise a re-created product does not come back with the deleted
    /// one's tags: a fresh record has no links.
    @Test func recreateAfterDeleteDoesNotReviveOldLinks() throws {
        let strategy = namedStrategy("crdt")
        var context = makeContext(strategy)
        let key = Fixtures.skuKey("A1")
        _ = context.run(strategy, .save([Fixtures.productRow("A1", price: 1), Fixtures.tagRow("sale")]), atMicros: 1_000)
        _ = context.run(strategy, .link(key: key, relation: Fixtures.tags, target: Fixtures.tagKey("sale")), atMicros: 2_000)
        _ = context.run(strategy, .delete(key: key), atMicros: 3_000)
        _ = context.run(strategy, .save([Fixtures.productRow("A1", price: 2)]), atMicros: 4_000)
        let record = try #require(context.soleHolder(key))
        #expect(record.value(Fixtures.price) == .int(2))
        #expect(record.relations[Fixtures.tags].elements == [])
    }
}
