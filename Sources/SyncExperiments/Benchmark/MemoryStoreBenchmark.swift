import SyncModel
import SyncSimulation
import SyncStore

/// The simulator's remote-apply path on the memory store, as a run takes
/// it: each receiver is a ``ReplicaNode`` running `crdt` over a
/// ``MemoryStore`` with no unique index, and applies every change set of
/// the workload through ``ReplicaNode/applyRemote(_:atMicros:)`` (the
/// clock observes the stamps, the strategy merges, the store commits and
/// indexes).
enum MemoryStoreBenchmark {
    /// `replicas` empty receivers, `r2`, `r3`, …: none is the workload's origin.
    static func makeNodes(replicas: Int) -> [ReplicaNode] {
        (0 ..< replicas).map { index in
            let id = ReplicaID(RemoteApplyWorkload.origin.index + 1 + index)
            return ReplicaNode(id: id, strategy: CRDTStrategy(),
                               store: MemoryStore(schema: RemoteApplyWorkload.schema, enforcesUniqueness: false),
                               clock: PhysicalClock(), seed: UInt64(id.index))
        }
    }

    /// Applies every change set to every node, change set by change set
    /// (each reaches all nodes before the next is applied, as a run
    /// interleaves replicas). Every one must apply: the workload has no
    /// conflict a store could refuse.
    static func apply(_ workload: RemoteApplyWorkload, to nodes: inout [ReplicaNode]) {
        for changeSet in workload.changeSets {
            for index in nodes.indices {
                let outcome = nodes[index].applyRemote(changeSet, atMicros: changeSet.committedAtMicros)
                guard case .applied = outcome else {
                    preconditionFailure("\(nodes[index].id) refused change set \(changeSet.seq) of the benchmark: \(outcome)")
                }
            }
        }
    }

    /// Problems with what `nodes` hold after ``apply(_:to:)``, none when
    /// every store holds each user once, live, with its update: empty
    /// means the stores did the work the rate counts.
    static func problems(in nodes: [ReplicaNode], workload: RemoteApplyWorkload) -> [String] {
        var problems: [String] = []
        for node in nodes {
            let store = node.store
            if store.duplicateCount != 0 { problems.append("\(node.id) holds \(store.duplicateCount) duplicates") }
            let count = store.allRecords().count
            if count != workload.records { problems.append("\(node.id) holds \(count) records, not \(workload.records)") }
            for n in 0 ..< workload.records {
                let expected = [RemoteApplyWorkload.email(n), RemoteApplyWorkload.name(n), RemoteApplyWorkload.updatedCity(n)]
                guard let record = store.record(workload.ids[n]), record.isLive,
                      record.fields.map({ $0?.value }) == expected.map({ FieldValue.string($0) }) else {
                    problems.append("\(node.id) does not hold user \(n) as created and updated")
                    break
                }
            }
        }
        return problems
    }
}
