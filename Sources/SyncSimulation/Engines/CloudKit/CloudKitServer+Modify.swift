import SyncModel

extension CloudKitServer {
    /// What one item of a batch will do, decided against the zone as it was
    /// before the batch.
    private enum Step {
        case write(Record)
        case remove
        case nothing
        case fail(CloudKitServerError)

        var error: CloudKitServerError? {
            if case .fail(let error) = self { error } else { nil }
        }
    }

    /// Saves and deletes records in one request: `CKModifyRecordsOperation`
    /// with `recordsToSave`, `recordIDsToDelete`, `savePolicy` and
    /// `isAtomic`, run by the server at `now` (virtual time, which only moves
    /// forward).
    ///
    /// - Each save follows `policy` (see ``CloudKitSavePolicy``). A save of a
    ///   name the zone does not hold creates the record from its whole
    ///   payload when it carries no base tag; with a base tag the record was
    ///   deleted, and the save fails with `unknownItem` (under
    ///   `changedKeys`/`allKeys` as ``CloudKitServerSettings`` says). A
    ///   save with no base tag of a name the zone holds is a second
    ///   creator: under `ifServerRecordUnchanged` it fails with
    ///   `serverRecordChanged` (or as ``CloudKitNewRecordConflict`` says).
    /// - Deletes are by name with no tag comparison (`recordIDsToDelete`
    ///   carries no tags), so a delete wins over any edit it never saw. A
    ///   missing name answers as ``CloudKitServerSettings`` says.
    /// - `atomic` (documented for `isAtomic` in a zone with the `atomic`
    ///   capability, which custom zones have): when any item fails, nothing
    ///   is applied, the failing items keep their own errors and every other
    ///   item fails with `batchRequestFailed`. Otherwise items succeed and
    ///   fail separately (`partialFailure`); successes apply saves first,
    ///   then deletes, each in request order, each with the next zone change
    ///   counter.
    ///
    /// One batch must not name a record twice: Apple defines no order
    /// between two items of one request, so such a batch is a caller's bug.
    public mutating func modify(saves: [CloudKitRecordSave], deletes: [RecordID], policy: CloudKitSavePolicy,
                                atomic: Bool, atMicros now: Int64) -> CloudKitModifyResult {
        precondition(now >= clockMicros, "server time went backwards: \(now) after \(clockMicros)")
        let names = saves.map(\.name) + deletes
        precondition(Set(names).count == names.count, "one batch names a record twice: \(names.sorted())")
        clockMicros = now

        let saveSteps = saves.map { withLinks(of: $0, step(for: $0, policy: policy)) }
        let deleteSteps = deletes.map(step(forDeleteOf:))
        let failed = (saveSteps + deleteSteps).contains { $0.error != nil }
        if atomic && failed {
            return CloudKitModifyResult(
                saves: saveSteps.map { .failure($0.error ?? .batchRequestFailed) },
                deletes: deleteSteps.map { .failure($0.error ?? .batchRequestFailed) })
        }

        var saveResults: [Result<CloudKitServerRecord, CloudKitServerError>] = []
        for step in saveSteps {
            switch step {
            case .write(let payload): saveResults.append(.success(store(payload, atMicros: now)))
            case .fail(let error): saveResults.append(.failure(error))
            case .remove, .nothing: preconditionFailure("a save planned as a delete")
            }
        }
        var deleteResults: [Result<RecordID, CloudKitServerError>] = []
        for (name, step) in zip(deletes, deleteSteps) {
            switch step {
            case .remove:
                remove(name)
                deleteResults.append(.success(name))
            case .nothing: deleteResults.append(.success(name))
            case .fail(let error): deleteResults.append(.failure(error))
            case .write: preconditionFailure("a delete planned as a save")
            }
        }
        return CloudKitModifyResult(saves: saveResults, deletes: deleteResults)
    }

    private func step(for save: CloudKitRecordSave, policy: CloudKitSavePolicy) -> Step {
        guard let current = recordsByName[save.name] else {
            guard save.baseChangeTag != nil else { return .write(save.record) }
            switch (policy, settings.missingRecordOverwrite) {
            case (.ifServerRecordUnchanged, _), (_, .unknownItem): return .fail(.unknownItem(name: save.name))
            case (.changedKeys, .recreates), (.allKeys, .recreates): return .write(save.record)
            }
        }
        precondition(current.payload.entity == save.record.entity, "record \(save.name) saved as another entity")
        switch policy {
        case .ifServerRecordUnchanged:
            // A new record (no tag) whose name exists: CloudKit answers
            // serverRecordChanged with its record (forum thread 782333);
            // SQLiteData's mock refuses it instead (``CloudKitNewRecordConflict``).
            if save.baseChangeTag == nil && settings.newRecordOverwrites { return .write(save.record) }
            if save.baseChangeTag == nil && settings.newRecordConflict == .serverRejectedRequest {
                return .fail(.serverRejectedRequest(name: save.name))
            }
            guard save.baseChangeTag == current.changeTag else { return .fail(.serverRecordChanged(serverRecord: current)) }
            return .write(save.changedKeys.write(save.record, over: current.payload))
        case .changedKeys:
            return .write(save.changedKeys.write(save.record, over: current.payload))
        case .allKeys:
            let keys = CloudKitRecordKeys.present(in: save.record).union(save.changedKeys)
            return .write(keys.write(save.record, over: current.payload))
        }
    }

    /// A save's link changes applied to what its keys write
    /// (``CloudKitLinkRecords``); a failing save stays failed.
    private func withLinks(of save: CloudKitRecordSave, _ step: Step) -> Step {
        guard case .write(let payload) = step else { return step }
        return .write(CloudKitLinkRecords.applying(save, to: payload))
    }

    private func step(forDeleteOf name: RecordID) -> Step {
        if recordsByName[name] != nil { return .remove }
        switch settings.missingRecordDelete {
        case .unknownItem: return .fail(.unknownItem(name: name))
        case .succeeds: return .nothing
        }
    }

    /// Stores `payload` as the latest version of its record, with a new tag.
    private mutating func store(_ payload: Record, atMicros now: Int64) -> CloudKitServerRecord {
        let previous = recordsByName[payload.id]
        let counter = noteChange(of: payload.id, previousCounter: previous?.changeTag.rawValue ?? tombstones[payload.id])
        tombstones[payload.id] = nil
        let record = CloudKitServerRecord(payload: payload, changeTag: CloudKitChangeTag(rawValue: counter),
                                          creationMicros: previous?.creationMicros ?? now, modificationMicros: now)
        recordsByName[payload.id] = record
        return record
    }

    private mutating func remove(_ name: RecordID) {
        guard let previous = recordsByName.removeValue(forKey: name) else {
            preconditionFailure("deleting record \(name), which the zone does not hold")
        }
        tombstones[name] = noteChange(of: name, previousCounter: previous.changeTag.rawValue)
    }
}
