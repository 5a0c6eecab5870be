import SyncModel

/// What devices and the CloudKit server say to each other: a zone changes
/// fetch (`CKFetchRecordZoneChangesOperation`) and a modify request
/// (`CKModifyRecordsOperation`), each with its answer.
///
/// Requests carry the device that sent them and a request number, counted
/// per device and per kind: the device takes only the answer to the
/// request it is waiting for, and the server answers each request once.
/// CloudKit's requests travel over HTTPS, whose transport never hands the
/// server one request twice; a copy the simulated network duplicates stands
/// for such a retransmission and is dropped (no source; a modelling choice).
public enum CloudKitMessage: EngineMessage {
    /// "Send me the zone's changes after `token`" (nil: all of them).
    case fetch(device: ReplicaID, request: UInt64, since: CloudKitChangeToken?)
    /// The answer: each changed record once, the deleted names, the new token.
    case changes(request: UInt64, CloudKitZoneChanges)
    /// Saves and deletes under one save policy, atomic or not.
    case modify(device: ReplicaID, request: UInt64, saves: [CloudKitRecordSave], deletes: [RecordID],
                policy: CloudKitSavePolicy, atomic: Bool)
    /// The answer, item by item.
    case modifyResult(request: UInt64, CloudKitModifyResult)

    /// A fetch changes nothing by itself (its answer is computed on
    /// arrival); every other message may.
    public var carriesChanges: Bool {
        switch self {
        case .fetch: false
        case .changes(_, let changes): !changes.isEmpty
        case .modify, .modifyResult: true
        }
    }

    /// Estimated bytes on the wire: a 16-byte header; per record its
    /// payload's estimate (``estimatedBytes(of:)``) plus 16 for its change tag and
    /// dates (8 for a save's base tag); 16 per name deleted or failed
    /// without a record; 8 for a token.
    public var sizeBytes: Int {
        switch self {
        case .fetch:
            return 16 + 8
        case .changes(_, let changes):
            return 16 + 8 + changes.changed.reduce(0) { $0 + 16 + Self.estimatedBytes(of: $1.payload) } + 16 * changes.deletedNames.count
        case .modify(_, _, let saves, let deletes, _, _):
            return 16 + saves.reduce(0) { $0 + 8 + Self.estimatedBytes(of: $1.record) } + 16 * deletes.count
        case .modifyResult(_, let result):
            let saves = result.saves.reduce(0) { total, answer in
                switch answer {
                case .success(let record), .failure(.serverRecordChanged(let record)): total + 16 + Self.estimatedBytes(of: record.payload)
                case .failure: total + 16
                }
            }
            return 16 + saves + 16 * result.deletes.count
        }
    }

    /// A record's estimated size: 24 bytes of name and type, 20 per stamp
    /// of its existence, 24 per written field plus the value's bytes, 36
    /// per link and 20 per removed link tag (the peer engine's estimate of
    /// a change, so the two engines' byte counts compare).
    static func estimatedBytes(of record: Record) -> Int {
        var size = 24 + 20 * (record.creations.count + record.deletedCreations.count)
        for register in record.fields {
            guard let register else { continue }
            size += 24
            switch register.value {
            case .string(let text)?: size += text.utf8.count
            case .int?: size += 8
            case nil: break
            }
        }
        for set in record.relations {
            size += set.adds.count * 36 + set.removedTags.count * 20
        }
        return size
    }
}
