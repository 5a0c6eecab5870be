import SyncModel

extension CloudKitServer {
    /// The zone's changes after `token`: `CKFetchRecordZoneChangesOperation`
    /// with `previousServerChangeToken`, all batches at once.
    ///
    /// Documented: a fetch returns "only the changes that occur after that
    /// point", a nil token fetches the zone's whole history, and each changed
    /// record comes as the record, so many edits arrive as one version. A
    /// name deleted since the token is listed as deleted even when the
    /// device never saw it (a record created and deleted between two fetches
    /// appears only as deleted); a name deleted and created again appears
    /// only as changed. A nil token therefore lists every tombstone too,
    /// which a device with no data ignores.
    ///
    /// With `limit`, one page: the first `limit` changes in zone order (each
    /// record at its last save, each deletion at its delete), the token
    /// after the last of them, and `moreComing` when more follow. A record
    /// saved again after a delete sits after the delete, so a device can
    /// take the delete of one copy a page before the copy that replaced it.
    public func fetchChanges(since token: CloudKitChangeToken?, limit: Int? = nil) -> CloudKitZoneChanges {
        let after = token?.counter ?? 0
        precondition(after <= changeCounter, "change token \(after) is ahead of the zone (\(changeCounter))")
        var changed: [CloudKitServerRecord] = []
        var deleted: [RecordID] = []
        let start = firstIndex(after: after)
        let end = limit.map { min(changeIndex.count, start + $0) } ?? changeIndex.count
        for entry in changeIndex[start ..< end] {
            if let record = recordsByName[entry.name] {
                precondition(record.changeTag.rawValue == entry.counter, "change index out of date for \(entry.name)")
                changed.append(record)
            } else {
                precondition(tombstones[entry.name] == entry.counter, "change index out of date for \(entry.name)")
                deleted.append(entry.name)
            }
        }
        guard end < changeIndex.count else { return CloudKitZoneChanges(changed: changed, deletedNames: deleted, token: currentToken) }
        return CloudKitZoneChanges(changed: changed, deletedNames: deleted, token: CloudKitChangeToken(counter: changeIndex[end - 1].counter),
                                   moreComing: true)
    }

    /// Takes the next zone change counter for `name`, moving its entry in
    /// the change index from `previousCounter` to the new counter.
    mutating func noteChange(of name: RecordID, previousCounter: UInt64?) -> UInt64 {
        if let previousCounter {
            let index = firstIndex(after: previousCounter - 1)
            precondition(index < changeIndex.count && changeIndex[index] == ChangeEntry(counter: previousCounter, name: name),
                         "change index lost record \(name)")
            changeIndex.remove(at: index)
        }
        changeCounter += 1
        changeIndex.append(ChangeEntry(counter: changeCounter, name: name))
        return changeCounter
    }

    /// The first change index position whose counter is above `counter`.
    private func firstIndex(after counter: UInt64) -> Int {
        changeIndex.partitioningIndex { $0.counter <= counter }
    }
}
