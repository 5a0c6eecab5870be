import Foundation
import SyncModel
import SyncStore

/// Where replicas keep their records: `--store memory|sqlite|sqlite:DIR`.
public enum StoreKind: Hashable, Sendable {
    /// ``MemoryStore``: Swift dictionaries and indexes.
    case memory
    /// ``SQLiteStore`` on a private in-memory database per replica.
    case sqliteMemory
    /// ``SQLiteStore`` on one database file per replica under a folder.
    case sqliteFiles(directory: String)

    /// The name a user types, and reports print.
    public var name: String {
        switch self {
        case .memory: return "memory"
        case .sqliteMemory: return "sqlite"
        case .sqliteFiles(let directory): return "sqlite:\(directory)"
        }
    }

    /// Reads `memory`, `sqlite` or `sqlite:DIR`.
    public init?(name: String) {
        switch name {
        case "memory": self = .memory
        case "sqlite": self = .sqliteMemory
        default:
            guard name.hasPrefix("sqlite:"), name.count > "sqlite:".count else { return nil }
            self = .sqliteFiles(directory: String(name.dropFirst("sqlite:".count)))
        }
    }

    /// Opens an empty store for one replica of one run. `label` names the
    /// run and replica (and, after a wipe, the incarnation) and becomes the
    /// file name: `DIR/<scenario>.<strategy>.<replica>.sqlite`.
    func open(schema: Schema, enforcesUniqueness: Bool, label: String) throws(StoreError) -> any Store {
        switch self {
        case .memory:
            return MemoryStore(schema: schema, enforcesUniqueness: enforcesUniqueness)
        case .sqliteMemory:
            return try SQLiteStore(schema: schema, enforcesUniqueness: enforcesUniqueness)
        case .sqliteFiles(let directory):
            return try SQLiteStore(schema: schema, enforcesUniqueness: enforcesUniqueness, path: Self.path(directory: directory, label: label))
        }
    }

    static func path(directory: String, label: String) -> String {
        let safe = String(label.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
        return (directory.hasSuffix("/") ? directory : directory + "/") + safe + ".sqlite"
    }

    /// One connection per concurrent writer to `store`'s database file, so
    /// that writers meet in SQLite's own locking; none for other stores,
    /// whose writers share the replica's store behind a lock.
    func writerConnections(to store: any Store, count: Int) throws(StoreError) -> [any Store] {
        guard case .sqliteFiles = self, let database = store as? SQLiteStore else { return [] }
        var connections: [any Store] = []
        for _ in 0 ..< count { connections.append(try SQLiteStore(connectingTo: database)) }
        return connections
    }

    /// Removes a replica's database file (and its WAL files): a wipe.
    func delete(label: String) {
        guard case .sqliteFiles(let directory) = self else { return }
        let path = Self.path(directory: directory, label: label)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
