import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// One save holding two new rows of one key: the first one created is the
/// one saved (seed 001), except under the error policy, which refuses the
/// whole save.
struct UniqueSameSaveTests {
    static let rows = [
        Fixtures.productRow("A1", price: 1, name: "first"),
        Fixtures.tagRow("sale"),
        Fixtures.productRow("A1", price: 2, name: "second"),
    ]

    @Test(arguments: ["objectTrump", "storeTrump", "overwrite", "rollback"])
    func firstCreatedIsSaved(policy: String) throws {
        let strategy = namedStrategy("unique:\(policy)")
        var context = makeContext(strategy)
        var ids = context.ids
        let firstID = RecordID(high: ids.next(), low: ids.next())
        let tagID = RecordID(high: ids.next(), low: ids.next())
        let secondID = RecordID(high: ids.next(), low: ids.next())

        let changes = try #require(context.run(strategy, .save(Self.rows), atMicros: 1_000).savedChanges)
        #expect(changes.map(\.id) == [firstID, tagID].sorted())
        let saved = try #require(context.soleHolder(Fixtures.skuKey("A1")))
        #expect(saved.id == firstID)
        #expect(saved.value(Fixtures.price) == .int(1))
        #expect(saved.value(Fixtures.productName) == .string("first"))
        #expect(context.store.record(secondID) == nil)
        #expect(context.soleHolder(Fixtures.tagKey("sale"))?.id == tagID)
    }

    @Test func errorRefusesTheWholeSave() {
        let strategy = namedStrategy("unique:error")
        var context = makeContext(strategy)
        let outcome = context.run(strategy, .save(Self.rows), atMicros: 1_000)
        #expect(outcome.isRejected)
        #expect(context.store.commitCount == 0)
        #expect(context.store.digest == .zero)
        #expect(context.store.allRecords().isEmpty)
    }
}
