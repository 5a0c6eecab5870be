import SyncModel
import Testing

/// Existence is an observed-remove set of creations.
struct RecordLivenessTests {
    let id = rid(1, high: 1)

    func created(_ stamp: Timestamp) -> Record {
        var change = Fixtures.record(id, Fixtures.user)
        change.markCreated(stamp)
        return change
    }

    func deletion(observing record: Record) -> Record {
        var change = Fixtures.record(id, Fixtures.user)
        change.markDeleted(observing: record)
        return change
    }

    @Test func neverCreatedIsNotLive() {
        #expect(!Fixtures.record(id, Fixtures.user).isLive)
    }

    @Test func createThenDeleteThenRecreate() {
        let record = created(ts(1))
        #expect(record.isLive)

        let deleted = record.merged(with: deletion(observing: record))
        #expect(!deleted.isLive)
        #expect(deleted.deletedCreations == [ts(1)])

        let recreated = deleted.merged(with: created(ts(5)))
        #expect(recreated.isLive)
        #expect(recreated.creations == [ts(1), ts(5)])
    }

    @Test func deleteWinsOverWhatItSawWhateverTheArrivalOrder() {
        let create = created(ts(1))
        let delete = deletion(observing: create)
        #expect(!delete.merged(with: create).isLive)
        #expect(!create.merged(with: delete).isLive)
    }

    @Test func aDeleteThatDidNotSeeAConcurrentCreateLeavesTheRecordLive() {
        let mine = created(ts(1, 0, 0))
        let theirs = created(ts(1, 0, 1))
        let myDelete = deletion(observing: mine)
        for order in [[mine, theirs, myDelete], [myDelete, theirs, mine], [theirs, myDelete, mine]] {
            let merged = order.dropFirst().reduce(order[0]) { $0.merged(with: $1) }
            #expect(merged.isLive)
            #expect(merged.deletedCreations == [ts(1, 0, 0)])
        }
    }

    @Test func aDeleteObservesOnlyLiveCreations() {
        let first = created(ts(1))
        let tombstone = first.merged(with: deletion(observing: first))
        let revived = tombstone.merged(with: created(ts(3)))
        let secondDelete = deletion(observing: revived)
        // ts(1) was already deleted there, so only ts(3) is observed.
        #expect(secondDelete.deletedCreations == [ts(3)])
        #expect(secondDelete.creations.isEmpty)
        #expect(!revived.merged(with: secondDelete).isLive)
    }

    @Test func deletingANeverCreatedRecordIsANoOp() {
        let delete = deletion(observing: Fixtures.record(id, Fixtures.user))
        #expect(delete.isEmpty)
        #expect(created(ts(2)).merged(with: delete).isLive)
    }

    @Test func fieldWritesDoNotReviveADeletedRecord() {
        let create = created(ts(1))
        var write = Fixtures.record(id, Fixtures.user)
        write.set(Fixtures.name, to: .string("late"), stamp: ts(9))
        let merged = create.merged(with: deletion(observing: create)).merged(with: write)
        #expect(!merged.isLive)
        #expect(merged.value(Fixtures.name) == .string("late"))
        #expect(merged.materialisedDigest == .zero)
    }
}
