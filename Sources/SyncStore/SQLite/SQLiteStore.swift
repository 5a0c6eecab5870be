import Foundation
import SyncModel

/// A replica's store in a real SQLite database, in memory or in a file.
///
/// Each record is one row: its id (16 bytes, big-endian, so SQLite's byte
/// order is the ids' order), its entity, its full state, and one column per
/// unique key holding the key's value while the record is live. Under the
/// `unique:*` strategies those columns carry `UNIQUE` indexes and SQLite
/// itself refuses a second live holder (`SQLITE_CONSTRAINT_UNIQUE`); the
/// store then rolls the whole transaction back and reports the conflicts,
/// as ``MemoryStore`` does. Otherwise they are plain indexes.
///
/// The duplicate count and digest are kept up to date at each commit from
/// the rows written, and recomputed from the database when it is opened or
/// written by another connection.
///
/// `@unchecked Sendable` is safe: the connection and every cached figure
/// are private and touched only while `lock` is held (every method takes
/// it), so the store is used by one thread at a time.
public final class SQLiteStore: Store, @unchecked Sendable {
    public let schema: Schema
    /// Read under `lock`: a migration may turn it on (``addUniqueConstraints()``).
    public var enforcesUniqueness: Bool { lock.withLock { enforcing } }
    private var enforcing: Bool
    /// The database file, or `:memory:`.
    public let path: String

    private let lock = NSLock()
    private let connection: SQLiteConnection
    /// For a file: the claim on it that keeps other stores out, shared with
    /// the writers' connections (``SQLiteFileLock``); nil in memory.
    private let fileLock: SQLiteFileLock?
    private let keyColumns: [UniqueKeyID: String]
    private let uniqueKeysByEntity: [[UniqueKeyID]]
    private var commits = 0
    private var duplicates = 0
    private var stateDigest = StateDigest.zero

    /// Test hook: fail the next commit after this many row writes (or after
    /// its last, if it writes fewer), to show that nothing half-written
    /// survives a failed transaction.
    public var injectedFailureAfterWrites: Int? {
        get { lock.withLock { failureAfterWrites } }
        set { lock.withLock { failureAfterWrites = newValue } }
    }
    private var failureAfterWrites: Int?

    /// Opens the database at `path` (`:memory:` for a private in-memory one)
    /// and empties it: a run always starts from an empty store. A file that
    /// is not SQLite, cannot be written or stays locked fails here, naming
    /// it; so does a file another live store holds (``SQLiteFileLock``),
    /// which is left as it is.
    public init(schema: Schema, enforcesUniqueness: Bool, path: String = ":memory:") throws(StoreError) {
        self.schema = schema
        enforcing = enforcesUniqueness
        self.path = path
        // Claimed before the file is touched: emptying it under a live run
        // is what corrupted parallel sweeps that shared one file.
        fileLock = path == ":memory:" ? nil : try SQLiteFileLock(database: path)
        let all = schema.allUniqueKeys
        var columns: [UniqueKeyID: String] = [:]
        for (index, key) in all.enumerated() { columns[key] = "k\(index)" }
        keyColumns = columns
        uniqueKeysByEntity = schema.entities.indices.map { entity in all.filter { $0.entity.rawValue == entity } }
        do {
            connection = try SQLiteConnection(path: path)
            let keyDefinitions = all.map { ", \(columns[$0]!) BLOB" }.joined()
            try connection.execute("DROP TABLE IF EXISTS records")
            try connection.execute("CREATE TABLE records (id BLOB PRIMARY KEY, entity INTEGER NOT NULL, body BLOB NOT NULL\(keyDefinitions)) WITHOUT ROWID")
            for key in all {
                let column = columns[key]!
                let unique = enforcesUniqueness ? "UNIQUE " : ""
                try connection.execute("CREATE \(unique)INDEX records_\(column) ON records(\(column))")
            }
        } catch {
            throw StoreError(code: .storage, message: error.description)
        }
    }

