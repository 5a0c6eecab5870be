import SyncModel
import SyncStore

/// Each device's ``UserView``, kept from look to look: a look reads only
/// the records and keys the store's commits touched since the last one
/// (``StoreJournal``), where building the view read every record of the
/// store after every commit, n² over a run of n records (issue 31). A
/// store that keeps no journal is read whole, as before.
struct UserViewTracker {
    /// What one device's view holds between looks.
    private struct Device {
        /// Whether the fields below describe the store (false after a look
        /// without a journal, until one with a journal reads it whole).
        var current = true
        /// The live records the fetches hide, with their digests.
        var hidden: [RecordID: StateDigest] = [:]
        var hiddenDigest = StateDigest.zero
        /// Per key held by more than one visible record: how many more.
        var extraHolders: [NaturalKey: Int] = [:]
        var duplicates = 0
    }

    private let filter: FetchFilter
    private var devices: [Device]
    /// With invariant checks: every look is checked against a view built
    /// from the whole store.
    private let checked: Bool

    init(replicaCount: Int, filter: FetchFilter, checked: Bool = false) {
        self.filter = filter
        devices = Array(repeating: Device(), count: replicaCount)
        self.checked = checked
    }

    /// The device's view now, given what its store's commits touched since
    /// the last look (`journal`; nil: the store keeps none).
    mutating func look(replica index: Int, store: any Store, journal: StoreJournal?) -> UserView {
        guard let journal else {
            // No journal (a SQLite store): the view of the whole store, as
            // it was built before there were journals.
            devices[index].current = false
            return UserView(store: store, filter: filter)
        }
        if devices[index].current {
            for id in journal.records { update(id, record: store.record(id), on: index, schema: store.schema) }
            for key in journal.keys { update(key: key, on: index, store: store) }
        } else {
            rebuild(index, store: store)
        }
        let device = devices[index]
        let view = UserView(duplicates: device.duplicates, hidden: device.hidden.count, digest: store.digest - device.hiddenDigest)
        if checked {
            let whole = UserView(store: store, filter: filter)
            precondition(view.duplicates == whole.duplicates && view.hidden == whole.hidden && view.digest == whole.digest,
                         "invariant broken: replica \(index)'s view from the records commits touched disagrees with a view of its whole store")
        }
        return view
    }

    /// The device has a new, empty store (a reinstall): it starts over.
    mutating func storeReplaced(_ replica: ReplicaID) {
        devices[replica.index] = Device()
    }

    /// Record `id`, whose stored version is now `record`.
    private mutating func update(_ id: RecordID, record: Record?, on index: Int, schema: Schema) {
        if let old = devices[index].hidden.removeValue(forKey: id) {
            devices[index].hiddenDigest = devices[index].hiddenDigest - old
        }
        guard let record, record.isLive, filter.hides(record, schema: schema) else { return }
        let digest = record.materialisedDigest
        devices[index].hidden[id] = digest
        devices[index].hiddenDigest = devices[index].hiddenDigest + digest
    }

    private mutating func update(key: NaturalKey, on index: Int, store: any Store) {
        let extra = max(filter.visibleHolders(of: key, in: store).count - 1, 0)
        let old = devices[index].extraHolders[key] ?? 0
        devices[index].duplicates += extra - old
        devices[index].extraHolders[key] = extra == 0 ? nil : extra
    }

    /// Reads the whole store: every record, and every key held more than once.
    private mutating func rebuild(_ index: Int, store: any Store) {
        devices[index] = Device()
        for record in store.allRecords() { update(record.id, record: record, on: index, schema: store.schema) }
        for uniqueKey in store.schema.allUniqueKeys {
            for key in store.duplicatedKeys(of: uniqueKey) { update(key: key, on: index, store: store) }
        }
    }
}
