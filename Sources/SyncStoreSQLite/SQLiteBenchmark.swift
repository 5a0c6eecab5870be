import Foundation
import SyncModel
import SyncStore

/// Measures what the store layer costs: the same changes applied through
/// ``SQLiteStore`` and through a bare SQLite loop that does the SQL work
/// the store cannot avoid, in transactions of the same size, on the same
/// kind of database. The ratio is the overhead of SyncSim's store over
/// SQLite.
///
/// The bare loop is fair: to apply a change to a stored row, any store must
/// read the row by id and write the new version with its key column. So per
/// row it runs `SELECT body FROM records WHERE id = ?` (a cached prepared
/// statement, the body's bytes touched but not copied) and then
/// `INSERT … ON CONFLICT(id) DO UPDATE` of the new row, already encoded,
/// with its key; one `BEGIN IMMEDIATE` transaction per batch; the store's
/// table and `UNIQUE` index shape; the same ``SQLiteConnection`` and so the
/// same pragmas. It does not decode, merge, encode, check keys, digest or
/// count: that is the store's own work, the overhead being measured.
public enum SQLiteBenchmark {
    /// What one run measured.
    public struct Result: Sendable {
        /// Changes applied by each loop: the creates plus the updates.
        public let records: Int
        /// Changes per transaction.
        public let batch: Int
        /// Time through ``SQLiteStore``, in seconds.
        public let storeSeconds: Double
        /// Time of the bare SQLite loop, in seconds.
        public let rawSeconds: Double
        /// Changes per second through the store.
        public var storeRecordsPerSecond: Double { Double(records) / storeSeconds }
        /// Changes per second through the bare loop.
        public var rawRecordsPerSecond: Double { Double(records) / rawSeconds }
        /// How many times slower the store is than the bare loop.
        public var overhead: Double { storeSeconds / rawSeconds }
    }

    /// `records` new `User` records, committed `batch` at a time, then the
    /// same number of field updates to them. `directory` nil: in memory.
    public static func run(records: Int, batch: Int, directory: String?) throws(StoreError) -> Result {
        precondition(records >= 1 && batch >= 1, "bad benchmark size")
        let schema = Schema(entities: [EntitySchema(name: "User", fields: ["email", "name", "city"], uniqueKeys: [["email"]])])
        let replica = ReplicaID(0)
        let creates = (0 ..< records).map { number -> Record in
            var record = Record(id: RecordID(high: UInt64(number) &* 0x9e37_79b9_7f4a_7c15, low: UInt64(number)), entity: EntityIndex(0), schema: schema)
            let stamp = Timestamp(wallMicros: Int64(number), counter: 0, replica: replica)
            record.markCreated(stamp)
            record.set(0, to: .string("user\(number)@example.com"), stamp: stamp)
            record.set(1, to: .string("Name \(number)"), stamp: stamp)
            record.set(2, to: .string("City \(number % 50)"), stamp: stamp)
            return record
        }
        let updates = creates.map { create -> Record in
            var change = Record(id: create.id, entity: create.entity, schema: schema)
            change.set(2, to: .string("Moved"), stamp: Timestamp(wallMicros: Int64(records) + 1, counter: 0, replica: replica))
            return change
        }
        let storePath = directory.map { "\($0)/benchmark-store.sqlite" } ?? ":memory:"
        let rawPath = directory.map { "\($0)/benchmark-raw.sqlite" } ?? ":memory:"
        defer {
            for path in [storePath, rawPath] where path != ":memory:" {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
        }

        // Through SQLiteStore: each batch is one transaction of merges.
        let store = try SQLiteStore(schema: schema, enforcesUniqueness: true, path: storePath)
        let storeStart = ContinuousClock.now
        for changes in [creates, updates] {
            for start in stride(from: 0, to: changes.count, by: batch) {
                let slice = changes[start ..< min(start + batch, changes.count)]
                try store.commit(Transaction(slice.map(StoreOperation.merge)))
            }
        }
        let storeSeconds = (ContinuousClock.now - storeStart) / .seconds(1)

        // The bare loop: the same table shape and the same final bytes, a read
        // by id and an upsert per row, nothing decoded, merged or counted.
        let rawSeconds: Double
        do {
            // The store's own table and statements, from the one place it
            // builds them, so both loops run the same SQL.
            let table = SQLiteStoreTable(schema: schema)
            let connection = try SQLiteConnection(path: rawPath)
            for sql in table.creation(unique: true) { try connection.execute(sql) }
            let read = try connection.statement(table.read)
            let upsert = try connection.statement(table.upsert)
            let email = UniqueKeyID(entity: EntityIndex(0), key: 0)
            let rows = (creates + creates.indices.map { creates[$0].merged(with: updates[$0]) }).map { record in
                let id = SQLiteStatement.Value.blob(SQLiteStore.idBytes(record.id))
                return (id: [id], values: [id, .int(0), .blob(record.encoded()),
                                           .blob(NaturalKey(record: record, uniqueKey: email, schema: schema)!.encodedValues())])
            }
            var found = 0
            let rawStart = ContinuousClock.now
            for start in stride(from: 0, to: rows.count, by: batch) {
                try connection.transaction {
                    for row in rows[start ..< min(start + batch, rows.count)] {
                        try read.query(row.id) { stored in found += stored.withBlob(0) { $0.isEmpty ? 0 : 1 } }
                        try upsert.run(row.values)
                    }
                }
            }
            rawSeconds = (ContinuousClock.now - rawStart) / .seconds(1)
            // Each create found no row, each update found its create.
            precondition(found == records, "the bare loop read \(found) stored rows, not \(records)")
        } catch {
            throw StoreError(code: .storage, message: "\(error)")
        }
        return Result(records: 2 * records, batch: batch, storeSeconds: storeSeconds, rawSeconds: rawSeconds)
    }
}
