import SyncModel
import SyncStore

/// The SQL of ``SQLiteStore``'s one table, built once from the schema so
/// that no statement's text is put together per row.
///
/// One row per record: `id` (16 bytes, big-endian), `entity`, `body` (the
/// record's encoded state) and one key column per unique key of the
/// schema, `k0`, `k1`, … in `Schema.allUniqueKeys` order, each holding the
/// key's encoded values while the record is live and NULL otherwise, each
/// with an index that is `UNIQUE` when the store enforces the keys.
struct SQLiteStoreTable: Sendable {
    /// The key columns' names, in `Schema.allUniqueKeys` order.
    let columns: [String]
    /// Where each entity's unique keys start among the key columns.
    private let firstColumnOfEntity: [Int]

    let read = "SELECT body FROM records WHERE id = ?"
    /// Writes a whole row: the id, entity and body, then every key column
    /// (parameters 4, 5, …), NULL where unbound.
    let upsert: String
    /// Clears a row's key columns; nil when the schema has no unique key.
    let release: String?
    /// Per key column: how many rows hold a value.
    let countHolders: [String]
    /// Per key column: the ids of the rows holding a value, sorted.
    let holders: [String]
    /// Per key column: the values held by more than one row.
    let duplicatedKeys: [String]
    /// Per key column: rows minus distinct values, over the values held twice or more.
    let duplicateCount: [String]

    init(schema: Schema) {
        let keys = schema.allUniqueKeys
        columns = keys.indices.map { "k\($0)" }
        var first: [Int] = []
        var column = 0
        for entity in schema.entities {
            first.append(column)
            column += entity.uniqueKeys.count
        }
        firstColumnOfEntity = first
        precondition(column == keys.count, "the unique keys are not laid out entity by entity")

        let names = columns.map { ", \($0)" }.joined()
        upsert = "INSERT INTO records (id, entity, body\(names)) VALUES (?, ?, ?\(String(repeating: ", ?", count: columns.count))) "
            + "ON CONFLICT(id) DO UPDATE SET body = excluded.body\(columns.map { ", \($0) = excluded.\($0)" }.joined())"
        release = columns.isEmpty ? nil : "UPDATE records SET \(columns.map { "\($0) = NULL" }.joined(separator: ", ")) WHERE id = ?"
        countHolders = columns.map { "SELECT COUNT(*) FROM records WHERE \($0) = ?" }
        holders = columns.map { "SELECT id FROM records WHERE \($0) = ? ORDER BY id" }
        duplicatedKeys = columns.map { "SELECT \($0) FROM records WHERE \($0) IS NOT NULL GROUP BY \($0) HAVING COUNT(*) > 1" }
        duplicateCount = columns.map {
            "SELECT COALESCE(SUM(c - 1), 0) FROM (SELECT COUNT(*) AS c FROM records WHERE \($0) IS NOT NULL GROUP BY \($0) HAVING c > 1)"
        }
    }

    /// The table and its key indexes, from nothing.
    func creation(unique: Bool) -> [String] {
        ["DROP TABLE IF EXISTS records",
         "CREATE TABLE records (id BLOB PRIMARY KEY, entity INTEGER NOT NULL, body BLOB NOT NULL\(columns.map { ", \($0) BLOB" }.joined())) WITHOUT ROWID"]
            + columns.map { "CREATE \(unique ? "UNIQUE " : "")INDEX records_\($0) ON records(\($0))" }
    }

    /// The key column of `uniqueKey`, counted from 0.
    func column(of uniqueKey: UniqueKeyID) -> Int {
        firstColumnOfEntity[uniqueKey.entity.rawValue] + uniqueKey.key
    }

    /// The `upsert` parameter of `uniqueKey`'s column.
    func upsertParameter(of uniqueKey: UniqueKeyID) -> Int32 {
        Int32(4 + column(of: uniqueKey))
    }
}
