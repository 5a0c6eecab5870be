import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// The dedupe pass: per natural key the live record with the lowest id
/// wins and the losers are tombstoned; `dedupe:merge` also copies the
/// losers' newer field values into the winner, `dedupe:apple` (plain
/// `dedupe`) does not.
struct DedupePassTests {
    static func user(_ id: RecordID, _ email: String, name: (String, Timestamp)?, city: (String, Timestamp)?, created: Timestamp) -> Record {
        var record = Record(id: id, entity: Fixtures.user, schema: Fixtures.schema)
        record.markCreated(created)
        record.set(Fixtures.email, to: .string(email), stamp: created)
        if let name { record.set(Fixtures.userName, to: .string(name.0), stamp: name.1) }
        if let city { record.set(Fixtures.city, to: .string(city.0), stamp: city.1) }
        return record
    }

    static func context(holding records: [Record], strategy: String = "dedupe:merge") throws -> StrategyContext {
        var context = makeContext(namedStrategy(strategy))
        try context.store.commit(Transaction(records.map(StoreOperation.merge)))
        context.nowMicros = 10_000
        return context
    }

    @Test func lowestIDWinsComparingHighBitsFirst() throws {
        let ids = [rid(9, high: 1), rid(1, high: 2), rid(5, high: 1), rid(0, high: 3)]
        let records = ids.enumerated().map { index, id in
            Self.user(id, "e@x.org", name: ("n\(index)", ts(1_000, UInt32(index))), city: nil, created: ts(1_000, UInt32(index)))
        }
        var context = try Self.context(holding: records)
        #expect(context.store.duplicateCount == 3)

        let changes = namedStrategy("dedupe:merge").dedupePass(in: &context)
        #expect(changes.map(\.id) == ids.sorted())
        #expect(context.store.liveRecordIDs(holding: Fixtures.emailKey("e@x.org")) == [rid(5, high: 1)])
        // Of the losers only the last (stamp counter 3) wrote after the winner (2).
        #expect(context.store.record(rid(5, high: 1))?.value(Fixtures.userName) == .string("n3"))
        for loser in [rid(9, high: 1), rid(1, high: 2), rid(0, high: 3)] {
            #expect(context.store.record(loser)?.isLive == false, "loser \(loser)")
        }
        #expect(context.store.duplicateCount == 0)
        // A second pass has nothing to do.
        #expect(namedStrategy("dedupe:merge").dedupePass(in: &context).isEmpty)
    }

    @Test func losersNewerFieldValuesAreMergedIntoTheWinner() throws {
        let winner = Self.user(rid(1), "e@x.org", name: ("Old", ts(1_000, 0, 0)), city: ("Oslo", ts(3_000, 0, 0)), created: ts(1_000, 0, 0))
        let loser = Self.user(rid(2), "e@x.org", name: ("New", ts(2_000, 0, 1)), city: ("Lyon", ts(500, 0, 1)), created: ts(500, 0, 1))
        var context = try Self.context(holding: [loser, winner])

        let changes = namedStrategy("dedupe:merge").dedupePass(in: &context)
        #expect(changes.map(\.id) == [rid(1), rid(2)])
        let merged = try #require(context.store.record(rid(1)))
        #expect(merged.isLive)
        // The loser's name is newer and moves over, with its own stamp.
        #expect(merged.fields[Fixtures.userName] == Register(value: .string("New"), stamp: ts(2_000, 0, 1)))
        // The winner's city is newer and stays.
        #expect(merged.fields[Fixtures.city] == Register(value: .string("Oslo"), stamp: ts(3_000, 0, 0)))
        #expect(context.store.record(rid(2))?.isLive == false)
    }

    /// Apple's sample: the winner keeps its own values, every loser goes,
    /// and the pass writes nothing to the winner when no relationship moves.
    @Test(arguments: ["dedupe", "dedupe:apple"])
    func appleKeepsTheWinnersValuesAndDropsTheLosers(name: String) throws {
        let winner = Self.user(rid(1), "e@x.org", name: ("Old", ts(1_000, 0, 0)), city: nil, created: ts(1_000, 0, 0))
        let loser = Self.user(rid(2), "e@x.org", name: ("New", ts(2_000, 0, 1)), city: ("Lyon", ts(2_000, 0, 1)), created: ts(500, 0, 1))
        var context = try Self.context(holding: [loser, winner], strategy: name)

        let changes = namedStrategy(name).dedupePass(in: &context)
        #expect(changes.map(\.id) == [rid(2)])
        let kept = try #require(context.store.record(rid(1)))
        #expect(kept == winner)
        #expect(kept.value(Fixtures.city) == nil)
        #expect(context.store.record(rid(2))?.isLive == false)
        #expect(context.store.duplicateCount == 0)
    }

    @Test func resultsCarryTheNameUsed() {
        #expect(namedStrategy("dedupe").name == "dedupe")
        #expect(namedStrategy("dedupe:apple").name == "dedupe:apple")
        #expect(namedStrategy("dedupe:merge").name == "dedupe:merge")
        #expect(StrategyCatalog.strategy(named: "dedupe:newest") == nil)
    }

    @Test func keysAreDedupedIndependently() throws {
        var context = try Self.context(holding: [
            Self.user(rid(4), "a@x.org", name: nil, city: nil, created: ts(1)),
            Self.user(rid(3), "a@x.org", name: nil, city: nil, created: ts(2)),
            Self.user(rid(1), "b@x.org", name: nil, city: nil, created: ts(3)),
            Self.user(rid(2), "b@x.org", name: nil, city: nil, created: ts(4)),
            Self.user(rid(5), "c@x.org", name: nil, city: nil, created: ts(5)),
        ])
        _ = namedStrategy("dedupe:merge").dedupePass(in: &context)
        #expect(context.store.liveRecordIDs(holding: Fixtures.emailKey("a@x.org")) == [rid(3)])
        #expect(context.store.liveRecordIDs(holding: Fixtures.emailKey("b@x.org")) == [rid(1)])
        #expect(context.store.liveRecordIDs(holding: Fixtures.emailKey("c@x.org")) == [rid(5)])
        #expect(context.store.allRecords().filter(\.isLive).map(\.id) == [rid(1), rid(3), rid(5)])
    }
}
