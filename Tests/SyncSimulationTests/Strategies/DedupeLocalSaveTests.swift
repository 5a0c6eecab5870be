import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// `dedupe` locally: fetch by natural key and reuse a match (seed 002), so
/// one replica on its own never makes a duplicate.
struct DedupeLocalSaveTests {
    @Test func secondSaveOfAKeyReusesTheRecord() throws {
        let strategy = namedStrategy("dedupe")
        var context = makeContext(strategy)
        let id = context.peekRandomRecordID()
        let first = try #require(context.run(strategy, .save([Fixtures.userRow("e@x.org", name: "Elena")]), atMicros: 1_000).savedChanges)
        #expect(first.map(\.id) == [id])
        #expect(first.first?.isCreation == true)

        let second = try #require(context.run(strategy, .save([Fixtures.userRow("e@x.org", name: "Elena R", city: "Oslo")]), atMicros: 2_000).savedChanges)
        // An update of the fetched record, not a new one.
        #expect(second.map(\.id) == [id])
        #expect(second.first?.isCreation == false)

        let record = try #require(context.soleHolder(Fixtures.emailKey("e@x.org")))
        #expect(record.id == id)
        #expect(record.value(Fixtures.userName) == .string("Elena R"))
        #expect(record.value(Fixtures.city) == .string("Oslo"))
        #expect(context.store.duplicateCount == 0)
        #expect(context.store.allRecords().count == 1)
    }

    @Test func twoRowsOfOneKeyInOneSaveMakeOneRecord() throws {
        let strategy = namedStrategy("dedupe")
        var context = makeContext(strategy)
        let id = context.peekRandomRecordID()
        let changes = try #require(context.run(strategy, .save([
            Fixtures.userRow("e@x.org", name: "first", city: "Oslo"),
            Fixtures.userRow("e@x.org", name: "second"),
        ]), atMicros: 1_000).savedChanges)
        #expect(changes.map(\.id) == [id])
        let record = try #require(context.soleHolder(Fixtures.emailKey("e@x.org")))
        #expect(record.value(Fixtures.userName) == .string("second"))
        #expect(record.value(Fixtures.city) == .string("Oslo"))
    }

    @Test func noPassIsNeededWithoutDuplicates() {
        let strategy = namedStrategy("dedupe")
        var context = makeContext(strategy)
        _ = context.run(strategy, .save([Fixtures.userRow("e@x.org", name: "Elena")]), atMicros: 1_000)
        let commits = context.store.commitCount
        #expect(strategy.dedupePass(in: &context).isEmpty)
        #expect(context.store.commitCount == commits)
    }
}
