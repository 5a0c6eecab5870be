import SyncModel

/// A recount of a store from its records, compared with what the store
/// keeps counted and indexed: the store-level invariants the simulator
/// checks after every event (with `--check-invariants`, and always in
/// tests). Uses only the `Store` API, so every store is held to the same
/// definition.
extension Store {
    /// The first disagreement between the store's indexes and counters and
    /// a recount of its records, as `(invariant name, detail)`; nil when
    /// they agree. Costs a scan of every record: call it only when the
    /// store has changed.
    public func auditProblem() -> (name: String, detail: String)? {
        var holders: [NaturalKey: [RecordID]] = [:]
        var digest = StateDigest.zero
        let records = allRecords()
        for record in records {
            digest = digest + record.materialisedDigest
            for uniqueKey in schema.allUniqueKeys where uniqueKey.entity == record.entity {
                guard let key = NaturalKey(record: record, uniqueKey: uniqueKey, schema: schema) else { continue }
                let indexed = liveRecordIDs(holding: key).contains(record.id)
                if record.isLive {
                    holders[key, default: []].append(record.id)
                    if !indexed { return ("store.liveIndex", "live record \(record.id) is missing from the index of \(key)") }
                } else if indexed {
                    return ("store.liveIndex", "tombstoned record \(record.id) is still indexed as a live holder of \(key)")
                }
            }
        }
        // Sorted, so the first problem reported is the same in every process.
        var duplicates = 0
        for key in holders.keys.sorted() {
            let ids = holders[key]!.sorted()
            if liveRecordIDs(holding: key) != ids {
                return ("store.liveIndex", "the index holds \(liveRecordIDs(holding: key)) for \(key); the records say \(ids)")
            }
            if enforcesUniqueness && ids.count > 1 {
                return ("store.uniqueIndex", "\(ids.count) live records hold \(key) under a unique constraint")
            }
            duplicates += ids.count - 1
        }
        for uniqueKey in schema.allUniqueKeys {
            let recounted = holders.keys.filter { $0.uniqueKey == uniqueKey && holders[$0]!.count > 1 }.sorted()
            if duplicatedKeys(of: uniqueKey) != recounted {
                return ("store.duplicatedKeys", "\(duplicatedKeys(of: uniqueKey).count) keys listed as duplicated, \(recounted.count) recounted")
            }
        }
        if duplicateCount != duplicates {
            return ("store.duplicateCount", "counted \(duplicateCount), recounted \(duplicates)")
        }
        if self.digest != digest {
            return ("store.digest", "kept \(self.digest), recounted \(digest)")
        }
        return nil
    }
}
