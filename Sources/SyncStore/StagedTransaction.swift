import SyncModel

/// A transaction worked out before anything is written: every record's
/// stored and new version, and the keys that gain and lose live holders.
/// The step both stores share, so that the memory store and SQLite refuse
/// the same transactions with the same conflicts (``UniqueConflict``).
package struct StagedTransaction {
    package struct Write {
        package let id: RecordID
        package let old: Record?
        package let new: Record
    }

    /// One per record the transaction touches, sorted by id.
    package let writes: [Write]
    /// Ids that let go of a key, and ids that take one, per key.
    package private(set) var removals: [LiveKey: [RecordID]] = [:]
    package private(set) var additions: [LiveKey: [RecordID]] = [:]

    /// Stages `transaction` over the versions `stored` returns (read once
    /// per record); operations on one record apply in order.
    package init<Failure: Error>(_ transaction: Transaction, keys: LiveKeys,
                         stored: (RecordID) throws(Failure) -> Record?) throws(Failure) {
        let operations = transaction.operations
        if zip(operations, operations.dropFirst()).allSatisfy({ $0.id < $1.id }) {
            // One operation per record, already in id order (a change set
            // always is): nothing to gather or sort.
            var writes: [Write] = []
            writes.reserveCapacity(operations.count)
            for operation in operations {
                let old = try stored(operation.id)
                writes.append(Write(id: operation.id, old: old, new: operation.applied(to: old)))
            }
            self.writes = writes
        } else {
            // Each record's operations consecutive, applied in order.
            let order = operations.positionsInIDOrder { $0.id }
            var writes: [Write] = []
            writes.reserveCapacity(order.count)
            var position = 0
            while position < order.count {
                let id = operations[order[position]].id
                let old = try stored(id)
                var new = operations[order[position]].applied(to: old)
                position += 1
                while position < order.count && operations[order[position]].id == id {
                    new = operations[order[position]].applied(to: new)
                    position += 1
                }
                writes.append(Write(id: id, old: old, new: new))
            }
            self.writes = writes
        }
        for write in writes {
            let oldKeys = write.old.map(keys.of) ?? []
            let newKeys = keys.of(write.new)
            for key in oldKeys where !newKeys.contains(key) { removals[key, default: []].append(write.id) }
            for key in newKeys where !oldKeys.contains(key) { additions[key, default: []].append(write.id) }
        }
    }

    /// The text of `key`, read from a record that gains or loses it here.
    package func naturalKey(_ key: LiveKey, keys: LiveKeys) -> NaturalKey {
        if let id = additions[key]?.first { return keys.naturalKey(key, of: write(of: id).new) }
        guard let id = removals[key]?.first, let old = write(of: id).old else {
            preconditionFailure("\(key.uniqueKey): no record of this transaction gains or loses the key")
        }
        return keys.naturalKey(key, of: old)
    }

    /// The write of record `id`, found by bisection: `writes` is sorted by id.
    private func write(of id: RecordID) -> Write {
        let low = writes.partitioningIndex { $0.id < id }
        precondition(low < writes.count && writes[low].id == id, "no staged write of \(id)")
        return writes[low]
    }

    /// The conflicts this transaction would make under unique constraints:
    /// for each key it gives a new live holder, every holder there would
    /// be, when more than one. Sorted by key; `holders` are the stored live
    /// holders of a key (given both ways: interned, and read from the
    /// record that adds it).
    package func conflicts(keys: LiveKeys, holders: (LiveKey, NaturalKey) -> [RecordID]) -> [UniqueConflict] {
        var conflicts: [UniqueConflict] = []
        for (key, added) in additions {
            let naturalKey = keys.naturalKey(key, of: write(of: added[0]).new)
            let removed = removals[key] ?? []
            let after = (holders(key, naturalKey).filter { !removed.contains($0) } + added).sorted()
            if after.count > 1 { conflicts.append(UniqueConflict(key: naturalKey, recordIDs: after)) }
        }
        // Sorted, so the hash order of `additions` never shows. Positions
        // are sorted, not the conflicts: moving a conflict retains its arrays.
        let order = conflicts.indices.sorted { conflicts[$0].key < conflicts[$1].key }
        return order.map { conflicts[$0] }
    }
}
