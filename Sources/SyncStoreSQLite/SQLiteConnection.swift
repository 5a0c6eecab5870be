import CSQLite

/// One connection to a SQLite database, in the shape GRDB shows: extended
/// result codes on, the message copied right after a failing call,
/// statements prepared once and cached, every statement finalized before
/// the connection closes, writes in `BEGIN IMMEDIATE` transactions that roll
/// back on any error (keeping the first), and for a file: WAL, checked to
/// have really answered `wal`, `synchronous=NORMAL` and a busy timeout.
///
/// Not thread-safe by itself: its owner serializes access.
public final class SQLiteConnection {
    /// The file, or `:memory:`.
    public let path: String
    private var handle: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed) the database at `path`; `:memory:` for a
    /// private in-memory database.
    public init(path: String, busyTimeoutMillis: Int32 = 5_000) throws(SQLiteError) {
        self.path = path
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &connection, flags, nil)
        guard result == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(connection)
            throw SQLiteError(code: result, message: message, file: path)
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, busyTimeoutMillis)
        do throws(SQLiteError) {
            // Reading the schema fails at once on a file that is not SQLite.
            try execute("SELECT count(*) FROM sqlite_master")
            if path != ":memory:" {
                let mode = try single("PRAGMA journal_mode=WAL")
                guard mode.lowercased() == "wal" else {
                    throw SQLiteError(code: SQLITE_ERROR, message: "journal_mode=WAL answered '\(mode)'", file: path)
                }
                // NORMAL, not the default FULL, which syncs the WAL at every
                // commit. https://www.sqlite.org/pragma.html#pragma_synchronous:
                // in WAL mode NORMAL is safe from corruption and consistent; it
                // loses only durability, as a power loss or system crash may
                // roll back the last transactions (an application crash never
                // does). A run empties its store at every start, so it never
                // needs those transactions back.
                try execute("PRAGMA synchronous=NORMAL")
            }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Finalizes every cached statement, then closes.
    public func close() {
        for statement in statements.values { sqlite3_finalize(statement.handle) }
        statements = [:]
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// The error for a failed call, with SQLite's message copied now.
    func error(_ code: Int32, sql: String? = nil) -> SQLiteError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed"
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        return SQLiteError(code: extended != 0 ? extended : code, message: message, file: path, sql: sql)
    }

    /// Runs SQL that returns no rows (may hold several statements).
    public func execute(_ sql: String) throws(SQLiteError) {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "connection is closed", file: path, sql: sql) }
        let result = sqlite3_exec(handle, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw error(result, sql: sql) }
    }

    /// The cached prepared statement for `sql`.
    public func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "connection is closed", file: path, sql: sql) }
        var prepared: OpaquePointer?
        let result = sqlite3_prepare_v2(handle, sql, -1, &prepared, nil)
        guard result == SQLITE_OK, let prepared else {
            let failure = error(result, sql: sql)
            sqlite3_finalize(prepared)
            throw failure
        }
        let statement = SQLiteStatement(handle: prepared, sql: sql, connection: self)
        statements[sql] = statement
        return statement
    }

    /// The first column of the first row, as text.
    public func single(_ sql: String) throws(SQLiteError) -> String {
        var value = ""
        do {
            try statement(sql).query { row in value = row.text(0) }
        } catch let failure as SQLiteError {
            throw failure
        } catch {
            preconditionFailure("row handler threw \(error)")
        }
        return value
    }

    /// Runs `body` in `BEGIN IMMEDIATE` … `COMMIT`. On any error it rolls
    /// back and rethrows the first error; nothing of the body stays.
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // The first error is the one that matters; a failing rollback
            // (the transaction may already be gone) must not hide it.
            try? execute("ROLLBACK")
            throw error
        }
    }
}
