import TestSupport
import SyncModel

/// A random but causally plausible history of changes to a few records of
/// ``Fixtures/schema``, written by a few replicas.
///
/// Each replica issues strictly increasing stamps from its own skewed wall
/// clock, so stamps are unique; wall times of different replicas collide
/// often, so the replica tie-break is exercised. A replica's deletes and
/// relation removes observe only what its own view holds, and views are
/// refreshed from random subsets of everything written so far: deletes race
/// with creations they never saw, and adds race with removes.
struct ChangeHistory {
    enum Kind: CaseIterable { case create, write, delete, recreate, relationAdd, relationRemove }

    static let users = [rid(1, high: 1), rid(2, high: 1)]
    static let products = [rid(1, high: 2), rid(2, high: 2)]
    static let tags = [rid(1, high: 3), rid(2, high: 3), rid(3, high: 3)]
    static let allIDs = users + products + tags

    static func entity(of id: RecordID) -> EntityIndex { EntityIndex(Int(id.high) - 1) }

    /// Every change, in the order written.
    private(set) var changes: [Record] = []
    /// What kind of write made each change, for coverage checks.
    private(set) var kinds: [Kind] = []

    init(seed: UInt64, steps: Int = 40, replicaCount: Int = 3) {
        var rng = TestRandom(seed: seed)
        var views = Array(repeating: [RecordID: Record](), count: replicaCount)
        var lastStamps: [Timestamp?] = Array(repeating: nil, count: replicaCount)
        let skews = (0 ..< replicaCount).map { _ in Int64(rng.below(5)) - 2 }

        for step in 0 ..< steps {
            let replica = rng.below(replicaCount)
            if rng.chance(35) {
                // Anti-entropy with a random subset of what exists.
                for change in changes where rng.chance(50) {
                    views[replica][change.id] = views[replica][change.id].map { $0.merged(with: change) } ?? change
                }
            }

            // A wall clock that may stand still or jump back: strictly
            // increasing stamps regardless, as ReplicaClock promises.
            let reading = Int64(step / 2) + skews[replica] + Int64(rng.below(3)) - 1
            let stamp: Timestamp
            if let last = lastStamps[replica], reading <= last.wallMicros {
                stamp = Timestamp(wallMicros: last.wallMicros, counter: last.counter + 1, replica: ReplicaID(replica))
            } else {
                stamp = Timestamp(wallMicros: reading, counter: 0, replica: ReplicaID(replica))
            }
            lastStamps[replica] = stamp

            let id = rng.pick(Self.allIDs)
            let entity = Self.entity(of: id)
            let view = views[replica][id] ?? Fixtures.record(id, entity)
            var change = Fixtures.record(id, entity)
            let fieldCount = Fixtures.schema[entity].fields.count
            var kind = rng.pick(Kind.allCases)
            if entity != Fixtures.product, kind == .relationAdd || kind == .relationRemove { kind = .write }

            switch kind {
            case .create, .recreate:
                change.markCreated(stamp)
                for field in 0 ..< fieldCount where rng.chance(70) {
                    change.set(field, to: Self.value(entity: entity, field: field, rng: &rng), stamp: stamp)
                }
            case .write:
                let field = rng.below(fieldCount)
                change.set(field, to: Self.value(entity: entity, field: field, rng: &rng), stamp: stamp)
            case .delete:
                change.markDeleted(observing: view)
            case .relationAdd:
                change.relations[Fixtures.tags].add(rng.pick(Self.tags), tag: stamp)
            case .relationRemove:
                let target = rng.pick(Self.tags)
                change.relations[Fixtures.tags].remove(tags: view.relations[Fixtures.tags].liveTags(of: target))
            }
            changes.append(change)
            kinds.append(kind)
            views[replica][id] = view.merged(with: change)
        }
    }

    /// A small pool, with unset, empty and mixed kinds, so values repeat.
    static func value(entity: EntityIndex, field: Int, rng: inout TestRandom) -> FieldValue? {
        if rng.chance(20) { return nil }
        if entity == Fixtures.product, field == Fixtures.price { return .int(Int64(rng.below(3)) * 100) }
        return rng.pick([.string("a"), .string("b"), .string(""), .string("Zoë"), .int(1)])
    }

    /// The changes folded per record in the given order.
    static func fold(_ changes: [Record]) -> [RecordID: Record] {
        var result: [RecordID: Record] = [:]
        for change in changes {
            result[change.id] = result[change.id].map { $0.merged(with: change) } ?? change
        }
        return result
    }
}
