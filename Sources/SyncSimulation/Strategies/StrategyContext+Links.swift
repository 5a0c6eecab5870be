import SyncModel
import SyncStore

extension StrategyContext {
    /// The stored records `ids` names, and every stored record linking to
    /// one of `targets` (live or not, through any relationship), sorted by
    /// id: what a pass that acts on links must read when only those can
    /// have changed. Nil when the store keeps no index of owners: the
    /// caller reads every record.
    func records(_ ids: some Sequence<RecordID>, andThoseLinkingTo targets: some Sequence<RecordID>) -> [Record]? {
        var found = Set(ids)
        for target in targets {
            guard let linking = store.linkingRecords(to: target) else { return nil }
            found.formUnion(linking)
        }
        return found.sorted().compactMap { store.record($0) }
    }
}
