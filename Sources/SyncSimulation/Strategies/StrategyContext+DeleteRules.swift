import SyncModel
import SyncStore

/// Delete rules, applied by the app that deletes, in the same save, as
/// Core Data applies them when a context deletes an object (documented;
/// docs/sources/dedupe-and-deletes.md, item 5). A relationship's own rule
/// acts on its targets when an owning record is deleted; its inverse's
/// rule acts on the owning records when a target is deleted. A relationship
/// with no inverse leaves references to a deleted target as they are
/// (`noAction`). The nullifications and cascaded deletes are ordinary
/// changes of the save and travel with it; a device that receives the
/// delete does not run the rules again (docs/MODEL.md, "Relationships").
extension StrategyContext {
    /// The changes deleting `record` makes: its deletion, the deletions
    /// cascading from it, and the links nullified; or a refusal when a
    /// `deny` rule meets a live record that is not itself being deleted.
    func deletionApplyingRules(of record: Record) -> Result<[Record], StoreError> {
        let doomed = cascade(from: record)
        let ids = doomed.keys.sorted()
        for id in ids {
            if let refusal = denial(deleting: doomed[id]!, doomed: doomed) { return .failure(refusal) }
        }
        var changes = ids.map { deletion(of: doomed[$0]!) }
        for id in ids {
            for end in schema.inverses(of: doomed[id]!.entity) where end.inverse.deleteRule == .nullify {
                for owner in owners(of: id, through: end) where doomed[owner.id] == nil {
                    var change = Record(id: owner.id, entity: owner.entity, schema: schema)
                    change.relations[end.relation].remove(tags: owner.relations[end.relation].liveTags(of: id))
                    changes.append(change)
                }
            }
        }
        return .success(changes)
    }

    /// `record` and every live record a `cascade` rule reaches from it,
    /// either way along a relationship, by id.
    private func cascade(from record: Record) -> [RecordID: Record] {
        var doomed = [record.id: record]
        var pending = [record]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            var reached: [Record] = []
            for (index, relation) in schema[next.entity].relations.enumerated() where relation.deleteRule == .cascade {
                reached += next.targets(of: index, schema: schema).compactMap(stillLive)
            }
            for end in schema.inverses(of: next.entity) where end.inverse.deleteRule == .cascade {
                reached += owners(of: next.id, through: end)
            }
            for other in reached where doomed[other.id] == nil {
                doomed[other.id] = other
                pending.append(other)
            }
        }
        return doomed
    }

    /// Core Data's `NSValidationRelationshipDeniedDeleteError`: a `deny`
    /// rule of `record`'s meets a live record outside the delete.
    private func denial(deleting record: Record, doomed: [RecordID: Record]) -> StoreError? {
        let entity = schema[record.entity]
        for (index, relation) in entity.relations.enumerated() where relation.deleteRule == .deny {
            if record.targets(of: index, schema: schema).contains(where: { stillLive($0) != nil && doomed[$0] == nil }) {
                return StoreError(code: .deleteDenied, message: "\(entity.name).\(relation.name) has the deny rule and still holds a record")
            }
        }
        for end in schema.inverses(of: record.entity) where end.inverse.deleteRule == .deny {
            if owners(of: record.id, through: end).contains(where: { doomed[$0.id] == nil }) {
                return StoreError(code: .deleteDenied, message: "\(entity.name).\(end.inverse.name) has the deny rule and still holds a record")
            }
        }
        return nil
    }

    /// The live records of `end`'s owning entity whose relationship holds
    /// `target`, sorted by id: what the inverse shows on `target`.
    func owners(of target: RecordID, through end: Schema.InverseEnd) -> [Record] {
        guard let ids = store.owners(of: target, entity: end.owner, relation: end.relation) else { return scannedOwners(of: target, through: end) }
        let owners = ids.compactMap { store.record($0) }
        // Debug builds (every test run) check the store's index against a read of every record.
        assert(owners.map(\.id) == scannedOwners(of: target, through: end).map(\.id), "the store's index of owners disagrees with its records")
        return owners
    }

    /// ``owners(of:through:)`` from every record, for a store without an index of owners.
    private func scannedOwners(of target: RecordID, through end: Schema.InverseEnd) -> [Record] {
        store.allRecords().filter { owner in
            owner.entity == end.owner && owner.isLive && owner.relations[end.relation].elements.contains(target)
        }
    }
}

