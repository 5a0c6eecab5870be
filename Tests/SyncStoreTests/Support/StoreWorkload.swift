import TestSupport
import SyncModel
import SyncStore

/// Random transactions over a few people, tags and notes: creations with
/// some key fields unset, field writes that move a record to another key
/// (or to unset), stale writes that lose, deletions that observe the
/// current version, re-creations of tombstones and, optionally, replaces.
///
/// Stamps are unique (a global counter) but their wall times are random, so
/// a write may be older than the version it meets.
struct StoreWorkload {
    static let people = (1 ... 8).map { rid(UInt64(9 - $0) * 7, high: 1) }
    static let tags = (1 ... 3).map { rid(UInt64($0), high: 2) }
    static let notes = (1 ... 2).map { rid(UInt64($0), high: 3) }
    static let allIDs = people + tags + notes

    private var rng: TestRandom
    private var counter: UInt32 = 0
    private let allowsReplace: Bool

    init(seed: UInt64, allowsReplace: Bool) {
        rng = TestRandom(seed: seed)
        self.allowsReplace = allowsReplace
    }

    /// Shuffles with the workload's own generator, so the order follows the seed.
    mutating func shuffle<T>(_ items: inout [T]) { rng.shuffle(&items) }

    mutating func stamp() -> Timestamp {
        counter += 1
        return Timestamp(wallMicros: Int64(rng.below(1_000)), counter: counter, replica: ReplicaID(rng.below(3)))
    }

    /// One transaction of one to three operations against `current`.
    mutating func transaction(current: [RecordID: Record]) -> [StoreOperation] {
        var staged = current
        var operations: [StoreOperation] = []
        for _ in 0 ..< 1 + rng.below(3) {
            let id = rng.pick(Self.allIDs)
            let entity = Self.entity(of: id)
            let existing = staged[id]
            let roll = rng.below(100)
            let operation: StoreOperation
            if roll < 30 || existing == nil {
                operation = .merge(creation(id, entity))
            } else if roll < 55 {
                var change = Record(id: id, entity: entity, schema: StoreFixtures.schema)
                let field = rng.below(StoreFixtures.schema[entity].fields.count)
                change.set(field, to: value(entity, field), stamp: stamp())
                operation = .merge(change)
            } else if roll < 75 {
                operation = .merge(StoreFixtures.deletion(of: existing!))
            } else if roll < 90 || !allowsReplace {
                var change = Record(id: id, entity: entity, schema: StoreFixtures.schema)
                change.markCreated(stamp())
                operation = .merge(change)
            } else {
                operation = .replace(creation(id, entity))
            }
            switch operation {
            case .merge(let change): staged[id] = staged[id].map { $0.merged(with: change) } ?? change
            case .replace(let record): staged[id] = record
            }
            operations.append(operation)
        }
        return operations
    }

    private mutating func creation(_ id: RecordID, _ entity: EntityIndex) -> Record {
        var record = Record(id: id, entity: entity, schema: StoreFixtures.schema)
        let stamp = stamp()
        if rng.chance(90) { record.markCreated(stamp) }
        for field in 0 ..< StoreFixtures.schema[entity].fields.count where rng.chance(80) {
            record.set(field, to: value(entity, field), stamp: stamp)
        }
        return record
    }

    private mutating func value(_ entity: EntityIndex, _ field: Int) -> FieldValue? {
        if rng.chance(15) { return nil }
        switch (entity, field) {
        case (StoreFixtures.person, StoreFixtures.email): return rng.pick([.string("a"), .string("b"), .string("c"), .string("")])
        case (StoreFixtures.person, StoreFixtures.givenName): return rng.pick([.string("Ada"), .string("Bo")])
        case (StoreFixtures.person, StoreFixtures.familyName): return rng.pick([.string("L"), .int(7)])
        case (StoreFixtures.tag, _): return rng.pick([.string("x"), .string("y")])
        default: return .string(rng.pick(["p", "q", "r"]))
        }
    }

    static func entity(of id: RecordID) -> EntityIndex { EntityIndex(Int(id.high) - 1) }

    /// `current` after `operations`, computed without the store.
    static func apply(_ operations: [StoreOperation], to current: [RecordID: Record]) -> [RecordID: Record] {
        var result = current
        for operation in operations {
            switch operation {
            case .merge(let change): result[change.id] = result[change.id].map { $0.merged(with: change) } ?? change
            case .replace(let record): result[record.id] = record
            }
        }
        return result
    }
}
