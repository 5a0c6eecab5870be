import SyncModel
@testable import SyncSimulation
import Testing

/// The ground truth numbers each key once, in the order intents first
/// addressed it (issue 31: the final check and the copy tracker read keys
/// by ordinal, not through a table of truths in hash order). A key keeps
/// its ordinal through writes, deletes and writes after a delete.
struct GroundTruthOrdinalTests {
    static let ada = Fixtures.emailKey("ada@x.org")
    static let bob = Fixtures.emailKey("bob@x.org")
    static let cy = Fixtures.emailKey("cy@x.org")

    static func truth() -> GroundTruth {
        var truth = GroundTruth(schema: Fixtures.schema)
        let zero = ReplicaID(0), one = ReplicaID(1)
        truth.recordSaved(.save([Fixtures.userRow("bob@x.org", name: "Bob"), Fixtures.userRow("ada@x.org", city: "Oslo")]),
                          on: zero, atMicros: 10)
        truth.recordSaved(.update(key: bob, writes: [Fixtures.setCity("Lyon")]), on: one, atMicros: 20)
        truth.recordSaved(.delete(key: cy), on: one, atMicros: 30)
        truth.recordSaved(.delete(key: ada), on: zero, atMicros: 40)
        truth.recordSaved(.update(key: ada, writes: [Fixtures.setName("Ada")]), on: one, atMicros: 50)
        return truth
    }

    @Test func keysAreNumberedInTheOrderTheyBecameKnown() {
        let truth = Self.truth()
        #expect(truth.keyOrder == [Self.bob, Self.ada, Self.cy])
        #expect(truth.ordinals == [Self.bob: 0, Self.ada: 1, Self.cy: 2])
        #expect(truth.keyTruths.count == 3)
    }

    @Test func eachOrdinalHoldsItsKeysLatestIntent() throws {
        let truth = Self.truth()
        let bob = try #require(truth.truth(of: Self.bob))
        #expect(!bob.deleted && !bob.writtenAfterDelete)
        #expect(bob.fields.map(\.field) == [Fixtures.userName, Fixtures.city])
        #expect(bob.fields.map(\.values) == [[.string("Bob")], [.string("Lyon")]])
        #expect(bob.fields.map(\.atMicros) == [10, 20])

        let ada = try #require(truth.truth(of: Self.ada))
        #expect(!ada.deleted && ada.writtenAfterDelete)
        #expect(ada.fields.map(\.field) == [Fixtures.userName], "the city written before the delete no longer applies")
        #expect(ada.fields.map(\.firstWriter) == [.init(replica: ReplicaID(1), value: .string("Ada"))])

        #expect(truth.truth(of: Self.cy)?.deleted == true)
        #expect(truth.truth(of: Fixtures.emailKey("nobody@x.org")) == nil)
    }
}
