import SyncModel
import Testing

struct VersionVectorTests {
    func vector(_ counts: [UInt32]) -> VersionVector {
        var vector = VersionVector(replicaCount: counts.count)
        for (index, count) in counts.enumerated() { vector[ReplicaID(index)] = count }
        return vector
    }

    @Test func startsEmpty() {
        let empty = VersionVector(replicaCount: 3)
        #expect(empty.counts == [0, 0, 0])
        #expect(empty.total == 0)
    }

    @Test func subscriptIsByReplicaIndex() {
        var v = VersionVector(replicaCount: 3)
        v[ReplicaID(2)] = 5
        v[ReplicaID(0)] += 1
        #expect(v.counts == [1, 0, 5])
        #expect(v[ReplicaID(2)] == 5)
    }

    @Test func dominates() {
        let a = vector([2, 1, 0])
        #expect(a.dominates(a))
        #expect(a.dominates(vector([1, 1, 0])))
        #expect(a.dominates(vector([0, 0, 0])))
        #expect(!vector([1, 1, 0]).dominates(a))
        // Concurrent: neither has everything the other has.
        let b = vector([1, 2, 0])
        #expect(!a.dominates(b))
        #expect(!b.dominates(a))
    }

    @Test func total() {
        #expect(vector([2, 1, 0]).total == 3)
        #expect(vector([UInt32.max, UInt32.max]).total == 2 * Int(UInt32.max))
    }
}
