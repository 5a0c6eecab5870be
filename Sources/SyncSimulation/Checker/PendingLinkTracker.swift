import SyncModel
import SyncStore

/// Links a device holds to records it has not received yet: CloudKit
/// promises no order across records, so a reference can arrive before its
/// target ("All relationships must have an inverse, in case the records
/// synchronize out of order": docs/sources/dedupe-and-deletes.md, item 7).
/// Such a link is held, not dropped, and resolves when the target arrives;
/// only one whose target never arrives ends up `dangling`. `peak` is the
/// most any device held at one look, to show that it happened. A link to a
/// record a unique constraint folded into a local one (an alias) is not
/// pending: that record arrived, and will not arrive again.
///
/// A look reads only the records the store's commits touched since the
/// last one (``StoreJournal``), the links waiting on them, and, when the
/// device folded records, the links waiting on folded ids; counting every
/// record's links after every commit made a run of n records cost n²
/// (issue 31). A store that keeps no journal is read whole, as before.
struct PendingLinkTracker {
    /// One device's pending links between looks.
    private struct Device {
        /// Whether the fields below describe the store (false until a look
        /// with a journal follows a whole read).
        var current = true
        /// Per live record with pending links: its targets not yet here,
        /// once per link.
        var pendingTargets: [RecordID: [RecordID]] = [:]
        /// Per target not yet here: the records whose links wait on it.
        var waiting: [RecordID: Set<RecordID>] = [:]
        var pending = 0
        /// The device's aliases at the last look.
        var aliasCount = 0
    }

    private let schema: Schema
    private var devices: [Device]
    private let checked: Bool
    private(set) var peak = 0

    /// Nil when the schema has no relationship: nothing to look at.
    /// `checked`: every look is checked against a count of every link.
    init?(schema: Schema, replicaCount: Int, checked: Bool = false) {
        guard schema.entities.contains(where: { !$0.relations.isEmpty }) else { return nil }
        self.schema = schema
        devices = Array(repeating: Device(), count: replicaCount)
        self.checked = checked
    }

    /// Looks at the device's store after commits; `journal`: what they
    /// touched since the last look (nil: the store keeps none).
    mutating func update(replica index: Int, store: any Store, aliases: [RecordID: RecordID], journal: StoreJournal?) {
        let pending: Int
        if let journal {
            if !devices[index].current { rebuild(index, store: store, aliases: aliases) }
            for id in journal.records {
                recount(source: id, on: index, store: store, aliases: aliases)
                // A target that arrived resolves the links waiting on it.
                if let sources = devices[index].waiting[id], store.record(id) != nil {
                    for source in sources { recount(source: source, on: index, store: store, aliases: aliases) }
                }
            }
            if aliases.count != devices[index].aliasCount {
                devices[index].aliasCount = aliases.count
                let folded = devices[index].waiting.keys.filter { aliases[$0] != nil }
                for target in folded {
                    for source in devices[index].waiting[target] ?? [] { recount(source: source, on: index, store: store, aliases: aliases) }
                }
            }
            pending = devices[index].pending
            if checked {
                let whole = Self.count(store: store, aliases: aliases, schema: schema)
                precondition(pending == whole, "invariant broken: replica \(index)'s pending links from the records commits touched (\(pending)) "
                    + "disagree with a count of every link (\(whole))")
            }
        } else {
            devices[index].current = false
            pending = Self.count(store: store, aliases: aliases, schema: schema)
        }
        peak = max(peak, pending)
    }

    /// The links the device held pending at its last look with a journal.
    func pending(replica index: Int) -> Int { devices[index].pending }

    /// The device has a new, empty store (a reinstall): it starts over.
    mutating func storeReplaced(_ replica: ReplicaID) {
        devices[replica.index] = Device()
    }

    /// Every live record's links to records the store has never held and
    /// the device has not folded.
    private static func count(store: any Store, aliases: [RecordID: RecordID], schema: Schema) -> Int {
        var pending = 0
        for record in store.allRecords() where record.isLive {
            for relation in record.relations.indices {
                pending += record.targets(of: relation, schema: schema).count { store.record($0) == nil && aliases[$0] == nil }
            }
        }
        return pending
    }

    /// `source`'s pending links, counted again.
    private mutating func recount(source: RecordID, on index: Int, store: any Store, aliases: [RecordID: RecordID]) {
        if let old = devices[index].pendingTargets.removeValue(forKey: source) {
            devices[index].pending -= old.count
            for target in old {
                devices[index].waiting[target]?.remove(source)
                if devices[index].waiting[target]?.isEmpty == true { devices[index].waiting[target] = nil }
            }
        }
        guard let record = store.record(source), record.isLive else { return }
        var targets: [RecordID] = []
        for relation in record.relations.indices {
            targets += record.targets(of: relation, schema: schema).filter { store.record($0) == nil && aliases[$0] == nil }
        }
        guard !targets.isEmpty else { return }
        devices[index].pendingTargets[source] = targets
        devices[index].pending += targets.count
        for target in targets { devices[index].waiting[target, default: []].insert(source) }
    }

    /// Reads the whole store into the device's fields.
    private mutating func rebuild(_ index: Int, store: any Store, aliases: [RecordID: RecordID]) {
        devices[index] = Device(aliasCount: aliases.count)
        for record in store.allRecords() { recount(source: record.id, on: index, store: store, aliases: aliases) }
    }
}
