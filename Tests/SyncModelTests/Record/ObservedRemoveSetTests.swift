import SyncModel
import TestSupport
import Testing

struct ObservedRemoveSetTests {
    @Test func removingObservedTagsRemovesTheElement() {
        var set = ObservedRemoveSet()
        set.add(rid(1), tag: ts(1))
        set.add(rid(2), tag: ts(2))
        #expect(set.elements == [rid(1), rid(2)])
        set.remove(tags: set.liveTags(of: rid(1)))
        #expect(set.elements == [rid(2)])
        #expect(set.liveTags(of: rid(1)).isEmpty)
        #expect(!set.isEmpty)
    }

    @Test func aConcurrentAddSurvivesARemove() {
        var base = ObservedRemoveSet()
        base.add(rid(7), tag: ts(1, 0, 0))

        var remover = base
        remover.remove(tags: remover.liveTags(of: rid(7)))
        #expect(remover.elements.isEmpty)

        var adder = base
        adder.add(rid(7), tag: ts(1, 0, 1))

        let merged = remover.merged(with: adder)
        #expect(merged.elements == [rid(7)])
        #expect(merged.liveTags(of: rid(7)) == [ts(1, 0, 1)])
        #expect(adder.merged(with: remover) == merged)
    }

    @Test func aRemoveThatSawEveryAddWins() {
        var set = ObservedRemoveSet()
        set.add(rid(3), tag: ts(1, 0, 0))
        set.add(rid(3), tag: ts(1, 0, 1))
        #expect(set.liveTags(of: rid(3)) == [ts(1, 0, 0), ts(1, 0, 1)])
        var removed = set
        removed.remove(tags: set.liveTags(of: rid(3)))
        #expect(removed.elements.isEmpty)
        #expect(set.merged(with: removed).elements.isEmpty)
    }

    @Test func elementsAreSortedAndUnique() {
        var set = ObservedRemoveSet()
        set.add(rid(9), tag: ts(1))
        set.add(rid(2), tag: ts(2))
        set.add(rid(9), tag: ts(3))
        set.add(rid(5, high: 1), tag: ts(4))
        set.add(rid(2), tag: ts(5))
        #expect(set.elements == [rid(2), rid(9), rid(5, high: 1)])
    }

    @Test func addingTheSameEntryTwiceIsOneEntry() {
        var set = ObservedRemoveSet()
        set.add(rid(1), tag: ts(1))
        set.add(rid(1), tag: ts(1))
        #expect(set.adds.count == 1)
        set.remove(tags: [ts(1), ts(1)])
        #expect(set.removedTags == [ts(1)])
    }

    @Test func equalContentIsEqualWhateverTheOrderOfWrites() {
        var a = ObservedRemoveSet()
        a.add(rid(1), tag: ts(3))
        a.add(rid(2), tag: ts(1))
        a.remove(tags: [ts(3)])
        var b = ObservedRemoveSet()
        b.remove(tags: [ts(3)])
        b.add(rid(2), tag: ts(1))
        b.add(rid(1), tag: ts(3))
        #expect(a == b)
        #expect(a.adds.map(\.tag) == [ts(1), ts(3)])
    }

    @Test(arguments: 0 ..< 32)
    func mergeIsCommutativeAssociativeAndIdempotent(seed: Int) {
        var rng = TestRandom(seed: UInt64(seed))
        func draw() -> ObservedRemoveSet {
            var set = ObservedRemoveSet()
            for _ in 0 ..< rng.below(6) {
                let tag = ts(Int64(rng.below(6)), 0, rng.below(3))
                if rng.chance(60) { set.add(rid(UInt64(rng.below(4))), tag: tag) } else { set.remove(tags: [tag]) }
            }
            return set
        }
        for _ in 0 ..< 20 {
            let (a, b, c) = (draw(), draw(), draw())
            #expect(a.merged(with: b) == b.merged(with: a), "seed \(seed)")
            #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)), "seed \(seed)")
            #expect(a.merged(with: a) == a, "seed \(seed)")
            #expect(a.merged(with: b).merged(with: b) == a.merged(with: b), "seed \(seed)")
            #expect(a.merged(with: ObservedRemoveSet()) == a, "seed \(seed)")
            let elements = a.merged(with: b).elements
            #expect(elements == Array(Set(elements)).sorted(), "seed \(seed)")
        }
    }
}
