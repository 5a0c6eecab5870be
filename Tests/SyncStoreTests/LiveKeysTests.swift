import Testing
import SyncModel
@testable import SyncStore

/// Which merges may move a record's keys: those the memory store lets skip
/// its key index must really leave every key where it was.
@Suite struct LiveKeysTests {
    let keys = LiveKeys(schema: StoreFixtures.schema)
    let stamp = Timestamp(wallMicros: 5, counter: 1, replica: ReplicaID(1))
    let id = RecordID(high: 1, low: 1)

    func change(_ field: Int, _ value: String) -> Record {
        var change = Record(id: id, entity: StoreFixtures.person, schema: StoreFixtures.schema)
        change.set(field, to: .string(value), stamp: stamp)
        return change
    }

    @Test func aWriteToAFieldNoKeyUsesCannotMoveAKey() {
        #expect(!keys.mayChange(.merge(change(StoreFixtures.city, "Oslo"))))
    }

    @Test func writesToKeyFieldsCreationsDeletesAndReplacesMay() {
        #expect(keys.mayChange(.merge(change(StoreFixtures.email, "b@example.com"))))
        #expect(keys.mayChange(.merge(change(StoreFixtures.familyName, "Byron"))))
        var creation = Record(id: id, entity: StoreFixtures.person, schema: StoreFixtures.schema)
        creation.markCreated(stamp)
        #expect(keys.mayChange(.merge(creation)))
        let stored = StoreFixtures.person(id, email: "a@example.com", stamp: stamp)
        #expect(keys.mayChange(.merge(StoreFixtures.deletion(of: stored))))
        #expect(keys.mayChange(.replace(stored)))
    }

    @Test func anEntityWithoutUniqueKeysHasNoneToMove() {
        var note = Record(id: id, entity: StoreFixtures.note, schema: StoreFixtures.schema)
        note.markCreated(stamp)
        note.set(0, to: .string("text"), stamp: stamp)
        #expect(!keys.mayChange(.merge(note)))
        #expect(keys.of(note).isEmpty)
    }

    /// What a skipped visit relies on: such a merge leaves a stored record's
    /// keys exactly as they were, whatever the stamps.
    @Test(arguments: [4, 5, 6])
    func aSkippedMergeLeavesTheKeysAlone(wall: Int64) {
        let stored = StoreFixtures.person(id, email: "a@example.com", given: "Ada", family: "Lovelace", stamp: stamp)
        var update = Record(id: id, entity: StoreFixtures.person, schema: StoreFixtures.schema)
        update.set(StoreFixtures.city, to: .string("Oslo"), stamp: Timestamp(wallMicros: wall, counter: 2, replica: ReplicaID(0)))
        #expect(!keys.mayChange(.merge(update)))
        #expect(keys.of(stored.merged(with: update)) == keys.of(stored))
        #expect(keys.of(stored).count == 2)
    }
}
