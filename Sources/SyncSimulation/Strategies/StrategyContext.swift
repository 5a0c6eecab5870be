import SyncModel
import SyncStore

/// What a strategy may touch on its replica: the store, the stamping clock
/// and the id generator, at the current true time.
public struct StrategyContext: Sendable {
    /// The replica this context belongs to.
    public let replica: ReplicaID
    /// The replica's store.
    public var store: any Store
    /// The clock that stamps this replica's writes.
    public var clock: ReplicaClock
    /// The generator of this replica's random record ids.
    public var ids: Xoshiro256StarStar
    /// The current true time, in microseconds; ``stamp()`` reads the clock at it.
    public var nowMicros: Int64
    /// Incoming record ids a merge policy folded into a local record, with
    /// that record's id: the app keeps the incoming record's id on the
    /// object (as it keeps a server record id), so later changes made to
    /// that record land on the one that stands for it. Looked up, never
    /// iterated.
    public var aliases: [RecordID: RecordID] = [:]
    /// The scenario's app settings (``AppSettings``).
    public var app = AppSettings()
    /// Set by a dedupe pass that left marked losers to delete later
    /// (`dedupe:deferred`): when the next pass should run; nil: no need.
    public var nextPassDueMicros: Int64?
    /// Set by a dedupe pass that left marked losers waiting for the
    /// device's next successful export and import (`dedupe:deferred` with
    /// `dedupeDeferUntil: "exportAndImport"`): the oldest such mark; nil:
    /// none waits.
    public var marksAwaitingSyncSinceMicros: Int64?
    /// When the sync engine last told the app that an export (its changes
    /// saved: a modify answered without error, or its change sets delivered
    /// to a peer) and an import (a fetch answered) succeeded, as
    /// NSPersistentCloudKitContainer's `eventChangedNotification` does; nil:
    /// never. Kept across a crash (the sample keeps them in UserDefaults),
    /// gone with a wipe.
    public var lastExportMicros: Int64?
    /// See ``lastExportMicros``.
    public var lastImportMicros: Int64?
    /// The earlier of the last successful export and import: a loser
    /// marked before it is due, as the sharing sample tests it; nil until
    /// both have happened.
    public var syncedSinceMicros: Int64? {
        lastExportMicros.flatMap { export in lastImportMicros.map { min(export, $0) } }
    }
    /// What the app's fetches hide (``Strategy/fetchFilter``).
    public var fetchFilter: FetchFilter?

    /// A context at true time `nowMicros`, with default app settings, no aliases and no fetch filter.
    public init(replica: ReplicaID, store: any Store, clock: ReplicaClock, ids: Xoshiro256StarStar, nowMicros: Int64 = 0) {
        self.replica = replica
        self.store = store
        self.clock = clock
        self.ids = ids
        self.nowMicros = nowMicros
    }

    /// The schema the store holds (``Strategy/storeSchema(for:)``).
    public var schema: Schema { store.schema }

    /// A new stamp from the replica's clock at the current true time.
    public mutating func stamp() -> Timestamp {
        clock.stamp(atTrueMicros: nowMicros)
    }

    /// A random id, as an app's `UUID()` would give (but seeded).
    public mutating func randomRecordID() -> RecordID {
        RecordID(high: ids.next(), low: ids.next())
    }

    /// The local record that stands for `id`: itself, or the record it was
    /// folded into (following folds of folds).
    public func localID(for id: RecordID) -> RecordID {
        var current = id
        while let next = aliases[current], next != current { current = next }
        return current
    }

    /// The record a fetch by `key` returns first: the live holder with the
    /// lowest id that the app's fetches do not hide (``fetchFilter``).
    public func firstLive(_ key: NaturalKey) -> Record? {
        FetchFilter.firstFetched(key, in: store, filter: fetchFilter)
    }

    /// A change that creates record `id` from `row`. With
    /// `writingUnsetFields`, every field the row leaves out is written as
    /// unset too, as a new Core Data object has all its attributes.
    public mutating func creation(of row: Row, id: RecordID, writingUnsetFields: Bool) -> Record {
        let stamp = stamp()
        var change = Record(id: id, entity: row.entity, schema: schema)
        change.markCreated(stamp)
        if writingUnsetFields {
            for field in change.fields.indices { change.set(field, to: nil, stamp: stamp) }
        }
        for write in row.writes { change.set(write.field, to: write.value, stamp: stamp) }
        return change
    }

    /// A change setting `writes` on `record`. With `wholeRecord`, every field
    /// is written with the one stamp, so the newest write replaces the whole
    /// record: last-writer-wins per record rather than per field.
    public mutating func update(of record: Record, writes: [FieldWrite], wholeRecord: Bool) -> Record {
        let stamp = stamp()
        var change = Record(id: record.id, entity: record.entity, schema: schema)
        if app.editsRevive {
            // The edit travels as the whole record, as a re-upload does, so
            // a replica that no longer holds it gets every field back.
            change.markCreated(stamp)
            change.fields = record.fields
        }
        if wholeRecord {
            for field in record.fields.indices { change.set(field, to: record.value(field), stamp: stamp) }
        }
        for write in writes { change.set(write.field, to: write.value, stamp: stamp) }
        return change
    }

    /// A change deleting `record` as this replica sees it.
    public func deletion(of record: Record) -> Record {
        var change = Record(id: record.id, entity: record.entity, schema: schema)
        change.markDeleted(observing: record)
        return change
    }

    /// A change adding `target` to `record`'s relation; for a to-one
    /// relation, replacing what it held (the removal observes every target
    /// the device sees, so a concurrent set elsewhere survives, and the
    /// later of the two shows: ``ObservedRemoveSet/latest``).
    public mutating func link(_ record: Record, relation: Int, to target: RecordID) -> Record {
        var change = Record(id: record.id, entity: record.entity, schema: schema)
        if !schema[record.entity].relations[relation].toMany {
            change.relations[relation].remove(tags: record.relations[relation].liveTags)
        }
        change.relations[relation].add(target, tag: stamp())
        return change
    }

    /// Commits changes by merging them in; returns them sorted by id.
    public mutating func commitMerging(_ changes: [Record]) throws(StoreError) -> [Record] {
        let merged = Self.combined(changes)
        try store.commit(Transaction(merged.map(StoreOperation.merge)))
        return merged
    }

    /// Changes to one record joined into one, sorted by id, as a change set
    /// holds them.
    public static func combined(_ changes: [Record]) -> [Record] {
        if zip(changes, changes.dropFirst()).allSatisfy({ $0.id < $1.id }) { return changes }
        // Each record's changes consecutive, joined in order; no table of
        // records to copy in and out.
        let order = changes.positionsInIDOrder { $0.id }
        var joined: [Record] = []
        joined.reserveCapacity(order.count)
        for position in order {
            if let last = joined.last, last.id == changes[position].id {
                joined[joined.count - 1].merge(changes[position])
            } else {
                joined.append(changes[position])
            }
        }
        return joined
    }

    /// Makes the hybrid clock observe every stamp in a remote change set.
    public mutating func observeStamps(of changeSet: ChangeSet) {
        for change in changeSet.changes {
            if let stamp = change.maxStamp { clock.observe(stamp, atTrueMicros: nowMicros) }
        }
    }
}
