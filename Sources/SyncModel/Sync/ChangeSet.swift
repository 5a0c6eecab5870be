/// The changes one local transaction made, replicated as a unit.
///
/// Identified by `(origin, seq)`; `seq` counts from 1 per origin. It depends
/// on its origin's earlier change sets and on every change set its origin
/// had applied when it was made (`dependencies`), and is applied only after
/// them: causal order, whatever the network did.
public struct ChangeSet: Sendable {
    /// The replica whose transaction made the changes.
    public let origin: ReplicaID
    /// The change set's number from its origin, counting from 1.
    public let seq: UInt32
    /// What the receiver must have applied first: causal order.
    public let dependencies: VersionVector
    /// One change per record, sorted by record id.
    public let changes: [Record]
    /// True virtual time of the commit, for reports only.
    public let committedAtMicros: Int64
    /// Estimated size on the wire, for the network byte count.
    public let sizeBytes: Int

    /// A change set; traps unless `seq >= 1` and `changes` are sorted by id, one per record.
    public init(origin: ReplicaID, seq: UInt32, dependencies: VersionVector, changes: [Record], committedAtMicros: Int64) {
        precondition(seq >= 1, "change set seq counts from 1")
        precondition(zip(changes, changes.dropFirst()).allSatisfy { $0.id < $1.id }, "changes must be sorted by id, one per record")
        self.origin = origin
        self.seq = seq
        self.dependencies = dependencies
        self.changes = changes
        self.committedAtMicros = committedAtMicros
        self.sizeBytes = ChangeSet.estimatedSize(changes: changes, dependencies: dependencies)
    }

    /// The stand-in for a change set its holder forgot (every device had
    /// applied it): no changes and no dependencies, only its number and
    /// size, so that a reply to a request sent before the forgetting is
    /// the same message on the wire. Its receiver already holds the
    /// change set and ignores it.
    public static func forgotten(origin: ReplicaID, seq: UInt32, sizeBytes: Int) -> ChangeSet {
        ChangeSet(origin: origin, seq: seq, sizeBytes: sizeBytes)
    }

    private init(origin: ReplicaID, seq: UInt32, sizeBytes: Int) {
        self.origin = origin
        self.seq = seq
        dependencies = VersionVector(replicaCount: 0)
        changes = []
        committedAtMicros = 0
        self.sizeBytes = sizeBytes
    }

    /// True for the stand-in of a forgotten change set (a real one changes at least one record).
    public var isForgotten: Bool { changes.isEmpty }

    /// A fixed, documented estimate: 16 bytes of header, 4 per non-zero
    /// dependency, and per change 24 bytes of id and entity plus each
    /// stamped item (20 bytes a stamp, plus the value's bytes).
    static func estimatedSize(changes: [Record], dependencies: VersionVector) -> Int {
        var size = 16 + 4 * dependencies.counts.filter { $0 > 0 }.count
        for change in changes {
            size += 24 + 20 * (change.creations.count + change.deletedCreations.count)
            for register in change.fields {
                guard let register else { continue }
                size += 20 + 4
                switch register.value {
                case .string(let text)?: size += text.utf8.count
                case .int?: size += 8
                case nil: break
                }
            }
            for set in change.relations {
                size += set.adds.count * (20 + 16) + set.removedTags.count * 20
            }
        }
        return size
    }
}
