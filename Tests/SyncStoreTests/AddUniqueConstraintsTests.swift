import SyncModel
import SyncStore
import SyncStoreSQLite
import Testing

/// A lightweight migration that adds the unique constraints to a store
/// that had none: it fails on existing duplicates and changes nothing, as
/// building a `UNIQUE` index over duplicate rows does; without duplicates
/// the store enforces the keys from then on. Memory and SQLite alike.
struct AddUniqueConstraintsTests {
    static func stores() throws -> [(String, any Store)] {
        [("memory", MemoryStore(schema: StoreFixtures.schema, enforcesUniqueness: false)),
         ("sqlite", try SQLiteStore(schema: StoreFixtures.schema, enforcesUniqueness: false))]
    }

    @Test func duplicatesMakeTheMigrationFailAndChangeNothing() throws {
        for (kind, var store) in try Self.stores() {
            try store.commit(Transaction([.merge(StoreFixtures.person(rid(1), email: "a", stamp: ts(1))),
                                          .merge(StoreFixtures.person(rid(2), email: "a", stamp: ts(2)))]))
            var failure: StoreError?
            do { try store.addUniqueConstraints() } catch { failure = error }
            #expect(failure?.code == .uniqueConstraint, "\(kind)")
            #expect(!store.enforcesUniqueness && store.duplicateCount == 1, "\(kind)")
            // Still unconstrained: a third holder is taken.
            #expect(store.commitCatching([.merge(StoreFixtures.person(rid(3), email: "a", stamp: ts(3)))]) == nil, "\(kind)")
            #expect(store.duplicateCount == 2, "\(kind)")
        }
    }

    @Test func withoutDuplicatesTheStoreEnforcesTheKeysFromThenOn() throws {
        for (kind, var store) in try Self.stores() {
            let first = StoreFixtures.person(rid(1), email: "a", stamp: ts(1))
            try store.commit(Transaction([.merge(first), .merge(StoreFixtures.person(rid(2), email: "a", stamp: ts(2)))]))
            // The custom stage of `dedupeFirst`: the duplicate goes first.
            try store.commit(Transaction([.merge(StoreFixtures.deletion(of: store.record(rid(2))!))]))
            try store.addUniqueConstraints()
            #expect(store.enforcesUniqueness, "\(kind)")
            let refusal = store.commitCatching([.merge(StoreFixtures.person(rid(3), email: "a", stamp: ts(3)))])
            #expect(refusal?.code == .uniqueConstraint && refusal?.conflicts.first?.recordIDs == [rid(1), rid(3)], "\(kind)")
            try store.addUniqueConstraints()  // again: nothing to do
            #expect(store.duplicateCount == 0 && store.record(rid(3)) == nil, "\(kind)")
        }
    }
}
