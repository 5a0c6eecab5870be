import Foundation
import SyncStore
import SyncStoreSQLite
import Testing

/// The thin SQLite wrapper: statements, errors, transactions, files.
struct SQLiteConnectionTests {
    /// All rows of a query, every column as text.
    static func rows(_ connection: SQLiteConnection, _ sql: String, _ values: [SQLiteStatement.Value] = [],
                     columns: Int32 = 1) throws -> [[String]] {
        var rows: [[String]] = []
        try connection.statement(sql).query(values) { row in
            rows.append((0 ..< columns).map { row.isNull($0) ? "NULL" : row.text($0) })
        }
        return rows
    }

    static func error(_ body: () throws -> Void) -> SQLiteError? {
        do {
            try body()
            return nil
        } catch let error as SQLiteError {
            return error
        } catch {
            Issue.record("not a SQLiteError: \(error)")
            return nil
        }
    }

    static func people(_ connection: SQLiteConnection) throws -> SQLiteConnection {
        try connection.execute("""
            CREATE TABLE people (id INTEGER PRIMARY KEY, email TEXT NOT NULL);
            CREATE UNIQUE INDEX people_email ON people(email);
            """)
        return connection
    }

    // MARK: Statements

    @Test func anInMemoryDatabaseRunsStatementsAndQueries() throws {
        let connection = try Self.people(SQLiteConnection(path: ":memory:"))
        #expect(connection.path == ":memory:")
        #expect(try connection.single("PRAGMA journal_mode") == "memory")
        let insert = try connection.statement("INSERT INTO people (id, email) VALUES (?, ?)")
        try insert.run([.int(2), .text("bo@example.com")])
        try insert.run([.int(1), .text("ada@example.com")])
        try connection.execute("INSERT INTO people (id, email) VALUES (3, 'cy@example.com'); UPDATE people SET email = 'c@example.com' WHERE id = 3")
        #expect(try Self.rows(connection, "SELECT id, email FROM people ORDER BY id", columns: 2)
                    == [["1", "ada@example.com"], ["2", "bo@example.com"], ["3", "c@example.com"]])
        #expect(try Self.rows(connection, "SELECT email FROM people WHERE id > ? ORDER BY id DESC", [.int(1)])
                    == [["c@example.com"], ["bo@example.com"]])
        #expect(try Self.rows(connection, "SELECT email FROM people WHERE id = ?", [.int(99)]).isEmpty)
        #expect(try connection.single("SELECT count(*) FROM people") == "3")
        #expect(try connection.single("SELECT email FROM people WHERE id = 99") == "", "no row: empty text")
    }

    @Test func statementsAreCachedPerSQL() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let first = try connection.statement("SELECT 1")
        let again = try connection.statement("SELECT 1")
        let other = try connection.statement("SELECT 2")
        #expect(first === again)
        #expect(first !== other)
        // A cached statement is reset between uses: the second query sees every row again.
        try connection.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        let select = try connection.statement("SELECT x FROM t ORDER BY x")
        var firstRun: [Int64] = [], secondRun: [Int64] = []
        try select.query { firstRun.append($0.int(0)) }
        try connection.statement("SELECT x FROM t ORDER BY x").query { secondRun.append($0.int(0)) }
        #expect(firstRun == [1, 2, 3] && secondRun == [1, 2, 3])
    }

    @Test func aQueryStoppedByItsRowHandlerIsResetAndRethrows() throws {
        struct Stop: Error, Equatable {}
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        var seen: [Int64] = []
        #expect(throws: Stop()) {
            try connection.statement("SELECT x FROM t ORDER BY x").query { row in
                seen.append(row.int(0))
                if row.int(0) == 2 { throw Stop() }
            }
        }
        #expect(seen == [1, 2])
        // Not left mid-step: the table can be written (no open read) and read from the start.
        try connection.execute("DROP TABLE t")
        #expect(try connection.single("SELECT count(*) FROM sqlite_master") == "0")
    }

    struct ReadBack {
        var int: Int64 = 0, text = "", blob: [UInt8] = [], type = "", bytes: Int64 = 0, null = false
    }

    @Test func valuesRoundTrip() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let select = try connection.statement("SELECT ?1, typeof(?1), length(CAST(?1 AS BLOB))")
        func roundTrip(_ value: SQLiteStatement.Value) throws -> ReadBack {
            var result: ReadBack?
            try select.query([value]) { row in
                result = ReadBack(int: row.int(0), text: row.text(0), blob: row.blob(0), type: row.text(1), bytes: row.int(2), null: row.isNull(0))
            }
            return try #require(result)
        }
        for number in [Int64.min, -1, 0, 1, Int64.max] {
            let value = try roundTrip(.int(number))
            #expect(value.int == number && value.type == "integer" && !value.null)
        }
        for text in ["", "ada", "Zoë 日本語 🙂", String(repeating: "x", count: 10_000)] {
            let value = try roundTrip(.text(text))
            #expect(value.text == text && value.type == "text" && value.bytes == Int64(text.utf8.count))
        }
        for bytes: [UInt8] in [[0], [0, 1, 2, 0xff], Array(repeating: 0xab, count: 5_000)] {
            let value = try roundTrip(.blob(bytes))
            #expect(value.blob == bytes && value.type == "blob" && value.bytes == Int64(bytes.count))
        }
        // A zero-length blob is a blob, not NULL.
        let empty = try roundTrip(.blob([]))
        #expect(empty.type == "blob" && empty.blob == [] && !empty.null)
        let null = try roundTrip(.null)
        #expect(null.type == "null" && null.null && null.text == "" && null.blob == [] && null.int == 0)
        // Bindings are cleared between runs: a value not given again is NULL.
        #expect(try Self.rows(connection, "SELECT ?1 IS NULL, ?2 IS NULL", [.int(1), .int(2)], columns: 2) == [["0", "0"]])
        #expect(try Self.rows(connection, "SELECT ?1 IS NULL, ?2 IS NULL", [.int(1)], columns: 2) == [["0", "1"]])
    }

    @Test func textWithAnEmbeddedNULRoundTrips() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        var read = ""
        var bytes: Int64 = 0
        try connection.statement("SELECT ?1, length(CAST(?1 AS BLOB))").query([.text("a\u{0}b")]) { row in
            read = row.text(0)
            bytes = row.int(1)
        }
        #expect(bytes == 3)
        #expect(read == "a\u{0}b")
    }

    // MARK: Errors

    @Test func aUniqueViolationIsAnExtendedConstraintError() throws {
        let connection = try Self.people(SQLiteConnection(path: ":memory:"))
        let sql = "INSERT INTO people (id, email) VALUES (?, ?)"
        try connection.statement(sql).run([.int(1), .text("ada@example.com")])
        let error = try #require(Self.error { try connection.statement(sql).run([.int(2), .text("ada@example.com")]) })
        #expect(error.code == SQLiteError.constraintUnique)
        #expect(error.code == 2067)
        #expect(error.primaryCode == 19)
        #expect(error.isUniqueConstraint)
        #expect(!error.isBusy)
        #expect(error.message == "UNIQUE constraint failed: people.email")
        #expect(error.file == ":memory:")
        #expect(error.sql == sql)
        #expect(error.description == ":memory:: UNIQUE constraint failed: people.email (constraint failed, code 2067) in: \(sql)")
        // The cached statement is usable after the failure.
        try connection.statement(sql).run([.int(2), .text("bo@example.com")])
        #expect(try connection.single("SELECT count(*) FROM people") == "2")
    }

    @Test func aPrimaryKeyViolationCountsAsUniqueButNotNullDoesNot() throws {
        let connection = try Self.people(SQLiteConnection(path: ":memory:"))
        try connection.execute("INSERT INTO people VALUES (1, 'a')")
        let duplicateID = try #require(Self.error { try connection.execute("INSERT INTO people VALUES (1, 'b')") })
        #expect(duplicateID.code == SQLiteError.constraintPrimaryKey && duplicateID.code == 1555)
        #expect(duplicateID.isUniqueConstraint)
        #expect(duplicateID.message == "UNIQUE constraint failed: people.id")
        let missing = try #require(Self.error { try connection.execute("INSERT INTO people VALUES (2, NULL)") })
        #expect(missing.code == 1299) // SQLITE_CONSTRAINT_NOTNULL
        #expect(missing.primaryCode == 19)
        #expect(!missing.isUniqueConstraint)
        #expect(missing.message == "NOT NULL constraint failed: people.email")
    }

    @Test func aSyntaxErrorNamesTheStatement() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let prepare = try #require(Self.error { _ = try connection.statement("SELEC 1") })
        #expect(prepare.code == 1)
        #expect(prepare.message == "near \"SELEC\": syntax error")
        #expect(prepare.sql == "SELEC 1")
        #expect(prepare.description.hasSuffix("in: SELEC 1"))
        let execute = try #require(Self.error { try connection.execute("SELECT * FROM missing") })
        #expect(execute.message == "no such table: missing")
        #expect(execute.sql == "SELECT * FROM missing")
    }

    @Test func aClosedConnectionRefusesWork() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        _ = try connection.statement("SELECT 1")
        connection.close()
        connection.close() // twice is harmless
        let error = try #require(Self.error { try connection.execute("SELECT 1") })
        #expect(error.code == 21) // SQLITE_MISUSE
        #expect(error.message == "connection is closed")
        #expect(Self.error { _ = try connection.statement("SELECT 1") }?.message == "connection is closed")
    }

    // MARK: Transactions

    @Test func aTransactionCommitsOnSuccess() throws {
        let connection = try Self.people(SQLiteConnection(path: ":memory:"))
        let result = try connection.transaction {
            try connection.execute("INSERT INTO people VALUES (1, 'a')")
            try connection.execute("INSERT INTO people VALUES (2, 'b')")
            return 42
        }
        #expect(result == 42)
        #expect(try connection.single("SELECT group_concat(email, ',') FROM people") == "a,b")
        // No transaction is left open: a new one can begin.
        try connection.execute("BEGIN; ROLLBACK")
    }

    @Test func aThrowingBodyRollsEverythingBackAndRethrowsItsError() throws {
        struct Refused: Error, Equatable { let step: Int }
        let connection = try Self.people(SQLiteConnection(path: ":memory:"))
        try connection.execute("INSERT INTO people VALUES (1, 'kept')")
        #expect(throws: Refused(step: 2)) {
            try connection.transaction {
                try connection.execute("INSERT INTO people VALUES (2, 'b')")
                try connection.execute("UPDATE people SET email = 'changed' WHERE id = 1")
                throw Refused(step: 2)
            }
        }
        #expect(try Self.rows(connection, "SELECT id, email FROM people ORDER BY id", columns: 2) == [["1", "kept"]])
        try connection.execute("BEGIN; ROLLBACK")
    }

    @Test func aSQLErrorInTheBodyRollsBackAndIsTheErrorThrown() throws {
        let connection = try Self.people(SQLiteConnection(path: ":memory:"))
        let error = try #require(Self.error {
            try connection.transaction {
                try connection.execute("INSERT INTO people VALUES (1, 'a')")
                try connection.execute("INSERT INTO people VALUES (2, 'a')")
            }
        })
        #expect(error.isUniqueConstraint)
        #expect(error.sql == "INSERT INTO people VALUES (2, 'a')")
        #expect(try connection.single("SELECT count(*) FROM people") == "0")
    }

    /// The body ends the transaction itself, so the rollback fails too:
    /// the body's error, the first, is the one thrown.
    @Test func theFirstErrorWinsOverAFailingRollback() throws {
        struct First: Error, Equatable {}
        let connection = try Self.people(SQLiteConnection(path: ":memory:"))
        #expect(throws: First()) {
            try connection.transaction {
                try connection.execute("INSERT INTO people VALUES (1, 'a')")
                try connection.execute("ROLLBACK")
                throw First()
            }
        }
        #expect(try connection.single("SELECT count(*) FROM people") == "0")
        try connection.execute("BEGIN; ROLLBACK")
    }

    /// A deferred foreign key fails at COMMIT: that error is thrown and the
    /// transaction is rolled back, not left open.
    @Test func aFailingCommitRollsBack() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("""
            PRAGMA foreign_keys = ON;
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
            """)
        let error = try #require(Self.error {
            try connection.transaction { try connection.execute("INSERT INTO child VALUES (5)") }
        })
        #expect(error.code == 787) // SQLITE_CONSTRAINT_FOREIGNKEY
        #expect(error.sql == "COMMIT")
        #expect(try connection.single("SELECT count(*) FROM child") == "0")
        try connection.execute("BEGIN; ROLLBACK")
    }

    @Test func aNestedTransactionFailsAndTheOuterOneRollsBack() throws {
        let connection = try Self.people(SQLiteConnection(path: ":memory:"))
        let error = try #require(Self.error {
            try connection.transaction {
                try connection.execute("INSERT INTO people VALUES (1, 'a')")
                try connection.transaction { try connection.execute("INSERT INTO people VALUES (2, 'b')") }
            }
        })
        #expect(error.message == "cannot start a transaction within a transaction")
        #expect(try connection.single("SELECT count(*) FROM people") == "0")
    }

    // MARK: Files

    @Test func aFileDatabaseIsInWALModeWithNormalSynchronous() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("wal.sqlite")
        do {
            let connection = try Self.people(SQLiteConnection(path: path))
            #expect(connection.path == path)
            #expect(try connection.single("PRAGMA journal_mode") == "wal")
            // 1 is NORMAL (FULL, the default, is 2).
            #expect(try connection.single("PRAGMA synchronous") == "1")
            try connection.execute("INSERT INTO people VALUES (1, 'a')")
            #expect(folder.contents() == ["wal.sqlite", "wal.sqlite-shm", "wal.sqlite-wal"])
            connection.close()
        }
        // Closing checkpoints and removes the WAL files; the data stays.
        #expect(folder.contents() == ["wal.sqlite"])
        let reopened = try SQLiteConnection(path: path)
        #expect(try reopened.single("PRAGMA journal_mode") == "wal")
        #expect(try reopened.single("SELECT email FROM people") == "a")
    }

    @Test func aFileThatIsNotSQLiteFailsAtOpenNamingIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.txt")
        let text = String(repeating: "These are notes, not a database.\n", count: 40)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(Self.error { _ = try SQLiteConnection(path: path) })
        #expect(error.code == 26) // SQLITE_NOTADB
        #expect(error.message == "file is not a database")
        #expect(error.file == path)
        #expect(error.description.hasPrefix("\(path): file is not a database"))
        // The file is left as it was.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(folder.contents() == ["notes.txt"])
    }

    @Test func aPathInAMissingFolderFailsAtOpenNamingIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("missing/sub/db.sqlite")
        let error = try #require(Self.error { _ = try SQLiteConnection(path: path) })
        #expect(error.code == 14) // SQLITE_CANTOPEN
        #expect(error.file == path)
        #expect(error.description.hasPrefix("\(path): unable to open database file"))
        #expect(folder.contents().isEmpty, "no folder is created")
    }

    @Test func aFolderIsNotADatabase() throws {
        let folder = try TemporaryFolder()
        let error = try #require(Self.error { _ = try SQLiteConnection(path: folder.path) })
        #expect(error.primaryCode == 14) // SQLITE_CANTOPEN, even for root
        #expect(error.description.hasPrefix("\(folder.path): "))
    }

    /// A database file and folder without write permission cannot be
    /// written: opening or the first write fails, naming the file. Root
    /// ignores permissions, so there only the cases above (a missing
    /// folder, a folder as the file) show a file that cannot be opened.
    @Test func aReadOnlyFileCannotBeWritten() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("readonly.sqlite")
        do {
            let connection = try Self.people(SQLiteConnection(path: path))
            try connection.execute("INSERT INTO people VALUES (1, 'a')")
            connection.close()
        }
        #expect(chmod(path, 0o444) == 0)
        #expect(chmod(folder.path, 0o555) == 0)
        defer { chmod(folder.path, 0o755); chmod(path, 0o644) }
        if runningAsRoot {
            // Permissions are not enforced for root: opening and writing work.
            let connection = try SQLiteConnection(path: path)
            try connection.execute("INSERT INTO people VALUES (2, 'b')")
            #expect(try connection.single("SELECT count(*) FROM people") == "2")
            return
        }
        let error = try #require(Self.error {
            let connection = try SQLiteConnection(path: path)
            try connection.execute("INSERT INTO people VALUES (2, 'b')")
        })
        #expect(error.file == path)
        #expect(error.description.hasPrefix("\(path): "))
        #expect([8, 14].contains(error.primaryCode), "SQLITE_READONLY or SQLITE_CANTOPEN, got \(error)")
    }

    /// In WAL mode `BEGIN EXCLUSIVE` still lets others read but not write:
    /// a second connection's write waits out its busy timeout, then fails.
    @Test func aLockedDatabaseIsBusyAfterTheTimeout() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("locked.sqlite")
        let holder = try Self.people(SQLiteConnection(path: path))
        try holder.execute("INSERT INTO people VALUES (1, 'a')")
        let waiter = try SQLiteConnection(path: path, busyTimeoutMillis: 100)
        try holder.execute("BEGIN EXCLUSIVE")

        let clock = ContinuousClock()
        var error: SQLiteError?
        let elapsed = clock.measure {
            error = Self.error { try waiter.execute("INSERT INTO people VALUES (2, 'b')") }
        }
        let busy = try #require(error)
        #expect(busy.isBusy)
        #expect(busy.primaryCode == 5) // SQLITE_BUSY
        #expect(busy.file == path)
        #expect(busy.description.hasPrefix("\(path): database is locked"))
        #expect(elapsed >= .milliseconds(90), "gave up after \(elapsed), before the 100 ms timeout")
        #expect(elapsed < .seconds(3), "waited \(elapsed)")

        // Its own transactions are refused the same way, and it can still read.
        let begin = try #require(Self.error { try waiter.transaction { try waiter.execute("INSERT INTO people VALUES (3, 'c')") } })
        #expect(begin.isBusy)
        #expect(begin.sql == "BEGIN IMMEDIATE")
        #expect(try waiter.single("SELECT count(*) FROM people") == "1")

        try holder.execute("COMMIT")
        try waiter.execute("INSERT INTO people VALUES (2, 'b')")
        #expect(try holder.single("SELECT count(*) FROM people") == "2")
    }
}
