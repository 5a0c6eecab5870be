import SyncModel
import TestSupport
import Testing

struct RegisterTests {
    @Test func higherStampWins() {
        let old = Register(value: .string("old"), stamp: ts(10, 0, 5))
        let new = Register(value: .string("new"), stamp: ts(11, 0, 0))
        #expect(old.merged(with: new) == new)
        #expect(new.merged(with: old) == new)
    }

    @Test func aStampedUnsetWinsOverAnOlderValue() {
        let value = Register(value: .int(3), stamp: ts(10))
        let unset = Register(value: nil, stamp: ts(10, 1))
        #expect(value.merged(with: unset).value == nil)
        #expect(unset.merged(with: value).value == nil)
    }

    @Test func replicaIndexBreaksATie() {
        let fromR2 = Register(value: .string("r2"), stamp: ts(10, 0, 1))
        let fromR10 = Register(value: .string("r10"), stamp: ts(10, 0, 9))
        #expect(fromR2.merged(with: fromR10).value == .string("r10"))
        #expect(fromR10.merged(with: fromR2).value == .string("r10"))
    }

    /// Equal stamps should never carry different values, but if they do the
    /// join must still not depend on the order.
    @Test func equalStampsStillCommute() {
        let values: [FieldValue?] = [nil, .int(1), .int(2), .string(""), .string("a")]
        for a in values {
            for b in values {
                let left = Register(value: a, stamp: ts(1))
                let right = Register(value: b, stamp: ts(1))
                #expect(left.merged(with: right) == right.merged(with: left), "\(String(describing: a)) vs \(String(describing: b))")
            }
        }
    }

    @Test(arguments: 0 ..< 16)
    func mergeIsCommutativeAssociativeAndIdempotent(seed: Int) {
        var rng = TestRandom(seed: UInt64(seed))
        func draw() -> Register {
            let value: FieldValue? = rng.chance(20) ? nil : .int(Int64(rng.below(4)))
            return Register(value: value, stamp: ts(Int64(rng.below(4)), UInt32(rng.below(2)), rng.below(3)))
        }
        for _ in 0 ..< 50 {
            let (a, b, c) = (draw(), draw(), draw())
            #expect(a.merged(with: b) == b.merged(with: a), "seed \(seed)")
            #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)), "seed \(seed)")
            #expect(a.merged(with: a) == a, "seed \(seed)")
            let winner = a.merged(with: b).merged(with: c)
            #expect(winner.stamp == max(a.stamp, b.stamp, c.stamp), "seed \(seed)")
        }
    }
}