extension StrategyContext {
    /// `deleteRulesOnImport`: the rules applied to what an import left
    /// pointing at a deleted record, as if the device had made the delete
    /// itself: a live record whose relationship holds a deleted target is
    /// nullified or deleted per the inverse's rule, and a deleted owner's
    /// live targets are deleted where its relationship cascades. `deny`
    /// and `noAction` leave things as they are: an import cannot refuse a
    /// delete another device made. A link to a record that has not arrived
    /// is pending, not stale, and is left alone. Commits what it changes
    /// and returns it (to replicate). Choice, both ways a setting: no
    /// source says what NSPersistentCloudKitContainer does on import.
    mutating func applyDeleteRulesAfterImport() -> [Record] {
        guard schema.entities.contains(where: { $0.relations.contains { $0.inverse != nil || $0.deleteRule == .cascade } }) else { return [] }
        let findings = ruleFindings(in: recordsTouchedSinceLastPass())
        var changes = findings.changes
        let deleting = findings.deleting
        // Debug builds (every test run) check the records the imports
        // touched against a read of every record.
        assert({
            let everything = ruleFindings(in: store.allRecords())
            return everything.changes == changes && everything.deleting == deleting
        }(), "the delete rules after an import found other work in the records touched than in every record")
        for id in deleting.keys.sorted() where stillLive(id) != nil {
            switch deletionApplyingRules(of: deleting[id]!) {
            case .success(let cascaded): changes += cascaded
            // A deny rule further on cannot refuse what another device's
            // delete set off: the record goes, its own rules unapplied.
            case .failure: changes.append(deletion(of: deleting[id]!))
            }
        }
        guard !changes.isEmpty else { return [] }
        do {
            return try commitMerging(changes)
        } catch {
            preconditionFailure("a store refused the delete rules of an import: \(error)")
        }
    }

    /// What the rules would do to `records` (sorted by id), read as an
    /// import left them: the nullifications, in order, and the records to
    /// delete.
    private func ruleFindings(in records: [Record]) -> (changes: [Record], deleting: [RecordID: Record]) {
        var changes: [Record] = []
        var deleting: [RecordID: Record] = [:]
        for record in records {
            for (index, relation) in schema[record.entity].relations.enumerated() {
                if record.isLive {
                    for target in record.relations[index].elements {
                        guard let stored = store.record(target), !stored.isLive else { continue }
                        switch relation.inverse?.deleteRule {
                        case .nullify?:
                            var change = Record(id: record.id, entity: record.entity, schema: schema)
                            change.relations[index].remove(tags: record.relations[index].liveTags(of: target))
                            changes.append(change)
                        case .cascade?:
                            deleting[record.id] = record
                        case .deny?, .noAction?, nil:
                            break
                        }
                    }
                } else if relation.deleteRule == .cascade {
                    for target in record.targets(of: index, schema: schema) {
                        if let live = stillLive(target) { deleting[live.id] = live }
                    }
                }
            }
        }
        return (changes, deleting)
    }

    /// The records an import can have left pointing at a deleted record, or
    /// deleted with a live target, sorted by id: those commits touched since
    /// the last pass and every record linking to one of them (the store's
    /// index of owners). Any other record is as the last pass left it,
    /// which acted on all it could. The first pass on a store, and every
    /// pass on a store that keeps no list or no index, reads every record.
    private mutating func recordsTouchedSinceLastPass() -> [Record] {
        guard let touched = store.takeTouchedRecords() else {
            store.startTouchedRecords()
            return store.allRecords()
        }
        return records(touched, andThoseLinkingTo: touched) ?? store.allRecords()
    }
}
