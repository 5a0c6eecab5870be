import SyncModel
import SyncStore
import SyncStoreSQLite

/// Where replicas keep their records: `--store memory|sqlite|sqlite:DIR`.
public enum StoreKind: Hashable, Sendable {
    /// ``MemoryStore``: Swift dictionaries and indexes.
    case memory
    /// ``SQLiteStore`` on a private in-memory database per replica.
    case sqliteMemory
    /// ``SQLiteStore`` on one database file per run, strategy and replica
    /// under a folder, laid out by ``StoreLayout``. The folder, and the
    /// folders below it, are created when missing.
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

    /// The store for the runs of one sweep point: for `sqlite:DIR`, files
    /// under the point's own folder, `DIR/<path>=<value>,…` (see
    /// ``StoreLayout/pointFolder(_:)``), created here when missing, DIR
    /// too. Other kinds, and a point with no settings, are
    /// unchanged. The point is carried in the folder so that
    /// `case sqliteFiles(directory:)` keeps its shape for existing callers.
    public func forSweepPoint(_ settings: [(path: String, value: String)]) throws(StoreError) -> StoreKind {
        let folder = StoreLayout.pointFolder(settings)
        guard case .sqliteFiles(let directory) = self, !folder.isEmpty else { return self }
        let root = SQLiteStoreFolders.withoutTrailingSlash(directory)
        try SQLiteStoreFolders.makeFolders(under: root, for: "")
        try SQLiteStoreFolders.makeFolder(root + "/" + folder, for: root + "/" + folder)
        return .sqliteFiles(directory: root + "/" + folder)
    }

    /// Opens an empty store for one replica of one run, and says under
    /// which label. `label` is the file's path under DIR
    /// (``StoreLayout/file(scenario:seed:strategy:replica:incarnation:)``);
    /// its folders are created. When another live store holds that file
    /// (``SQLiteStore``'s lock: another run, such as a sweep started beside
    /// this one on the same DIR), the store takes the first of `label~2`,
    /// `label~3`, … that no one holds, so both runs finish.
    func open(schema: Schema, enforcesUniqueness: Bool, label: String) throws(StoreError) -> (store: any Store, label: String) {
        switch self {
        case .memory:
            return (MemoryStore(schema: schema, enforcesUniqueness: enforcesUniqueness), label)
        case .sqliteMemory:
            return (try SQLiteStore(schema: schema, enforcesUniqueness: enforcesUniqueness), label)
        case .sqliteFiles(let directory):
            try SQLiteStoreFolders.makeFolders(under: SQLiteStoreFolders.withoutTrailingSlash(directory), for: label)
            var attempt = 1
            while true {
                let candidate = attempt == 1 ? label : "\(label)~\(attempt)"
                do {
                    let store = try SQLiteStore(schema: schema, enforcesUniqueness: enforcesUniqueness,
                                                path: Self.path(directory: directory, label: candidate))
                    return (store, candidate)
                } catch where error.code == .inUse && attempt < Self.maxFileAttempts {
                    attempt += 1
                }
            }
        }
    }

    /// How many files of one label a run tries before it gives up: as many
    /// runs as could share one folder at once on a large machine.
    static let maxFileAttempts = 256

    static func path(directory: String, label: String) -> String {
        SQLiteStoreFolders.withoutTrailingSlash(directory) + "/" + label
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

    /// Removes a replica's database file (and its WAL files): a wipe. Its
    /// lock file goes when the store that holds it is released.
    func delete(label: String) {
        guard case .sqliteFiles(let directory) = self else { return }
        SQLiteStoreFolders.deleteDatabase(at: Self.path(directory: directory, label: label))
    }
}
