import SyncModel
import SyncStore

/// The intent helpers every built-in strategy is written with, public so
/// that a strategy of your own (``StrategyRegistry``) is too. A strategy's
/// `save` usually hands updates, deletes and links to ``saveAddressed(_:fetched:wholeRecordUpdates:)``
/// and decides only how a save (an insert) finds or makes its record: with
/// ``upsert(_:fetched:newID:)``, or by building changes with ``creation(of:id:writingUnsetFields:)``
/// and committing them with ``commitLocal(_:)``. A strategy whose records
/// merge without refusals applies remote change sets with ``mergeRemote(_:)``.
extension StrategyContext {
    /// The fetch of an update, delete or link: the first live record of
    /// each key it names. A save's fetch: the first live record of each
    /// row's identity key.
    public func fetchAddressed(_ intent: Intent) -> Fetched {
        switch intent {
        case .save(let rows):
            return Fetched(records: rows.map { row in row.identityKey(schema: schema).flatMap { firstLive($0)?.id } })
        case .update(let key, _), .delete(let key):
            return Fetched(records: [firstLive(key)?.id])
        case .link(let key, _, let target):
            return Fetched(records: [firstLive(key)?.id, firstLive(target)?.id])
        }
    }

    /// The record a fetch returned, if it is still live: an app saving
    /// changes to an object deleted meanwhile saves nothing.
    public func stillLive(_ id: RecordID?) -> Record? {
        id.flatMap { store.record($0) }.flatMap { $0.isLive ? $0 : nil }
    }

    /// The save of an update, delete or link, as every strategy's app does
    /// it: act on the record fetched. `wholeRecordUpdates` makes an update
    /// rewrite every field (`lww`).
    public mutating func saveAddressed(_ intent: Intent, fetched: Fetched, wholeRecordUpdates: Bool) -> IntentOutcome {
        let change: Record
        switch intent {
        case .save:
            preconditionFailure("saves are each strategy's own business")
        case .update(_, let writes):
            guard let record = stillLive(fetched.records[0]) else { return .missed }
            change = update(of: record, writes: writes, wholeRecord: wholeRecordUpdates)
        case .delete:
            guard let record = stillLive(fetched.records[0]) else { return .missed }
            switch deletionApplyingRules(of: record) {
            case .success(let changes): return commitLocal(changes)
            case .failure(let refusal): return .rejected(refusal)
            }
        case .link(_, let relation, _):
            guard let record = stillLive(fetched.records[0]), let target = stillLive(fetched.records[1]) else { return .missed }
            change = link(record, relation: relation, to: target.id)
        }
        return commitLocal([change])
    }

    /// "Update the match, else insert" for each row, in one transaction
    /// (seed 000's correct upsert), from what the fetch found. A row whose
    /// fetch found nothing is inserted even if another writer has inserted
    /// its key since: that is the race. Rows of one key later in the same
    /// save find the record an earlier row created. `newID` names a new record.
    public mutating func upsert(_ rows: [Row], fetched: Fetched, newID: (Row, inout StrategyContext) -> RecordID) -> IntentOutcome {
        var changes: [Record] = []
        var createdInThisSave: [NaturalKey: Record] = [:]
        for (index, row) in rows.enumerated() {
            let key = row.identityKey(schema: schema)
            let found = key.flatMap { createdInThisSave[$0] } ?? stillLive(fetched.records[index])
            if let found {
                let entity = schema[row.entity]
                let writes = row.writes.filter { !entity.isKeyField($0.field) }
                changes.append(update(of: found, writes: writes, wholeRecord: false))
            } else {
                let id = newID(row, &self)
                let deleted = store.record(id).flatMap { $0.isLive ? nil : $0 }
                var created = creation(of: row, id: id, writingUnsetFields: deleted != nil)
                if let deleted {
                    // Creating again a record that was deleted (a derived id)
                    // clears what the deleted one held: its fields (above) and
                    // its links, as a fresh record has none.
                    for relation in deleted.relations.indices {
                        for target in deleted.relations[relation].elements {
                            created.relations[relation].remove(tags: deleted.relations[relation].liveTags(of: target))
                        }
                    }
                }
                changes.append(created)
                if let key { createdInThisSave[key] = created }
            }
        }
        return commitLocal(changes)
    }

    /// ``upsert(_:fetched:newID:)`` with a new record's id derived from the
    /// row's identity key (`crdt`, `keyid`): every replica's create of one
    /// key is the same record. An app version without the keys has no key
    /// to derive from and makes a random id.
    public mutating func upsertByKeyDerivedID(_ rows: [Row], fetched: Fetched) -> IntentOutcome {
        upsert(rows, fetched: fetched) { row, context in
            guard context.app.declaresUniqueKeys, let key = row.identityKey(schema: context.schema) else { return context.randomRecordID() }
            return key.derivedRecordID(schema: context.schema)
        }
    }

    /// Commits a local save's changes by merging them in; an app that
    /// saves unconditionally (``AppSettings/localSavesOverwrite``) writes
    /// its fields over the stored ones whatever their stamps.
    public mutating func commitLocal(_ changes: [Record]) -> IntentOutcome {
        do {
            return .saved(changes: try app.localSavesOverwrite ? commitOverwriting(changes) : commitMerging(changes))
        } catch {
            return .rejected(error)
        }
    }

    /// Commits changes so that every field they write holds their value,
    /// even where the stored record has a later stamp; existence and links
    /// join as in a merge.
    private mutating func commitOverwriting(_ changes: [Record]) throws(StoreError) -> [Record] {
        let combined = Self.combined(changes)
        let operations = combined.map { change -> StoreOperation in
            guard var stored = store.record(change.id) else { return .merge(change) }
            stored.merge(change)
            for index in change.fields.indices where change.fields[index] != nil { stored.fields[index] = change.fields[index] }
            return .replace(stored)
        }
        try store.commit(Transaction(operations))
        return combined
    }

    /// Merges a remote change set whole; used by the strategies without a
    /// unique constraint, for which a merge cannot fail.
    public mutating func mergeRemote(_ changeSet: ChangeSet) -> RemoteOutcome {
        do {
            try store.commit(Transaction(changeSet.changes.map(StoreOperation.merge)))
            return .applied(missedChanges: 0)
        } catch {
            return .rejected(error)
        }
    }
}