    /// Another connection to the database of `store`, for a concurrent
    /// writer: its own SQLite connection, so writers meet in SQLite's
    /// locking (WAL readers see the last commit; `BEGIN IMMEDIATE` writers
    /// wait for each other up to the busy timeout).
    public init(connectingTo store: SQLiteStore) throws(StoreError) {
        precondition(store.path != ":memory:", "an in-memory database has one connection")
        schema = store.schema
        enforcing = store.enforcesUniqueness
        path = store.path
        keyColumns = store.keyColumns
        uniqueKeysByEntity = store.uniqueKeysByEntity
        fileLock = store.fileLock
        do {
            connection = try SQLiteConnection(path: path)
        } catch {
            throw StoreError(code: .storage, message: error.description)
        }
        reloadAfterOtherConnections()
    }

    /// The connection closes before the lock goes, so that the next store
    /// to take the file never meets this one's last checkpoint.
    deinit {
        connection.close()
    }

    /// Recomputes the duplicate count and digest from the rows, and counts
    /// a commit so that observers look again.
    public func reloadAfterOtherConnections() {
        lock.withLock {
            var digest = StateDigest.zero
            query("SELECT body FROM records") { row in digest = digest + decodeRecord(row.blob(0)).materialisedDigest }
            var count = 0
            for column in keyColumns.values {
                query("SELECT COALESCE(SUM(c - 1), 0) FROM (SELECT COUNT(*) AS c FROM records WHERE \(column) IS NOT NULL GROUP BY \(column) HAVING c > 1)") { row in
                    count += Int(row.int(0))
                }
            }
            stateDigest = digest
            duplicates = count
            commits += 1
        }
    }

    public var commitCount: Int { lock.withLock { commits } }
    public var duplicateCount: Int { lock.withLock { duplicates } }
    public var digest: StateDigest { lock.withLock { stateDigest } }

    public func record(_ id: RecordID) -> Record? {
        lock.withLock { read(id) }
    }

    public func liveRecordIDs(holding key: NaturalKey) -> [RecordID] {
        lock.withLock { holders(of: key) }
    }

    public func duplicatedKeys(of uniqueKey: UniqueKeyID) -> [NaturalKey] {
        lock.withLock {
            let column = keyColumns[uniqueKey]!
            var keys: [NaturalKey] = []
            query("SELECT \(column) FROM records WHERE \(column) IS NOT NULL GROUP BY \(column) HAVING COUNT(*) > 1") { row in
                keys.append(decodeKey(row.blob(0), uniqueKey))
            }
            return keys.sorted()
        }
    }

    public func allRecords() -> [Record] {
        lock.withLock {
            var records: [Record] = []
            query("SELECT body FROM records ORDER BY id") { row in records.append(decodeRecord(row.blob(0))) }
            return records
        }
    }

    /// Rebuilds each key's index as `UNIQUE`, in one transaction: SQLite
    /// refuses to build one over duplicate rows, and the rollback leaves
    /// the plain indexes as they were.
    public func addUniqueConstraints() throws(StoreError) {
        lock.lock()
        defer { lock.unlock() }
        guard !enforcing else { return }
        do {
            try connection.transaction {
                for column in keyColumns.values.sorted() {
                    try connection.execute("DROP INDEX records_\(column)")
                    try connection.execute("CREATE UNIQUE INDEX records_\(column) ON records(\(column))")
                }
            }
        } catch let failure as SQLiteError where failure.isUniqueConstraint {
            throw StoreError(code: .uniqueConstraint, message: "cannot add the unique constraints: \(failure.description)")
        } catch {
            throw StoreError(code: .storage, message: "\(path): \(error)")
        }
        enforcing = true
    }

    public func commit(_ transaction: Transaction) throws(StoreError) {
        guard !transaction.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }

