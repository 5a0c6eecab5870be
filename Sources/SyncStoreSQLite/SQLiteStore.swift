import Foundation
import SyncModel
import SyncStore

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
/// the rows written (the count queried only at the keys whose number of
/// holders the commit changes), and recomputed from the database when it is
/// opened or written by another connection. The table's SQL is in
/// ``SQLiteStoreTable``.
///
/// `@unchecked Sendable` is safe: the connection and every cached figure
/// are private and touched only while `lock` is held (every method takes
/// it), so the store is used by one thread at a time.
public final class SQLiteStore: Store, @unchecked Sendable {
    /// The record types this store holds.
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
    private let table: SQLiteStoreTable
    /// The keys a record holds, as the memory store reads them: staging is
    /// shared (``StagedTransaction``).
    private let keys: LiveKeys
    /// The statements every commit runs, prepared once: the connection's
    /// cache would find them again by their text, but hashing it per row shows.
    private let readStatement: SQLiteStatement
    private let upsertStatement: SQLiteStatement
    private let releaseStatement: SQLiteStatement?
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
        let table = SQLiteStoreTable(schema: schema)
        self.table = table
        keys = LiveKeys(schema: schema)
        do {
            connection = try SQLiteConnection(path: path)
            for sql in table.creation(unique: enforcesUniqueness) { try connection.execute(sql) }
            (readStatement, upsertStatement, releaseStatement) = try Self.prepare(table, on: connection)
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
        table = store.table
        keys = store.keys
        fileLock = store.fileLock
        do {
            connection = try SQLiteConnection(path: path)
            (readStatement, upsertStatement, releaseStatement) = try Self.prepare(table, on: connection)
        } catch {
            throw StoreError(code: .storage, message: error.description)
        }
        reloadAfterOtherConnections()
    }

