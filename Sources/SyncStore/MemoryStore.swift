import SyncModel

/// A replica's store in memory, with indexes kept up to date on commit so
/// that key lookups, the duplicate count and the state digest cost O(1)
/// or O(log n) per changed record rather than a scan.
public struct MemoryStore: Store {
    public let schema: Schema
    public private(set) var enforcesUniqueness: Bool
    public private(set) var commitCount = 0
    public private(set) var duplicateCount = 0
    public private(set) var digest = StateDigest.zero

    private var records: [RecordID: Record] = [:]
    private var recordDigests: [RecordID: StateDigest] = [:]
    /// Live holders of every natural key, sorted by id.
    private var holders: [NaturalKey: [RecordID]] = [:]
    private var duplicated: [UniqueKeyID: Set<NaturalKey>] = [:]
    private let uniqueKeysByEntity: [[UniqueKeyID]]

    public init(schema: Schema, enforcesUniqueness: Bool) {
        self.schema = schema
        self.enforcesUniqueness = enforcesUniqueness
        let all = schema.allUniqueKeys
        uniqueKeysByEntity = schema.entities.indices.map { entity in
            all.filter { $0.entity.rawValue == entity }
        }
    }

    public func record(_ id: RecordID) -> Record? { records[id] }

    public func liveRecordIDs(holding key: NaturalKey) -> [RecordID] { holders[key] ?? [] }

    public func duplicatedKeys(of uniqueKey: UniqueKeyID) -> [NaturalKey] {
        (duplicated[uniqueKey] ?? []).sorted()
    }

    public mutating func addUniqueConstraints() throws(StoreError) {
        guard !enforcesUniqueness else { return }
        let conflicts = schema.allUniqueKeys.flatMap { uniqueKey in
            duplicatedKeys(of: uniqueKey).map { UniqueConflict(key: $0, recordIDs: liveRecordIDs(holding: $0)) }
        }
        if let first = conflicts.first {
            throw StoreError(code: .uniqueConstraint, message: "cannot add the unique constraints: \(first.recordIDs.count) live records hold \(first.key)",
                             conflicts: conflicts)
        }
        enforcesUniqueness = true
    }

    public func allRecords() -> [Record] {
        records.keys.sorted().map { records[$0]! }
    }

    /// An empty transaction changes nothing and is not counted.
    public mutating func commit(_ transaction: Transaction) throws(StoreError) {
        guard !transaction.isEmpty else { return }
        // Stage the new versions without touching the store.
        var staged: [RecordID: Record] = [:]
        var order: [RecordID] = []
        for operation in transaction.operations {
            let id = operation.id
            let current = staged[id] ?? records[id]
            let next: Record
            switch operation {
            case .merge(let change): next = current.map { $0.merged(with: change) } ?? change
            case .replace(let record): next = record
            }
            if staged[id] == nil { order.append(id) }
            staged[id] = next
        }
        order.sort()

        // Work out which natural keys lose and gain live holders.
        var removals: [NaturalKey: [RecordID]] = [:]
        var additions: [NaturalKey: [RecordID]] = [:]
        for id in order {
            let old = records[id]
            let new = staged[id]!
            let oldKeys = old.map(liveKeys(of:)) ?? []
            let newKeys = liveKeys(of: new)
            for key in oldKeys where !newKeys.contains(key) { removals[key, default: []].append(id) }
            for key in newKeys where !oldKeys.contains(key) { additions[key, default: []].append(id) }
        }

        if enforcesUniqueness {
            var conflicts: [UniqueConflict] = []
            for key in additions.keys.sorted() {
                let remaining = (holders[key] ?? []).filter { !(removals[key] ?? []).contains($0) }
                let after = (remaining + additions[key]!).sorted()
                if after.count > 1 { conflicts.append(UniqueConflict(key: key, recordIDs: after)) }
            }
            if !conflicts.isEmpty {
                let first = conflicts[0]
                throw StoreError(
                    code: .uniqueConstraint,
                    message: "UNIQUE constraint failed: \(schema[first.key.uniqueKey.entity].name) \(first.key) held by \(first.recordIDs.count) records",
                    conflicts: conflicts)
            }
        }

        // Apply: nothing above has changed the store, so a refusal leaves it whole.
        for id in order {
            let new = staged[id]!
            let newDigest = new.materialisedDigest
            digest = digest - (recordDigests[id] ?? .zero) + newDigest
            recordDigests[id] = newDigest
            records[id] = new
        }
        // Index updates commute, so the (hash) order of these loops cannot show.
        for (key, ids) in removals { for id in ids { removeHolder(id, of: key) } }
        for (key, ids) in additions { for id in ids { addHolder(id, of: key) } }
        commitCount += 1
    }

    private func liveKeys(of record: Record) -> [NaturalKey] {
        guard record.isLive else { return [] }
        return uniqueKeysByEntity[record.entity.rawValue].compactMap {
            NaturalKey(record: record, uniqueKey: $0, schema: schema)
        }
    }

    private mutating func addHolder(_ id: RecordID, of key: NaturalKey) {
        var ids = holders[key] ?? []
        ids.insertSorted(id)
        holders[key] = ids
        if ids.count > 1 {
            duplicateCount += 1
            duplicated[key.uniqueKey, default: []].insert(key)
        }
    }

    private mutating func removeHolder(_ id: RecordID, of key: NaturalKey) {
        guard var ids = holders[key], let index = ids.firstIndex(of: id) else {
            preconditionFailure("index lost holder \(id) of \(key)")
        }
        ids.remove(at: index)
        // The key held ids.count + 1 records, so it counted ids.count duplicates.
        if !ids.isEmpty { duplicateCount -= 1 }
        if ids.count <= 1 { duplicated[key.uniqueKey]?.remove(key) }
        holders[key] = ids.isEmpty ? nil : ids
    }
}
