import SyncModel

/// A transaction worked out before anything is written: every record's
/// stored and new version, and the keys that gain and lose live holders.
/// The step both stores share, so that the memory store and SQLite refuse
/// the same transactions with the same conflicts (``UniqueConflict``).
struct StagedTransaction {
    struct Write {
        let id: RecordID
        let old: Record?
        let new: Record
    }

    /// One per record the transaction touches, sorted by id.
    let writes: [Write]
    /// Ids that let go of a key, and ids that take one, per key.
    private(set) var removals: [LiveKey: [RecordID]] = [:]
    private(set) var additions: [LiveKey: [RecordID]] = [:]

    /// Stages `transaction` over the versions `stored` returns; operations
    /// on one record apply in order.
    init(_ transaction: Transaction, keys: LiveKeys, stored: (RecordID) -> Record?) {
        var staged: [RecordID: (old: Record?, new: Record)] = [:]
        staged.reserveCapacity(transaction.operations.count)
        for operation in transaction.operations {
            let id = operation.id
            let old: Record? = if let entry = staged[id] { entry.old } else { stored(id) }
            let current = staged[id]?.new ?? old
            switch operation {
            case .merge(let change): staged[id] = (old, current.map { $0.merged(with: change) } ?? change)
            case .replace(let record): staged[id] = (old, record)
            }
        }
        writes = staged.keys.sorted().map { id in Write(id: id, old: staged[id]!.old, new: staged[id]!.new) }
        for write in writes {
            let oldKeys = write.old.map(keys.of) ?? []
            let newKeys = keys.of(write.new)
            for key in oldKeys where !newKeys.contains(key) { removals[key, default: []].append(write.id) }
            for key in newKeys where !oldKeys.contains(key) { additions[key, default: []].append(write.id) }
        }
    }

    /// The conflicts this transaction would make under unique constraints:
    /// for each key it gives a new live holder, every holder there would
    /// be, when more than one. Sorted by key; `holders` are the stored live
    /// holders of a key, read from the key the adding record holds.
    func conflicts(keys: LiveKeys, holders: (NaturalKey) -> [RecordID]) -> [UniqueConflict] {
        let staged = Dictionary(uniqueKeysWithValues: writes.map { ($0.id, $0.new) })
        var conflicts: [UniqueConflict] = []
        for (key, added) in additions {
            let naturalKey = keys.naturalKey(key, of: staged[added[0]]!)
            let removed = removals[key] ?? []
            let after = (holders(naturalKey).filter { !removed.contains($0) } + added).sorted()
            if after.count > 1 { conflicts.append(UniqueConflict(key: naturalKey, recordIDs: after)) }
        }
        // Sorted, so the hash order of `additions` never shows.
        return conflicts.sorted { $0.key < $1.key }
    }
}
