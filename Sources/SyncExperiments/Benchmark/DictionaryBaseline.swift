import SyncModel

/// The practical limit for the memory store: the same last-writer-wins
/// merge written as a developer new to it would, a plain Swift `Dictionary`
/// of rows per replica (not reserved ahead), each field a `(value, stamp)`
/// register where the higher stamp wins. No clock, no strategy, no
/// transaction, no index, no duplicate count, no digest: what the store
/// does beyond this is what its rate pays for.
enum DictionaryBaseline {
    typealias PlainRegister = (value: String?, stamp: Timestamp)

    /// Older than any write: a field no change has written yet.
    static let neverWritten = Timestamp(wallMicros: .min, counter: 0, replica: ReplicaID(0))

    /// One user, as the baseline keeps it.
    struct PlainRow {
        var email: PlainRegister = (nil, neverWritten)
        var name: PlainRegister = (nil, neverWritten)
        var city: PlainRegister = (nil, neverWritten)
        var created = neverWritten

        /// Field by field, the higher stamp wins.
        mutating func merge(_ change: PlainChange) {
            if let incoming = change.email, incoming.stamp > email.stamp { email = incoming }
            if let incoming = change.name, incoming.stamp > name.stamp { name = incoming }
            if let incoming = change.city, incoming.stamp > city.stamp { city = incoming }
            if let incoming = change.created, incoming > created { created = incoming }
        }
    }

    /// One record's change in plain values: nil for what it does not write.
    struct PlainChange {
        let id: RecordID
        let created: Timestamp?
        let email: PlainRegister?
        let name: PlainRegister?
        let city: PlainRegister?

        init(_ record: Record) {
            func plain(_ field: Int) -> PlainRegister? {
                record.fields[field].map { ($0.value?.description, $0.stamp) }
            }
            id = record.id
            created = record.creations.first
            email = plain(RemoteApplyWorkload.email)
            name = plain(RemoteApplyWorkload.name)
            city = plain(RemoteApplyWorkload.city)
        }
    }

    /// The workload's change sets as plain values, batch by batch: done
    /// before timing, as the store's change sets are built before it.
    static func batches(of workload: RemoteApplyWorkload) -> [[PlainChange]] {
        workload.changeSets.map { $0.changes.map(PlainChange.init) }
    }

    /// Merges every batch into every replica's rows, in the order
    /// ``MemoryStoreBenchmark/apply(_:to:)`` applies change sets.
    static func apply(_ batches: [[PlainChange]], to replicas: inout [[RecordID: PlainRow]]) {
        for batch in batches {
            for index in replicas.indices {
                for change in batch {
                    replicas[index][change.id, default: PlainRow()].merge(change)
                }
            }
        }
    }

    /// Problems with the rows after ``apply(_:to:)``, as
    /// ``MemoryStoreBenchmark/problems(in:workload:)`` finds them in the
    /// stores: empty means each replica ends with the stores' values.
    static func problems(in replicas: [[RecordID: PlainRow]], workload: RemoteApplyWorkload) -> [String] {
        var problems: [String] = []
        for (index, rows) in replicas.enumerated() {
            if rows.count != workload.records { problems.append("replica \(index) holds \(rows.count) rows, not \(workload.records)") }
            for n in 0 ..< workload.records {
                guard let row = rows[workload.ids[n]], row.email.value == RemoteApplyWorkload.email(n),
                      row.name.value == RemoteApplyWorkload.name(n), row.city.value == RemoteApplyWorkload.updatedCity(n) else {
                    problems.append("replica \(index) does not hold user \(n) as created and updated")
                    break
                }
            }
        }
        return problems
    }
}