        // The new version of every record the transaction touches.
        var old: [RecordID: Record] = [:]
        var staged: [RecordID: Record] = [:]
        for operation in transaction.operations {
            let id = operation.id
            if staged[id] == nil, let stored = read(id) { old[id] = stored }
            let current = staged[id] ?? old[id]
            switch operation {
            case .merge(let change): staged[id] = current.map { $0.merged(with: change) } ?? change
            case .replace(let record): staged[id] = record
            }
        }
        let order = staged.keys.sorted()
        let touchedKeys = Set(order.flatMap { liveKeys(of: staged[$0]!) + (old[$0].map(liveKeys(of:)) ?? []) }).sorted()

        var duplicateChange = 0
        do {
            try connection.transaction {
                let before = try touchedKeys.map { try countHolders(of: $0) }
                // SQLite checks a UNIQUE index at each statement, not at
                // commit. So that keys can change hands inside one transaction
                // (a swap, a chain, a delete and a re-create), the rows being
                // rewritten first let go of their keys, then all are written.
                if enforcing {
                    for id in order where old[id].map({ !liveKeys(of: $0).isEmpty }) ?? false {
                        try releaseKeys(of: id)
                    }
                }
                var writes = 0
                for id in order {
                    try injectFailureIfArmed(afterWrites: writes)
                    try write(staged[id]!)
                    writes += 1
                }
                if failureAfterWrites != nil { try injectFailureIfArmed(afterWrites: Int.max) }
                let after = try touchedKeys.map { try countHolders(of: $0) }
                duplicateChange = zip(before, after).reduce(0) { $0 + max(0, $1.1 - 1) - max(0, $1.0 - 1) }
            }
        } catch let failure as SQLiteError where failure.isUniqueConstraint && enforcing {
            throw StoreError(code: .uniqueConstraint, message: failure.description,
                             conflicts: conflicts(staged: staged, old: old, order: order))
        } catch let failure as SQLiteError {
            throw StoreError(code: .storage, message: failure.description)
        } catch {
            throw StoreError(code: .storage, message: "\(path): \(error)")
        }

