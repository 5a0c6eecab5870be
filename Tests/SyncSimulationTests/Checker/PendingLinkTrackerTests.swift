import SyncModel
import SyncStore
@testable import SyncSimulation
import Testing

/// The pending-link tracker reads only what commits touched (issue 31):
/// a link waits until its target arrives or the device folds the target
/// into a record of its own, and each of those ends the wait without the
/// source being touched again.
struct PendingLinkTrackerTests {
    static let schema = Fixtures.schema

    /// A product whose `tags` link to `target`, committed as a creation.
    static func product(_ id: RecordID, linkingTo target: RecordID) -> Record {
        var record = Record(id: id, entity: Fixtures.product, schema: schema)
        record.markCreated(ts(1))
        record.set(Fixtures.sku, to: .string("sku-\(id.low)"), stamp: ts(1))
        record.relations[Fixtures.tags].add(target, tag: ts(1))
        return record
    }

    static func tag(_ id: RecordID, _ name: String) -> Record {
        var record = Record(id: id, entity: Fixtures.tag, schema: schema)
        record.markCreated(ts(2))
        record.set(Fixtures.tagName, to: .string(name), stamp: ts(2))
        return record
    }

    static func look(_ tracker: inout PendingLinkTracker, _ store: inout MemoryStore, aliases: [RecordID: RecordID] = [:]) -> Int {
        tracker.update(replica: 0, store: store, aliases: aliases, journal: store.takeJournal())
        return tracker.pending(replica: 0)
    }

    @Test func aLinkWaitsUntilItsTargetArrives() throws {
        var store = MemoryStore(schema: Self.schema, enforcesUniqueness: false)
        store.startJournal()
        var tracker = try #require(PendingLinkTracker(schema: Self.schema, replicaCount: 1, checked: true))
        try store.commit(Transaction([.replace(Self.product(rid(1), linkingTo: rid(9)))]))
        #expect(Self.look(&tracker, &store) == 1)
        try store.commit(Transaction([.replace(Self.tag(rid(9), "red"))]))
        #expect(Self.look(&tracker, &store) == 0)
        #expect(tracker.peak == 1)
    }

    /// The target was folded into the device's own tag (a unique
    /// constraint's alias): the link no longer waits, though neither the
    /// product nor the folded id was committed again.
    @Test func aLinkToAFoldedRecordStopsWaiting() throws {
        var store = MemoryStore(schema: Self.schema, enforcesUniqueness: false)
        store.startJournal()
        var tracker = try #require(PendingLinkTracker(schema: Self.schema, replicaCount: 1, checked: true))
        try store.commit(Transaction([.replace(Self.product(rid(1), linkingTo: rid(9)))]))
        #expect(Self.look(&tracker, &store) == 1)
        try store.commit(Transaction([.replace(Self.tag(rid(5), "red"))]))
        #expect(Self.look(&tracker, &store, aliases: [rid(9): rid(5)]) == 0)
    }
}
