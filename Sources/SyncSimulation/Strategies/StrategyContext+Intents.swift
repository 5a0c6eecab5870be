import SyncModel
import SyncStore

extension StrategyContext {
    /// Update, delete and link, as every strategy's application code does
    /// them: fetch by natural key, act on the first live record, save.
    /// `wholeRecordUpdates` makes an update rewrite every field (`lww`).
    mutating func performOnFetched(_ intent: Intent, wholeRecordUpdates: Bool) -> IntentOutcome {
        let change: Record
        switch intent {
        case .save:
            preconditionFailure("saves are each strategy's own business")
        case .update(let key, let writes):
            guard let record = firstLive(key) else { return .missed }
            change = update(of: record, writes: writes, wholeRecord: wholeRecordUpdates)
        case .delete(let key):
            guard let record = firstLive(key) else { return .missed }
            change = deletion(of: record)
        case .link(let key, let relation, let targetKey):
            guard let record = firstLive(key), let target = firstLive(targetKey) else { return .missed }
            change = link(record, relation: relation, to: target.id)
        }
        do {
            return .saved(changes: try commitMerging([change]))
        } catch {
            return .rejected(error)
        }
    }

    /// "Fetch by key; update the match, else insert" for each row, in one
    /// transaction (seed 000's correct upsert). Rows of one key later in the
    /// same save find the record an earlier row created. `newID` names a
    /// record the fetch did not find.
    mutating func upsert(_ rows: [Row], newID: (Row, inout StrategyContext) -> RecordID) -> IntentOutcome {
        var changes: [Record] = []
        var createdInThisSave: [NaturalKey: Record] = [:]
        for row in rows {
            let key = row.identityKey(schema: schema)
            let found = key.flatMap { createdInThisSave[$0] ?? firstLive($0) }
            if let found {
                let entity = schema[row.entity]
                let writes = row.writes.filter { !entity.isKeyField($0.field) }
                changes.append(update(of: found, writes: writes, wholeRecord: false))
            } else {
                let id = newID(row, &self)
                var created = creation(of: row, id: id, writingUnsetFields: store.record(id) != nil)
                if let deleted = store.record(id) {
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
        do {
            return .saved(changes: try commitMerging(changes))
        } catch {
            return .rejected(error)
        }
    }

    /// Merges a remote change set whole; used by the strategies without a
    /// unique constraint, for which a merge cannot fail.
    mutating func mergeRemote(_ changeSet: ChangeSet) -> RemoteOutcome {
        do {
            try store.commit(Transaction(changeSet.changes.map(StoreOperation.merge)))
            return .applied(missedChanges: 0)
        } catch {
            return .rejected(error)
        }
    }
}