        for id in order {
            stateDigest = stateDigest - (old[id]?.materialisedDigest ?? .zero) + staged[id]!.materialisedDigest
        }
        duplicates += duplicateChange
        commits += 1
    }

    // MARK: Rows

    private func write(_ record: Record) throws(SQLiteError) {
        let all = schema.allUniqueKeys
        let columns = all.map { keyColumns[$0]! }
        let sql = "INSERT INTO records (id, entity, body\(columns.map { ", \($0)" }.joined())) VALUES (?, ?, ?\(String(repeating: ", ?", count: columns.count))) "
            + "ON CONFLICT(id) DO UPDATE SET body = excluded.body\(columns.map { ", \($0) = excluded.\($0)" }.joined())"
        let keys = liveKeys(of: record)
        var values: [SQLiteStatement.Value] = [.blob(Self.idBytes(record.id)), .int(Int64(record.entity.rawValue)), .blob(record.encoded())]
        for uniqueKey in all {
            values.append(keys.first { $0.uniqueKey == uniqueKey }.map { .blob($0.encodedValues()) } ?? .null)
        }
        try connection.statement(sql).run(values)
    }

    /// Clears a row's key columns (inside a transaction that rewrites it).
    private func releaseKeys(of id: RecordID) throws(SQLiteError) {
        let columns = schema.allUniqueKeys.map { "\(keyColumns[$0]!) = NULL" }.joined(separator: ", ")
        try connection.statement("UPDATE records SET \(columns) WHERE id = ?").run([.blob(Self.idBytes(id))])
    }

    /// The test hook: fails the commit once `writes` reaches the armed
    /// count, or at its end if it writes fewer rows; then disarms.
    private func injectFailureIfArmed(afterWrites writes: Int) throws(SQLiteError) {
        guard let limit = failureAfterWrites, writes >= limit else { return }
        failureAfterWrites = nil
        throw SQLiteError(code: 10, message: "injected failure after \(min(limit, writes)) writes", file: path)
    }

    private func read(_ id: RecordID) -> Record? {
        var found: Record?
        query("SELECT body FROM records WHERE id = ?", [.blob(Self.idBytes(id))]) { row in found = decodeRecord(row.blob(0)) }
        return found
    }

    private func holders(of key: NaturalKey) -> [RecordID] {
        var ids: [RecordID] = []
        query("SELECT id FROM records WHERE \(keyColumns[key.uniqueKey]!) = ? ORDER BY id", [.blob(key.encodedValues())]) { row in
            ids.append(Self.recordID(row.blob(0)))
        }
        return ids
    }

    private func countHolders(of key: NaturalKey) throws(SQLiteError) -> Int {
        var count = 0
        do {
            try connection.statement("SELECT COUNT(*) FROM records WHERE \(keyColumns[key.uniqueKey]!) = ?")
                .query([.blob(key.encodedValues())]) { row in count = Int(row.int(0)) }
        } catch let failure as SQLiteError {
            throw failure
        } catch {
            preconditionFailure("row handler threw \(error)")
        }
        return count
    }

    /// A read that must work: a failure here means the database was taken
    /// away mid-run, which no simulation can carry on from.
    private func query(_ sql: String, _ values: [SQLiteStatement.Value] = [], row: (SQLiteRow) -> Void) {
        do {
            try connection.statement(sql).query(values, row: row)
        } catch {
            preconditionFailure("\(path): a read failed: \(error)")
        }
    }

    /// The conflicts a refused transaction would have made: for each key it
    /// gives a new live holder, the holders there would have been.
    private func conflicts(staged: [RecordID: Record], old: [RecordID: Record], order: [RecordID]) -> [UniqueConflict] {
        var removals: [NaturalKey: [RecordID]] = [:]
        var additions: [NaturalKey: [RecordID]] = [:]
        for id in order {
            let oldKeys = old[id].map(liveKeys(of:)) ?? []
            let newKeys = liveKeys(of: staged[id]!)
            for key in oldKeys where !newKeys.contains(key) { removals[key, default: []].append(id) }
            for key in newKeys where !oldKeys.contains(key) { additions[key, default: []].append(id) }
        }
        var conflicts: [UniqueConflict] = []
        for key in additions.keys.sorted() {
            let remaining = holders(of: key).filter { !(removals[key] ?? []).contains($0) }
            let after = (remaining + additions[key]!).sorted()
            if after.count > 1 { conflicts.append(UniqueConflict(key: key, recordIDs: after)) }
        }
        return conflicts
    }

    private func liveKeys(of record: Record) -> [NaturalKey] {
        guard record.isLive else { return [] }
        return uniqueKeysByEntity[record.entity.rawValue].compactMap { NaturalKey(record: record, uniqueKey: $0, schema: schema) }
    }

    private func decodeRecord(_ bytes: [UInt8]) -> Record {
        do {
            return try Record(decoding: bytes, schema: schema)
        } catch {
            preconditionFailure("\(path): a stored record is damaged: \(error)")
        }
    }

    private func decodeKey(_ bytes: [UInt8], _ uniqueKey: UniqueKeyID) -> NaturalKey {
        do {
            return try NaturalKey(uniqueKey: uniqueKey, decodingValues: bytes)
        } catch {
            preconditionFailure("\(path): a stored key is damaged: \(error)")
        }
    }

    static func idBytes(_ id: RecordID) -> [UInt8] {
        (0 ..< 8).map { UInt8(truncatingIfNeeded: id.high >> UInt64(56 - 8 * $0)) }
            + (0 ..< 8).map { UInt8(truncatingIfNeeded: id.low >> UInt64(56 - 8 * $0)) }
    }

    static func recordID(_ bytes: [UInt8]) -> RecordID {
        precondition(bytes.count == 16, "a record id is 16 bytes")
        var high: UInt64 = 0
        var low: UInt64 = 0
        for index in 0 ..< 8 {
            high = high << 8 | UInt64(bytes[index])
            low = low << 8 | UInt64(bytes[8 + index])
        }
        return RecordID(high: high, low: low)
    }
}
