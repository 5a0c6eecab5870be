import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// A local save of a new product whose `sku` a stored product already
/// holds, under each Core Data merge policy (seed 001, DESIGN.md).
///
/// Stored: product A1 (price 100, name Widget) tagged "sale". New: product
/// A1 with price 120 and no name, saved at t = 3 ms.
struct UniqueLocalCollisionTests {
    struct Setup {
        var context: StrategyContext
        let strategy: any Strategy
        let storedID: RecordID
        let tagID: RecordID
        let newID: RecordID
        let commitsBefore: Int
        let digestBefore: StateDigest
        let outcome: IntentOutcome

        var store: any Store { context.store }
    }

    static func collide(_ policy: String) throws -> Setup {
        let strategy = namedStrategy("unique:\(policy)")
        var context = makeContext(strategy)
        let storedID = context.peekRandomRecordID()
        #expect(context.run(strategy, .save([Fixtures.productRow("A1", price: 100, name: "Widget")]), atMicros: 1_000).savedChanges?.map(\.id) == [storedID])
        let tagID = context.peekRandomRecordID()
        #expect(context.run(strategy, .save([Fixtures.tagRow("sale")]), atMicros: 1_500).savedChanges?.map(\.id) == [tagID])
        #expect(context.run(strategy, .link(key: Fixtures.skuKey("A1"), relation: Fixtures.tags, target: Fixtures.tagKey("sale")), atMicros: 2_000).savedChanges != nil)
        try #require(context.store.record(storedID)?.relations[Fixtures.tags].elements == [tagID])

        let newID = context.peekRandomRecordID()
        let commitsBefore = context.store.commitCount
        let digestBefore = context.store.digest
        let outcome = context.run(strategy, .save([Fixtures.productRow("A1", price: 120)]), atMicros: 3_000)
        return Setup(context: context, strategy: strategy, storedID: storedID, tagID: tagID, newID: newID,
                     commitsBefore: commitsBefore, digestBefore: digestBefore, outcome: outcome)
    }

    @Test func objectTrumpKeepsStoredIDAndTakesEveryAttribute() throws {
        let setup = try Self.collide("objectTrump")
        let changes = try #require(setup.outcome.savedChanges)
        // The replicated change addresses the stored record.
        #expect(changes.map(\.id) == [setup.storedID])
        #expect(changes.first?.isCreation == false)

        let survivor = try #require(setup.store.record(setup.storedID))
        #expect(survivor.isLive)
        #expect(survivor.value(Fixtures.sku) == .string("A1"))
        #expect(survivor.value(Fixtures.price) == .int(120))
        // Unset in the new row, so erased (seed 001): a stamped nil.
        #expect(survivor.fields[Fixtures.productName] == Register(value: nil, stamp: ts(3_000)))
        // The to-many relationship of the stored record survives.
        #expect(survivor.relations[Fixtures.tags].elements == [setup.tagID])
        #expect(setup.store.record(setup.newID) == nil)
        #expect(setup.store.liveRecordIDs(holding: Fixtures.skuKey("A1")) == [setup.storedID])
        #expect(setup.store.duplicateCount == 0)
    }

    @Test func overwriteKeepsTheNewRecordWithTheStoredTags() throws {
        let setup = try Self.collide("overwrite")
        let changes = try #require(setup.outcome.savedChanges)
        #expect(changes.map(\.id) == [setup.storedID, setup.newID].sorted())

        let survivor = try #require(setup.store.record(setup.newID))
        #expect(survivor.isLive)
        #expect(survivor.value(Fixtures.price) == .int(120))
        #expect(survivor.value(Fixtures.productName) == nil)
        #expect(survivor.relations[Fixtures.tags].elements == [setup.tagID])
        #expect(setup.store.record(setup.storedID)?.isLive == false)
        #expect(setup.store.liveRecordIDs(holding: Fixtures.skuKey("A1")) == [setup.newID])
        #expect(danglingCount(setup.store) == 0)
    }

    @Test func storeTrumpKeepsTheStoredValuesAndDropsTheNewRecord() throws {
        let setup = try Self.collide("storeTrump")
        // The new record had no links to give, so nothing is replicated.
        #expect(try #require(setup.outcome.savedChanges).isEmpty)
        let stored = try #require(setup.store.record(setup.storedID))
        #expect(stored.value(Fixtures.price) == .int(100))
        #expect(stored.value(Fixtures.productName) == .string("Widget"))
        #expect(stored.relations[Fixtures.tags].elements == [setup.tagID])
        #expect(setup.store.record(setup.newID) == nil)
        #expect(setup.store.digest == setup.digestBefore)
    }

    @Test func rollbackDiscardsTheNewRecordYetReportsSaved() throws {
        let setup = try Self.collide("rollback")
        #expect(try #require(setup.outcome.savedChanges).isEmpty)
        #expect(setup.store.record(setup.newID) == nil)
        #expect(setup.store.record(setup.storedID)?.value(Fixtures.price) == .int(100))
        #expect(setup.store.digest == setup.digestBefore)
    }

    @Test func errorRejectsAndWritesNothing() throws {
        let setup = try Self.collide("error")
        guard case .rejected(let error) = setup.outcome else {
            Issue.record("expected a rejection, got \(setup.outcome)")
            return
        }
        #expect(error.code == .uniqueConstraint)
        #expect(error.conflicts.map(\.recordIDs) == [[setup.storedID, setup.newID].sorted()])
        #expect(setup.store.commitCount == setup.commitsBefore)
        #expect(setup.store.digest == setup.digestBefore)
        #expect(setup.store.record(setup.newID) == nil)
    }

    /// Through a replica, only a successful save with changes becomes a
    /// change set, and a refused one is counted.
    @Test(arguments: [("objectTrump", 1, 0), ("overwrite", 1, 0), ("storeTrump", 0, 0), ("rollback", 0, 0), ("error", 0, 1)])
    func replicaTurnsOutcomesIntoChangeSets(policy: String, changeSets: Int, rejected: Int) {
        var replica = makeReplica(namedStrategy("unique:\(policy)"), 0, of: 1)
        _ = replica.perform(.save([Fixtures.productRow("A1", price: 100)]), atMicros: 1_000)
        let (_, changeSet) = replica.perform(.save([Fixtures.productRow("A1", price: 120)]), atMicros: 2_000)
        #expect((changeSet == nil ? 0 : 1) == changeSets)
        #expect(replica.counters.rejectedLocalSaves == rejected)
        #expect(Int(replica.held[ReplicaID(0)]) == 1 + changeSets)
    }
}
