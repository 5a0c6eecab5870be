import SyncModel
import TestSupport
import Testing

/// A record's single allocation (`RecordStorage`) behaves as the four
/// arrays it replaced: value semantics through every writer, and the same
/// equality and hashing.
struct RecordStorageTests {
    /// The old layout, spelled out: what equality and hashing must match.
    private struct ArrayRecord: Hashable {
        let id: RecordID
        let entity: EntityIndex
        var fields: [Register?]
        var creations: [Timestamp]
        var deletedCreations: [Timestamp]
        var relations: [ObservedRemoveSet]

        init(_ record: Record) {
            id = record.id
            entity = record.entity
            fields = Array(record.fields)
            creations = record.creations
            deletedCreations = record.deletedCreations
            relations = record.relations
        }
    }

    private static func product() -> Record {
        var record = Fixtures.record(rid(7, high: 2), Fixtures.product)
        record.markCreated(ts(1_000))
        record.set(Fixtures.sku, to: .string("sku-7"), stamp: ts(1_000))
        record.relations[Fixtures.tags].add(rid(1, high: 3), tag: ts(1_000))
        return record
    }

    /// An id, an entity and one reference: a slot holds 32 bytes, not 56.
    @Test func aRecordIsThirtyTwoBytes() {
        #expect(MemoryLayout<Record>.size == 32)
        #expect(MemoryLayout<RecordFields>.size == 8)
    }

    /// Every writer of a copy leaves the original as it was.
    @Test func writingACopyLeavesTheOriginal() {
        let original = Self.product()
        let before = ArrayRecord(original)
        var copies = Array(repeating: original, count: 7)
        copies[0].fields[Fixtures.price] = Register(value: .int(5), stamp: ts(2_000))
        copies[1].set(Fixtures.sku, to: .string("other"), stamp: ts(2_000))
        copies[2].markCreated(ts(3_000))
        copies[3].markDeleted(creation: ts(1_000))
        copies[4].relations[Fixtures.tags].add(rid(2, high: 3), tag: ts(2_000))
        var change = Fixtures.record(original.id, Fixtures.product)
        change.set(Fixtures.price, to: .int(9), stamp: ts(4_000))
        copies[5].merge(change)
        copies[6].fields = change.fields
        #expect(ArrayRecord(original) == before)
        for (index, copy) in copies.enumerated() {
            #expect(copy != original, "copy \(index) did not change")
        }
    }

    /// The fields view is a value too: writing it changes neither the
    /// record it came from nor another copy of that record.
    @Test func writingTheFieldsViewLeavesTheRecord() {
        let record = Self.product()
        var fields = record.fields
        fields[Fixtures.price] = Register(value: .int(1), stamp: ts(9))
        #expect(record.fields[Fixtures.price] == nil)
        #expect(fields[Fixtures.price] == Register(value: .int(1), stamp: ts(9)))
        var other = record
        other.fields[Fixtures.price] = Register(value: .int(2), stamp: ts(9))
        #expect(record.value(Fixtures.price) == nil)
        #expect(other.value(Fixtures.price) == .int(2))
        #expect(fields[Fixtures.price]?.value == .int(1))
    }

    /// Merging a change that brings nothing new leaves the storage shared,
    /// so a duplicate delivery costs no copy; the result is still equal.
    @Test func aMergeOfNothingNewKeepsTheValue() {
        let record = Self.product()
        var merged = record
        merged.merge(record)
        merged.merge(Fixtures.record(record.id, Fixtures.product))
        #expect(merged == record)
    }

    /// Equality and hashing agree with the old layout's synthesized ones,
    /// over random histories.
    @Test(arguments: 0 ..< 32)
    func equalityAndHashingMatchTheArrayLayout(seed: Int) {
        let history = ChangeHistory(seed: UInt64(seed))
        let records = Array(ChangeHistory.fold(history.changes).values) + history.changes
        for left in records {
            #expect(left.hashValue == ArrayRecord(left).hashValue, "seed \(seed): hash of \(left.id)")
            #expect(left.fields.hashValue == Array(left.fields).hashValue, "seed \(seed): hash of \(left.id)'s fields")
            for right in records.prefix(12) {
                #expect((left == right) == (ArrayRecord(left) == ArrayRecord(right)), "seed \(seed): \(left.id) against \(right.id)")
            }
        }
    }

    /// `readdressed(to:)` keeps the writes and drops the creations, as before.
    @Test func readdressingKeepsWritesOnly() {
        let record = Self.product()
        let moved = record.readdressed(to: rid(8, high: 2))
        #expect(moved.id == rid(8, high: 2))
        #expect(moved.fields == record.fields)
        #expect(moved.relations == record.relations)
        #expect(moved.creations.isEmpty && moved.deletedCreations.isEmpty)
        #expect(record.creations == [ts(1_000)])
    }

    /// A fields literal is a register list like an array's.
    @Test func aFieldsLiteralComparesAsAnArray() {
        let fields: RecordFields = [nil, Register(value: .int(3), stamp: ts(1))]
        #expect(Array(fields) == [nil, Register(value: .int(3), stamp: ts(1))])
        #expect(fields.count == 2)
        #expect(fields != [nil, nil])
    }
}
