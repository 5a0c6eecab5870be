import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// One save holding two new rows of one key. By default
/// (`sameSaveDuplicates: "firstCreatedWins"`) the first one created is the
/// one saved (seed 001), except under the error policy, which refuses the
/// whole save. With `"upsertPending"` (SwiftData's upsert applied to the
/// unsaved object) the second updates the first, under every policy.
struct UniqueSameSaveTests {
    static let rows = [
        Fixtures.productRow("A1", price: 1, name: "first"),
        Fixtures.tagRow("sale"),
        Fixtures.productRow("A1", price: 2, name: "second"),
    ]

    /// The ids the save will give the three rows, in order.
    static func idsOfTheRows(_ context: StrategyContext) -> (RecordID, RecordID, RecordID) {
        var ids = context.ids
        let first = RecordID(high: ids.next(), low: ids.next())
        let tag = RecordID(high: ids.next(), low: ids.next())
        return (first, tag, RecordID(high: ids.next(), low: ids.next()))
    }

    @Test(arguments: ["objectTrump", "storeTrump", "overwrite", "rollback"])
    func firstCreatedIsSaved(policy: String) throws {
        let strategy = namedStrategy("unique:\(policy)")
        var context = makeContext(strategy)
        let (firstID, tagID, secondID) = Self.idsOfTheRows(context)

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

    @Test(arguments: ["error", "objectTrump", "storeTrump", "overwrite", "rollback"])
    func upsertPendingKeepsTheFirstIDWithTheSecondsValues(policy: String) throws {
        let strategy = namedStrategy("unique:\(policy)")
        var context = makeContext(strategy)
        context.app.sameSaveDuplicates = .upsertPending
        let (firstID, tagID, secondID) = Self.idsOfTheRows(context)

        let changes = try #require(context.run(strategy, .save(Self.rows), atMicros: 1_000).savedChanges)
        #expect(changes.map(\.id) == [firstID, tagID].sorted())
        let saved = try #require(context.soleHolder(Fixtures.skuKey("A1")))
        #expect(saved.id == firstID)
        #expect(saved.value(Fixtures.price) == .int(2))
        #expect(saved.value(Fixtures.productName) == .string("second"))
        #expect(context.store.record(secondID) == nil)
        #expect(context.store.duplicateCount == 0)
    }

    /// The checker's view: the app was told both rows saved, the second
    /// last, so the first-created reading loses the second's two values.
    @Test(arguments: [(SameSaveDuplicates.firstCreatedWins, 2), (.upsertPending, 0)])
    func lostWritesFollowTheSetting(setting: SameSaveDuplicates, lost: Int) {
        var scenario = ScenarioFixtures.scenario(replicas: 1, steps: [ScenarioFixtures.save(0, at: 1_000, Self.rows[0], Self.rows[2])])
        scenario.sameSaveDuplicates = setting
        let result = Simulation.run(scenario: scenario, strategy: namedStrategy("unique:objectTrump"), seed: 1)
        #expect(result.duplicates.peak == 0)
        #expect(result.lostWrites.fields == lost, "\(setting)")
    }
}