    private static func prepare(_ table: SQLiteStoreTable, on connection: SQLiteConnection) throws(SQLiteError)
        -> (read: SQLiteStatement, upsert: SQLiteStatement, release: SQLiteStatement?) {
        let release = try table.release.map { sql throws(SQLiteError) in try connection.statement(sql) }
        return (try connection.statement(table.read), try connection.statement(table.upsert), release)
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
            for sql in table.duplicateCount {
                query(sql) { row in count += Int(row.int(0)) }
            }
            stateDigest = digest
            duplicates = count
            commits += 1
        }
    }

    /// Commits so far, plus one per reload, so that observers look again.
    public var commitCount: Int { lock.withLock { commits } }
    /// Kept up to date at each commit and recounted on a reload.
    public var duplicateCount: Int { lock.withLock { duplicates } }
    /// Kept up to date at each commit and recomputed from the rows on a reload.
    public var digest: StateDigest { lock.withLock { stateDigest } }

    /// The stored version of `id`, decoded from its row; nil when there is none.
    public func record(_ id: RecordID) -> Record? {
        lock.withLock { read(id) }
    }

    /// Live holders of `key`, from its unique-key column.
    public func liveRecordIDs(holding key: NaturalKey) -> [RecordID] {
        lock.withLock { holders(of: key) }
    }

    /// Keys of `uniqueKey` with more than one live holder, queried from its column, sorted.
    public func duplicatedKeys(of uniqueKey: UniqueKeyID) -> [NaturalKey] {
        lock.withLock {
            var keys: [NaturalKey] = []
            query(table.duplicatedKeys[table.column(of: uniqueKey)]) { row in
                keys.append(decodeKey(row.blob(0), uniqueKey))
            }
            return keys.sorted()
        }
    }

    /// Every row's record, live or tombstoned, sorted by id.
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
                for column in table.columns.sorted() {
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

    /// Reads the stored versions, stages the new ones, writes them and
    /// updates the counts, all in one `BEGIN IMMEDIATE` transaction: the
    /// rows read are the rows overwritten, which the duplicate count's
    /// bookkeeping relies on (``write(_:)``).
    public func commit(_ transaction: Transaction) throws(StoreError) {
        guard !transaction.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }

        var staged: StagedTransaction?
        var duplicateChange = 0
        do {
            try connection.transaction {
                let stagedNow = try StagedTransaction(transaction, keys: keys) { id throws(SQLiteError) in try readStored(id) }
                staged = stagedNow
                duplicateChange = try write(stagedNow)
            }
        } catch let failure as SQLiteError where failure.isUniqueConstraint && enforcing {
            // Read after the rollback: the holders the store still has.
            let conflicts = staged?.conflicts(keys: keys) { _, key in holders(of: key) } ?? []
            throw StoreError(code: .uniqueConstraint, message: failure.description, conflicts: conflicts)
        } catch let failure as SQLiteError {
            throw StoreError(code: .storage, message: failure.description)
        } catch {
            throw StoreError(code: .storage, message: "\(path): \(error)")
        }

        for write in staged!.writes {
            stateDigest = stateDigest - (write.old?.materialisedDigest ?? .zero) + write.new.materialisedDigest
        }
        duplicates += duplicateChange
        commits += 1
    }

    // MARK: Rows

    /// Writes the staged rows; returns how the duplicate count changes.
    ///
    /// The count changes only at keys whose number of live holders
    /// changes, that is keys some row gains or loses. For such a key, with
    /// `net` the holders the transaction adds minus those it removes, and
    /// `after` its holders once the rows are written, it held `after - net`
    /// before (a row not rewritten holds it throughout; the rows rewritten
    /// were read in this transaction, so their old keys are what the table
    /// held), and the count moves by `max(0, after - 1) - max(0, before - 1)`:
    /// zero when `net` is zero, so such keys are not counted. Under `UNIQUE`
    /// indexes no key has two holders before or after, so nothing is counted.
    private func write(_ staged: StagedTransaction) throws(SQLiteError) -> Int {
        // SQLite checks a UNIQUE index at each statement, not at commit. So
        // that keys can change hands inside one transaction (a swap, a
        // chain, a delete and a re-create), the rows that lose a key first
        // let go of all their keys, then all rows are written. Meanwhile
        // every key in the table is one the row holding it also holds
        // after, so no write meets a holder that would not be there at
        // the end; a row keeping its keys need not let go of them.
        if enforcing, let releaseStatement, !staged.removals.isEmpty {
            let losing = Set(staged.removals.values.joined())
            for write in staged.writes where losing.contains(write.id) {
                try releaseStatement.run { bindings throws(SQLiteError) in try Self.bind(write.id, at: 1, in: bindings) }
            }
        }
        var writes = 0
        for write in staged.writes {
            try injectFailureIfArmed(afterWrites: writes)
            try upsert(write.new)
            writes += 1
        }
        if failureAfterWrites != nil { try injectFailureIfArmed(afterWrites: Int.max) }
        guard !enforcing else { return 0 }

        // A sum, so the (hash) order of the keys cannot show.
        var duplicateChange = 0
        for key in Set(staged.additions.keys).union(staged.removals.keys) {
            let net = (staged.additions[key]?.count ?? 0) - (staged.removals[key]?.count ?? 0)
            guard net != 0 else { continue }
            let naturalKey = staged.naturalKey(key, keys: keys)
            let after = try countHolders(of: naturalKey)
            let before = after - net
            precondition(before >= 0, "\(path): \(naturalKey) had \(before) holders before this transaction")
            duplicateChange += max(0, after - 1) - max(0, before - 1)
        }
        return duplicateChange
    }

    /// Writes a row whole: id, entity, body, and its live keys, every
    /// other key column NULL.
    private func upsert(_ record: Record) throws(SQLiteError) {
        let body = record.encoded()
        let newKeys = keys.naturalKeys(of: record)
        try upsertStatement.run { bindings throws(SQLiteError) in
            try Self.bind(record.id, at: 1, in: bindings)
            try bindings.bind(Int64(record.entity.rawValue), at: 2)
            try bindings.bind(body, at: 3)
            for key in newKeys {
                try bindings.bind(key.encodedValues(), at: table.upsertParameter(of: key.uniqueKey))
            }
        }
    }

    /// The test hook: fails the commit once `writes` reaches the armed
    /// count, or at its end if it writes fewer rows; then disarms.
    private func injectFailureIfArmed(afterWrites writes: Int) throws(SQLiteError) {
        guard let limit = failureAfterWrites, writes >= limit else { return }
        failureAfterWrites = nil
        throw SQLiteError(code: 10, message: "injected failure after \(min(limit, writes)) writes", file: path)
    }

    /// The stored version of `id`, read inside a commit's transaction.
    private func readStored(_ id: RecordID) throws(SQLiteError) -> Record? {
        var found: Record?
        do {
            try readStatement.query(binding: { bindings throws(SQLiteError) in try Self.bind(id, at: 1, in: bindings) }) { row in
                found = decodeRecord(row.blob(0))
            }
        } catch let failure as SQLiteError {
            throw failure
        } catch {
            preconditionFailure("row handler threw \(error)")
        }
        return found
    }

    /// The stored version of `id`, outside a commit.
    private func read(_ id: RecordID) -> Record? {
        do {
            return try readStored(id)
        } catch {
            preconditionFailure("\(path): a read failed: \(error)")
        }
    }

    private func holders(of key: NaturalKey) -> [RecordID] {
        var ids: [RecordID] = []
        query(table.holders[table.column(of: key.uniqueKey)], [.blob(key.encodedValues())]) { row in
            ids.append(Self.recordID(row.blob(0)))
        }
        return ids
    }

    private func countHolders(of key: NaturalKey) throws(SQLiteError) -> Int {
        var count = 0
        do {
            try connection.statement(table.countHolders[table.column(of: key.uniqueKey)])
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

    /// The 16 bytes of `id`, big-endian.
    static func idBytes(_ id: RecordID) -> [UInt8] {
        withUnsafeBytes(of: (id.high.bigEndian, id.low.bigEndian)) { Array($0) }
    }

    /// Binds `id`'s 16 big-endian bytes from the stack, no array built.
    private static func bind(_ id: RecordID, at index: Int32, in bindings: SQLiteStatement.Bindings) throws(SQLiteError) {
        // Two UInt64s in a tuple lie back to back, high first: 16 bytes.
        try withUnsafeBytes(of: (id.high.bigEndian, id.low.bigEndian)) { bytes throws(SQLiteError) in try bindings.bind(bytes, at: index) }
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
