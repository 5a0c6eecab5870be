import CSQLite

/// Tells SQLite to copy bound text and blobs at once.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement. Owned by its connection, which caches it and
/// finalizes it before closing; callers bind, step and reset, and must not
/// keep it past the connection's life.
public final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String
    unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, sql: String, connection: SQLiteConnection) {
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    /// A value to bind.
    public enum Value {
        case null
        case int(Int64)
        case text(String)
        case blob([UInt8])
    }

    /// Clears old bindings and binds `values` to parameters 1, 2, …
    public func bind(_ values: [Value]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch value {
            case .null: result = sqlite3_bind_null(handle, index)
            case .int(let number): result = sqlite3_bind_int64(handle, index, number)
            case .text(let text):
                // The byte count, not -1, so a NUL inside the text is kept.
                result = sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), sqliteTransient)
            case .blob(let bytes): result = bytes.withUnsafeBytes { bindBlob($0, at: index) }
            }
            guard result == SQLITE_OK else { throw connection.error(result, sql: sql) }
        }
    }

    /// Runs a statement that returns no rows.
    public func run(_ values: [Value] = []) throws(SQLiteError) {
        try bind(values)
        try stepOnce()
    }

    /// Runs a query and hands each row to `row`.
    public func query(_ values: [Value] = [], row: (SQLiteRow) throws -> Void) throws {
        try bind(values)
        try stepAll(row: row)
    }

    /// Runs a statement that returns no rows, its values bound by `bind`
    /// one at a time: for a hot loop, where an array of ``Value`` per row
    /// would cost allocations that show in a profile.
    public func run(binding bind: (Bindings) throws(SQLiteError) -> Void) throws(SQLiteError) {
        try bind(clearedBindings())
        try stepOnce()
    }

    /// Runs a query, its values bound by `bind` one at a time, and hands
    /// each row to `row`.
    public func query(binding bind: (Bindings) throws(SQLiteError) -> Void, row: (SQLiteRow) throws -> Void) throws {
        try bind(clearedBindings())
        try stepAll(row: row)
    }

    /// Parameters bound one at a time, by number from 1. Handed out only
    /// after the old bindings are cleared, so a parameter left unbound is
    /// NULL.
    public struct Bindings {
        let statement: SQLiteStatement

        /// Binds an integer to parameter `index`.
        public func bind(_ number: Int64, at index: Int32) throws(SQLiteError) {
            try statement.check(sqlite3_bind_int64(statement.handle, index, number))
        }

        /// Copies the bytes (transient), so they need not outlive the call.
        public func bind(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
            try statement.check(statement.bindBlob(bytes, at: index))
        }

        /// Binds a copy of `bytes` as a blob; an empty array binds as an empty blob, not NULL.
        public func bind(_ bytes: [UInt8], at index: Int32) throws(SQLiteError) {
            try statement.check(bytes.withUnsafeBytes { statement.bindBlob($0, at: index) })
        }
    }

    /// Binds a copy of `bytes`; a zero-length blob still binds as a blob,
    /// not NULL.
    private func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
        sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), sqliteTransient)
    }

    private func clearedBindings() -> Bindings {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        return Bindings(statement: self)
    }

    private func check(_ result: Int32) throws(SQLiteError) {
        guard result == SQLITE_OK else { throw connection.error(result, sql: sql) }
    }

    private func stepOnce() throws(SQLiteError) {
        defer { sqlite3_reset(handle) }
        let result = sqlite3_step(handle)
        guard result == SQLITE_DONE || result == SQLITE_ROW else { throw connection.error(result, sql: sql) }
    }

    private func stepAll(row: (SQLiteRow) throws -> Void) throws {
        defer { sqlite3_reset(handle) }
        while true {
            let result = sqlite3_step(handle)
            if result == SQLITE_DONE { return }
            guard result == SQLITE_ROW else { throw connection.error(result, sql: sql) }
            try row(SQLiteRow(handle: handle))
        }
    }
}

/// The current row of a query.
public struct SQLiteRow {
    let handle: OpaquePointer

    /// The integer in `column`, counting from 0; 0 for NULL.
    public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// True when `column` holds NULL.
    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// The text in `column`, decoded as UTF-8; empty for NULL.
    public func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The blob in `column`, lent to `body` without a copy: valid only
    /// inside it, as SQLite frees it at the next step or reset.
    public func withBlob<Result>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        // The pointer first, then its length, as SQLite's docs order them.
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: count > 0 ? count : 0))
    }

    /// A copy of the blob in `column`; empty for NULL or an empty blob.
    public func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let pointer = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
