import SyncModel
import SyncStore

/// The end-of-run measurements that need every replica's final store.
enum FinalCheck {
    /// Lost writes and resurrections against the ground truth, counting a
    /// key or field once if it is wrong on any replica.
    static func writes(truth: GroundTruth, stores: [any Store]) -> (lost: RunResult.LostWrites, resurrected: Int) {
        var lost = RunResult.LostWrites(fields: 0, records: 0)
        var resurrected = 0
        for key in truth.keys.keys.sorted() {
            let keyTruth = truth.keys[key]!
            let holdersPerStore = stores.map { store in
                store.liveRecordIDs(holding: key).compactMap { store.record($0) }
            }
            if keyTruth.deleted {
                if holdersPerStore.contains(where: { !$0.isEmpty }) { resurrected += 1 }
                continue
            }
            if holdersPerStore.contains(where: \.isEmpty) { lost.records += 1 }
            for field in keyTruth.fields.keys.sorted() {
                let latest = keyTruth.fields[field]!.values
                let keptEverywhere = holdersPerStore.allSatisfy { holders in
                    holders.contains { record in latest.contains(record.value(field)) }
                }
                if !keptEverywhere { lost.fields += 1 }
            }
        }
        return (lost, resurrected)
    }

    /// Relationship links from live records: how many point at records
    /// that are not live (`dangling`, worst replica: the most) and how many
    /// at live ones (`links`, worst replica: the fewest).
    static func links(stores: [any Store]) -> (dangling: Int, links: Int) {
        let counts = stores.map { store in
            var dangling = 0
            var links = 0
            for record in store.allRecords() where record.isLive {
                for relation in record.relations {
                    for target in relation.elements {
                        if store.record(target)?.isLive ?? false { links += 1 } else { dangling += 1 }
                    }
                }
            }
            return (dangling, links)
        }
        return (counts.map(\.0).max() ?? 0, counts.map(\.1).min() ?? 0)
    }
}
