import SyncModel
import SyncStore

/// The end-of-run measurements that need every replica's final store.
enum FinalCheck {
    /// Lost writes and resurrections against the ground truth.
    ///
    /// A write is lost when no replica's canonical record of its key holds
    /// it: the record a fetch by key returns (the live holder with the
    /// lowest id, ``StrategyContext/firstLive(_:)``), so a write that
    /// survives only on a duplicate the app never reads is lost. A record is
    /// lost when its key, never deleted, has no live holder on any replica.
    /// A write that some replicas hold and others lack is not lost: those
    /// replicas differ, and `diverged` counts them. A fetch never returns a
    /// record the app hides (`filter`: `dedupe:deferred`'s marked losers),
    /// so such a record is neither canonical nor, for a deleted key, alive.
    /// A link the app made is lost by the same rule: no canonical record of
    /// its owning key shows it (``isKept(_:canonical:truth:)``).
    static func writes(truth: GroundTruth, stores: [any Store], filter: FetchFilter? = nil) -> (lost: RunResult.LostWrites, resurrected: Int) {
        var lost = RunResult.LostWrites(fields: 0, records: 0)
        var resurrected = 0
        // Only counts come out of this loop, and counts do not depend on
        // the order keys are visited in: the keys are not sorted (at a
        // million keys, sorting them was most of the check). They are
        // visited in the order they became known, close to the order the
        // stores received their records, so consecutive lookups mostly
        // touch neighbouring slots rather than the whole heap.
        var canonical: [Record] = []
        canonical.reserveCapacity(stores.count)
        // The store each canonical record came from: a link's targets are
        // read there (only for keys with links).
        var holders: [Int] = []
        for (key, keyTruth) in zip(truth.keyOrder, truth.keyTruths) {
            canonical.removeAll(keepingCapacity: true)
            holders.removeAll(keepingCapacity: true)
            for (index, store) in stores.enumerated() {
                if let record = FetchFilter.firstFetched(key, in: store, filter: filter) {
                    canonical.append(record)
                    holders.append(index)
                }
            }
            if keyTruth.deleted {
                if !canonical.isEmpty { resurrected += 1 }
                continue
            }
            if canonical.isEmpty {
                lost.records += 1
                if keyTruth.writtenAfterDelete { lost.toDeletes += 1 }
            }
            for fieldTruth in keyTruth.fields where !isKept(fieldTruth, canonical: canonical) {
                lost.fields += 1
            }
            for linkTruth in keyTruth.links
            where !isKept(linkTruth, canonical: zip(canonical, holders).map { ($0, stores[$1]) }, truth: truth) {
                lost.links += 1
            }
        }
        return (lost, resurrected)
    }

    /// Whether some canonical record reflects one of the link slot's latest
    /// writes: an add whose target key some live target of the record's
    /// relationship has, or a removal whose target key none has. A write
    /// to a target whose key's latest intent is a delete is explained by
    /// that delete (a nullify rule removed the link, or it dangles), so
    /// the slot is kept.
    private static func isKept(_ link: GroundTruth.LinkTruth, canonical: [(Record, any Store)], truth: GroundTruth) -> Bool {
        if link.writers.contains(where: { truth.truth(of: $0.target)?.deleted ?? false }) { return true }
        return canonical.contains { record, store in
            let keys = record.targets(of: link.relation, schema: store.schema).compactMap { id -> NaturalKey? in
                guard let target = store.record(id), target.isLive else { return nil }
                return truth.identityKey(of: target)
            }
            return link.writers.contains { keys.contains($0.target) == $0.present }
        }
    }

    /// Whether some canonical record holds one of the field's latest values.
    private static func isKept(_ truth: GroundTruth.FieldTruth, canonical: [Record]) -> Bool {
        let field = truth.field
        guard !truth.otherWriters.isEmpty else {
            // One writer, as almost every write: no set to build.
            return canonical.contains { $0.value(field) == truth.firstWriter.value }
        }
        // A set: with N devices writing a field at one instant, a list
        // searched once per store would cost N² per key.
        let latest = Set(truth.values)
        return canonical.contains { latest.contains($0.value(field)) }
    }

    /// Relationship links from live records: how many point at records
    /// that are not live (`dangling`, worst replica: the most) and how many
    /// at live ones (`links`, worst replica: the fewest).
    /// A reference to a record that has not arrived is held (pending) and
    /// resolves when it arrives; at the end of a quiesced run it never
    /// will, so it counts as dangling, as does one to a deleted record. A
    /// to-one counts its one visible target.
    static func links(stores: [any Store], schema: Schema) -> (dangling: Int, links: Int) {
        guard schema.entities.contains(where: { !$0.relations.isEmpty }) else { return (0, 0) }
        let counts = stores.map { store in
            var dangling = 0
            var links = 0
            store.forEachRecord { record in
                guard record.isLive else { return }
                for relation in record.relations.indices {
                    for target in record.targets(of: relation, schema: schema) {
                        if store.record(target)?.isLive ?? false { links += 1 } else { dangling += 1 }
                    }
                }
            }
            return (dangling, links)
        }
        return (counts.map(\.0).max() ?? 0, counts.map(\.1).min() ?? 0)
    }

    /// The watched fields' values on every device (`stores`, in replica
    /// order), as the app's fetch by key returns them (`filter`), and, when
    /// the engine has one, on its server endpoint (the replica after the
    /// last device).
    static func values(_ watched: [WatchedField], stores: [any Store], filter: FetchFilter? = nil,
                       server: ((NaturalKey) -> [Record])?) -> FinalValues {
        guard !watched.isEmpty else { return FinalValues() }
        var entries: [FinalValues.Entry] = []
        for watch in watched {
            for (index, store) in stores.enumerated() {
                let fetched = FetchFilter.firstFetched(watch.key, in: store, filter: filter)
                entries.append(.init(replica: ReplicaID(index), watch: watch, value: FinalValue.read(watch, in: fetched)))
            }
            if let server {
                entries.append(.init(replica: ReplicaID(stores.count), watch: watch, value: FinalValue.read(watch, in: server(watch.key).first)))
            }
        }
        return FinalValues(entries: entries)
    }
}
