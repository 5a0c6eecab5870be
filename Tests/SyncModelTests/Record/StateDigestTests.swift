import SyncModel
import TestSupport
import Testing

struct StateDigestTests {
    @Test func carryAndBorrowCrossTheWords() {
        let maxLow = StateDigest(high: 0, low: .max)
        let one = StateDigest(high: 0, low: 1)
        #expect(maxLow + one == StateDigest(high: 1, low: 0))
        #expect(StateDigest.zero - one == StateDigest(high: .max, low: .max))
        #expect(StateDigest(high: .max, low: .max) + one == .zero)
        #expect(StateDigest(high: 1, low: 0) - one == maxLow)
    }

    @Test func description() {
        #expect(StateDigest(high: 0xab, low: 1).description == "00000000000000ab0000000000000001")
    }

    @Test(arguments: 0 ..< 16)
    func plusAndMinusAreInverses(seed: Int) {
        var rng = TestRandom(seed: UInt64(seed))
        for _ in 0 ..< 100 {
            let a = StateDigest(high: rng.next(), low: rng.next())
            let b = StateDigest(high: rng.next(), low: rng.next())
            #expect((a + b) - b == a, "seed \(seed)")
            #expect((a - b) + b == a, "seed \(seed)")
            #expect(a + b == b + a, "seed \(seed)")
            #expect(a - a == .zero, "seed \(seed)")
            #expect(a + .zero == a, "seed \(seed)")
        }
    }

    @Test(arguments: 0 ..< 16)
    func sumIsOrderIndependent(seed: Int) {
        var rng = TestRandom(seed: UInt64(seed))
        var digests = (0 ..< 20).map { _ in StateDigest(high: rng.next(), low: rng.next()) }
        let total = digests.reduce(StateDigest.zero, +)
        for _ in 0 ..< 5 {
            rng.shuffle(&digests)
            #expect(digests.reduce(StateDigest.zero, +) == total, "seed \(seed)")
        }
        // Taking one out and putting another in is the same as summing again.
        let removed = digests.removeLast()
        #expect(total - removed == digests.reduce(StateDigest.zero, +), "seed \(seed)")
    }
}

/// The digest is what a user sees: values and links, not the record's id
/// or its stamps.
struct MaterialisedDigestTests {
    static func user(_ id: RecordID, email: String, at stamp: Timestamp) -> Record {
        var record = Record(id: id, entity: Fixtures.user, schema: Fixtures.schema)
        record.markCreated(stamp)
        record.set(Fixtures.email, to: .string(email), stamp: stamp)
        return record
    }

    @Test func theSameValuesUnderAnotherIdOrStampDigestAlike() {
        let a = Self.user(rid(1), email: "e@example.com", at: ts(10))
        let b = Self.user(rid(2), email: "e@example.com", at: ts(20, 0, 1))
        #expect(a.materialisedDigest == b.materialisedDigest)
        #expect(a.materialisedDigest != .zero)
    }

    @Test func anotherValueOrADeleteDigestsDifferently() {
        let a = Self.user(rid(1), email: "e@example.com", at: ts(10))
        #expect(a.materialisedDigest != Self.user(rid(1), email: "f@example.com", at: ts(10)).materialisedDigest)
        var deleted = a
        deleted.markDeleted(observing: a)
        #expect(deleted.materialisedDigest == .zero)
    }

    /// Two copies of one record are two records: duplicates count.
    @Test func aDuplicateChangesTheSum() {
        let a = Self.user(rid(1), email: "e@example.com", at: ts(10))
        let b = Self.user(rid(2), email: "e@example.com", at: ts(10))
        #expect(a.materialisedDigest + b.materialisedDigest != a.materialisedDigest)
    }
}
