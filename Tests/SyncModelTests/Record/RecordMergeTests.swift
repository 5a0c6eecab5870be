import SyncModel
import TestSupport
import Testing

/// The join of record versions: change sets may arrive in any order, any
/// number of times, grouped any way, and every replica must end identical.
struct RecordMergeTests {
    /// Any permutation of the changes, with random repeats, folds to the
    /// same records and the same materialised digests.
    @Test(arguments: 0 ..< 64)
    func anyOrderWithRepeatsGivesTheSameRecords(seed: Int) {
        let history = ChangeHistory(seed: UInt64(seed))
        let reference = ChangeHistory.fold(history.changes)
        var rng = TestRandom(seed: UInt64(seed) ^ 0x5eed_0f_04de5)
        for round in 0 ..< 4 {
            var delivered = history.changes
            for _ in 0 ..< rng.below(history.changes.count + 1) {
                delivered.append(rng.pick(history.changes))
            }
            rng.shuffle(&delivered)
            let folded = ChangeHistory.fold(delivered)
            #expect(folded == reference, "seed \(seed), round \(round): records differ")
            for id in ChangeHistory.allIDs {
                #expect(folded[id]?.materialisedDigest == reference[id]?.materialisedDigest,
                        "seed \(seed), round \(round): digest of \(id) differs")
            }
        }
    }

    /// Split each record's changes at random into three groups, fold each
    /// group, then check the join laws on the group results.
    @Test(arguments: 0 ..< 64)
    func joinIsAssociativeCommutativeAndIdempotent(seed: Int) {
        let history = ChangeHistory(seed: UInt64(seed))
        var rng = TestRandom(seed: UInt64(seed) &+ 0xa55_0c1a7e)
        for id in ChangeHistory.allIDs {
            let empty = Fixtures.record(id, ChangeHistory.entity(of: id))
            var groups = [empty, empty, empty]
            for change in history.changes where change.id == id {
                let group = rng.below(3)
                groups[group] = groups[group].merged(with: change)
            }
            let (a, b, c) = (groups[0], groups[1], groups[2])
            #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)),
                    "seed \(seed), \(id): not associative")
            #expect(a.merged(with: b) == b.merged(with: a), "seed \(seed), \(id): not commutative")
            #expect(a.merged(with: a) == a, "seed \(seed), \(id): not idempotent")
            #expect(a.merged(with: b).merged(with: b) == a.merged(with: b), "seed \(seed), \(id): re-merge changed it")
            #expect(a.merged(with: empty) == a && empty.merged(with: a) == a, "seed \(seed), \(id): empty is not neutral")
            #expect(a.merged(with: b).merged(with: c).materialisedDigest
                        == c.merged(with: b).merged(with: a).materialisedDigest,
                    "seed \(seed), \(id): digest depends on order")
        }
    }

    /// The merged record against a model computed from the raw changes:
    /// each field holds the write with the highest stamp; the record is
    /// live iff some creation was never deleted; a tag is linked iff some
    /// add of it was never removed.
    @Test(arguments: 0 ..< 64)
    func mergedRecordMatchesTheModel(seed: Int) {
        let history = ChangeHistory(seed: UInt64(seed))
        let merged = ChangeHistory.fold(history.changes)
        for id in ChangeHistory.allIDs {
            let changes = history.changes.filter { $0.id == id }
            guard let record = merged[id] else {
                #expect(changes.isEmpty, "seed \(seed)")
                continue
            }
            for field in record.fields.indices {
                let latest = changes.compactMap { $0.fields[field] }.max { $0.stamp < $1.stamp }
                #expect(record.fields[field] == latest, "seed \(seed), \(id) field \(field)")
            }
            let created = Set(changes.flatMap(\.creations))
            let deleted = Set(changes.flatMap(\.deletedCreations))
            #expect(record.isLive == !created.subtracting(deleted).isEmpty, "seed \(seed), \(id): liveness")
            #expect(record.creations == created.sorted(), "seed \(seed), \(id)")
            for relation in record.relations.indices {
                let removed = Set(changes.flatMap { $0.relations[relation].removedTags })
                let linked = changes.flatMap { $0.relations[relation].adds }.filter { !removed.contains($0.tag) }
                #expect(record.relations[relation].elements == Set(linked.map(\.element)).sorted(),
                        "seed \(seed), \(id) relation \(relation)")
            }
            var stamps: [Timestamp] = []
            for change in changes {
                stamps += change.creations
                stamps += change.deletedCreations
                stamps += change.fields.compactMap { $0?.stamp }
                for set in change.relations {
                    stamps += set.adds.map(\.tag)
                    stamps += set.removedTags
                }
            }
            #expect(record.maxStamp == stamps.max(), "seed \(seed), \(id): maxStamp")
        }
    }

    /// Guards the properties above against a generator that stopped
    /// producing the interesting cases.
    @Test func historiesCoverDeletesRecreatesAndRemoves() {
        var tombstoned = 0, recreated = 0, unlinked = 0, nilWrites = 0, live = 0
        for seed in 0 ..< 64 {
            let history = ChangeHistory(seed: UInt64(seed))
            for record in ChangeHistory.fold(history.changes).values {
                if record.isLive { live += 1 }
                if !record.isLive && !record.deletedCreations.isEmpty { tombstoned += 1 }
                if record.isLive && !record.deletedCreations.isEmpty { recreated += 1 }
                if record.relations.contains(where: { !$0.removedTags.isEmpty }) { unlinked += 1 }
            }
            nilWrites += history.changes.filter { $0.fields.contains { $0 != nil && $0?.value == nil } }.count
        }
        #expect(live > 50)
        #expect(tombstoned > 10)
        #expect(recreated > 10)
        #expect(unlinked > 10)
        #expect(nilWrites > 10)
    }

    @Test func fieldsMergeIndependently() {
        var a = Fixtures.record(rid(1), Fixtures.user)
        a.set(Fixtures.name, to: .string("Ada"), stamp: ts(5, 0, 0))
        a.set(Fixtures.city, to: .string("London"), stamp: ts(1, 0, 0))
        var b = Fixtures.record(rid(1), Fixtures.user)
        b.set(Fixtures.name, to: .string("Elena"), stamp: ts(2, 0, 1))
        b.set(Fixtures.city, to: .string("Paris"), stamp: ts(3, 0, 1))
        let merged = a.merged(with: b)
        #expect(merged.value(Fixtures.name) == .string("Ada"))
        #expect(merged.value(Fixtures.city) == .string("Paris"))
        #expect(merged.value(Fixtures.email) == nil)
        #expect(merged.fields[Fixtures.email] == nil)
        #expect(b.merged(with: a) == merged)
    }

    @Test func setKeepsTheHigherStampedWrite() {
        var record = Fixtures.record(rid(1), Fixtures.user)
        record.set(Fixtures.name, to: .string("new"), stamp: ts(9))
        record.set(Fixtures.name, to: .string("old"), stamp: ts(3))
        #expect(record.value(Fixtures.name) == .string("new"))
        record.set(Fixtures.name, to: nil, stamp: ts(10))
        #expect(record.value(Fixtures.name) == nil)
        #expect(record.fields[Fixtures.name] == Register(value: nil, stamp: ts(10)))
    }

    @Test func digestIgnoresStampsButNotValues() {
        var a = Fixtures.record(rid(4), Fixtures.user)
        a.markCreated(ts(1, 0, 0))
        a.set(Fixtures.name, to: .string("Ada"), stamp: ts(1, 0, 0))
        var b = Fixtures.record(rid(4), Fixtures.user)
        b.markCreated(ts(7, 3, 2))
        b.set(Fixtures.name, to: .string("Ada"), stamp: ts(8, 0, 1))
        #expect(a != b)
        #expect(a.materialisedDigest == b.materialisedDigest)
        #expect(a.materialisedDigest != .zero)

        var c = b
        c.set(Fixtures.name, to: .string("Ado"), stamp: ts(9))
        #expect(c.materialisedDigest != b.materialisedDigest)

        // Unset and empty string are different values.
        var unset = a
        unset.set(Fixtures.city, to: nil, stamp: ts(2))
        var empty = a
        empty.set(Fixtures.city, to: .string(""), stamp: ts(2))
        #expect(unset.materialisedDigest == a.materialisedDigest)
        #expect(empty.materialisedDigest != a.materialisedDigest)
    }

    @Test func digestOfATombstoneIsZero() {
        var record = Fixtures.record(rid(4), Fixtures.user)
        record.markCreated(ts(1))
        record.set(Fixtures.name, to: .string("Ada"), stamp: ts(1))
        var delete = Fixtures.record(rid(4), Fixtures.user)
        delete.markDeleted(observing: record)
        #expect(record.merged(with: delete).materialisedDigest == .zero)
        #expect(Fixtures.record(rid(5), Fixtures.user).materialisedDigest == .zero)
    }

    @Test func digestSeesRelationTargets() {
        var product = Fixtures.record(rid(1, high: 2), Fixtures.product)
        product.markCreated(ts(1))
        var tagged = product
        tagged.relations[Fixtures.tags].add(rid(1, high: 3), tag: ts(2))
        #expect(tagged.materialisedDigest != product.materialisedDigest)
        var untagged = tagged
        untagged.relations[Fixtures.tags].remove(tags: [ts(2)])
        #expect(untagged.materialisedDigest == product.materialisedDigest)
    }

    @Test func isEmptyAndIsCreation() {
        var record = Fixtures.record(rid(1), Fixtures.user)
        #expect(record.isEmpty)
        #expect(!record.isCreation)
        record.set(Fixtures.name, to: nil, stamp: ts(1))
        #expect(!record.isEmpty)
        #expect(!record.isCreation)
        record.markCreated(ts(2))
        #expect(record.isCreation)
        #expect(record.maxStamp == ts(2))
    }
}
