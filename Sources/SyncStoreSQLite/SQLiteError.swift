import CSQLite

/// A failed SQLite call: the extended result code (so a `UNIQUE` violation
/// is `SQLITE_CONSTRAINT_UNIQUE`, not just 19), SQLite's message copied at
/// once, the database file and the statement.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code.
    public let code: Int32
    /// SQLite's message, copied right after the failing call, before another call can replace it.
    public let message: String
    /// The database file, or `:memory:`.
    public let file: String
    /// The SQL that failed, when there was one.
    public let sql: String?

    /// An error from its parts.
    public init(code: Int32, message: String, file: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.sql = sql
    }

    /// The primary result code: `SQLITE_CONSTRAINT` for every constraint.
    public var primaryCode: Int32 { code & 0xff }
    /// True for a `UNIQUE` or primary-key violation.
    public var isUniqueConstraint: Bool { code == SQLiteError.constraintUnique || code == SQLiteError.constraintPrimaryKey }

    /// `SQLITE_CONSTRAINT_UNIQUE` and `SQLITE_CONSTRAINT_PRIMARYKEY`: macros
    /// built with a shift, which Swift does not import.
    public static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`, built the same way.
    public static let constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)
    /// True when the database was busy or locked (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// The file, the message, the result code's name and number, and the SQL if any.
    public var description: String {
        let name = String(cString: sqlite3_errstr(code))
        return "\(file): \(message) (\(name), code \(code))" + (sql.map { " in: \($0)" } ?? "")
    }
}
