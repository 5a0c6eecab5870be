import SyncModel
import SyncSimulation
import SyncStore
import Testing

/// The dedupe pass moves relationships: links pointing at a losing tag are
/// re-pointed to the winning tag, and a losing product's own links move to
/// the winning product, so nothing dangles.
struct DedupeRelationshipTests {
    static func tag(_ id: RecordID, _ name: String, _ stamp: Timestamp) -> Record {
        var record = Record(id: id, entity: Fixtures.tag, schema: Fixtures.schema)
        record.markCreated(stamp)
        record.set(Fixtures.tagName, to: .string(name), stamp: stamp)
        return record
    }

    static func product(_ id: RecordID, _ sku: String, tags: [RecordID], _ stamp: Timestamp) -> Record {
        var record = Record(id: id, entity: Fixtures.product, schema: Fixtures.schema)
        record.markCreated(stamp)
        record.set(Fixtures.sku, to: .string(sku), stamp: stamp)
        for (index, target) in tags.enumerated() {
            record.relations[Fixtures.tags].add(target, tag: Timestamp(wallMicros: stamp.wallMicros, counter: UInt32(index + 1), replica: stamp.replica))
        }
        return record
    }

    @Test func linksToAndFromLosersMoveToTheWinners() throws {
        let saleWinner = rid(10), saleLoser = rid(20), other = rid(25)
        let productWinner = rid(30), productLoser = rid(40), plain = rid(50)
        var context = makeContext(namedStrategy("dedupe"))
        try context.store.commit(Transaction([
            .merge(Self.tag(saleWinner, "sale", ts(100, 0, 0))),
            .merge(Self.tag(saleLoser, "sale", ts(100, 0, 1))),
            .merge(Self.tag(other, "new", ts(100, 0, 1))),
            // Two products A1: the loser carries links the winner lacks.
            .merge(Self.product(productWinner, "A1", tags: [saleWinner], ts(200, 0, 0))),
            .merge(Self.product(productLoser, "A1", tags: [saleLoser, other], ts(200, 0, 1))),
            // A product that is no duplicate but links both "sale" tags.
            .merge(Self.product(plain, "B1", tags: [saleWinner, saleLoser], ts(300, 0, 1))),
        ]))
        #expect(context.store.duplicateCount == 2)
        context.nowMicros = 10_000

        let changes = namedStrategy("dedupe").dedupePass(in: &context)
        #expect(!changes.isEmpty)
        let store = context.store
        #expect(store.duplicateCount == 0)
        #expect(store.record(saleLoser)?.isLive == false)
        #expect(store.record(productLoser)?.isLive == false)
        #expect(store.record(productWinner)?.relations[Fixtures.tags].elements == [saleWinner, other])
        #expect(store.record(plain)?.relations[Fixtures.tags].elements == [saleWinner])
        #expect(danglingCount(store) == 0)
    }
}
