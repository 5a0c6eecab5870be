import SyncModel
import SyncSimulation

/// Users of `Fixtures.schema` (email, name, city; unique by email) as device
/// payloads for the CloudKit server, and the modify calls the tests repeat.
enum CloudKitServerFixtures {
    /// A live user record named `rid(name)`; every field written at `stamp`.
    static func user(_ name: UInt64, email: String?, userName: String? = nil, city: String? = nil,
                     stamp: Timestamp = ts(1_000)) -> Record {
        var record = Record(id: rid(name), entity: Fixtures.user, schema: Fixtures.schema)
        record.markCreated(stamp)
        if let email { record.set(Fixtures.email, to: .string(email), stamp: stamp) }
        if let userName { record.set(Fixtures.userName, to: .string(userName), stamp: stamp) }
        if let city { record.set(Fixtures.city, to: .string(city), stamp: stamp) }
        return record
    }

    /// `record` with one field rewritten at `stamp`.
    static func editing(_ record: Record, field: Int, to value: String, stamp: Timestamp) -> Record {
        var edited = record
        edited.set(field, to: .string(value), stamp: stamp)
        return edited
    }
}

extension CloudKitServer {
    /// Saves records the device believes new, one non-atomic call at `now`.
    @discardableResult
    mutating func create(_ records: [Record], atMicros now: Int64) -> CloudKitModifyResult {
        modify(saves: records.map { CloudKitRecordSave(record: $0, baseChangeTag: nil) }, deletes: [],
               policy: .ifServerRecordUnchanged, atomic: false, atMicros: now)
    }

    /// One save under `policy`, answered alone.
    mutating func save(_ save: CloudKitRecordSave, policy: CloudKitSavePolicy = .ifServerRecordUnchanged,
                       atMicros now: Int64) -> Result<CloudKitServerRecord, CloudKitServerError> {
        let result = modify(saves: [save], deletes: [], policy: policy, atomic: false, atMicros: now)
        precondition(result.saves.count == 1 && result.deletes.isEmpty, "one save, one answer")
        return result.saves[0]
    }

    /// One delete, answered alone.
    mutating func delete(_ name: RecordID, atMicros now: Int64) -> Result<RecordID, CloudKitServerError> {
        let result = modify(saves: [], deletes: [name], policy: .ifServerRecordUnchanged, atomic: false, atMicros: now)
        return result.deletes[0]
    }
}
