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

    /// Relationship targets that are not live, on the worst replica.
    static func dangling(stores: [any Store]) -> Int {
        stores.map { store in
            var count = 0
            for record in store.allRecords() where record.isLive {
                for relation in record.relations {
                    for target in relation.elements where !(store.record(target)?.isLive ?? false) {
                        count += 1
                    }
                }
            }
            return count
        }.max() ?? 0
    }
}
