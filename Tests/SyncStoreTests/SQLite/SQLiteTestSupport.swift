import Foundation
import Synchronization
import SyncModel
import SyncStore
import SyncStoreSQLite

/// A fresh empty folder under the temporary directory, named after the
/// test and a process-wide counter, removed when released.
final class TemporaryFolder {
    private static let counter = Atomic<Int>(0)

    let url: URL
    var path: String { url.path }

    init(_ name: String = #function) throws {
        let number = Self.counter.add(1, ordering: .relaxed).newValue
        let safe = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("syncstore-sqlite-\(getpid())-\(number)-\(safe)", isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The names in the folder, sorted.
    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    deinit {
        // A test may have made the folder read-only.
        chmod(path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }
}

/// Tests may run as root, where file permissions are not enforced.
var runningAsRoot: Bool { getuid() == 0 }

extension Store {
    /// Commits, returning the refusal instead of throwing it.
    mutating func commitCatching(_ operations: [StoreOperation]) -> StoreError? {
        do {
            try commit(Transaction(operations))
            return nil
        } catch {
            return error
        }
    }
}

/// Everything a store shows, to compare two stores or one store before and
/// after a refused transaction.
struct StoreSnapshot: Equatable, CustomStringConvertible {
    let commitCount: Int
    let duplicateCount: Int
    let digest: StateDigest
    let records: [Record]
    let byID: [Record?]
    let holders: [[RecordID]]
    let duplicated: [[NaturalKey]]

    init(_ store: some Store, keys: [NaturalKey], ids: [RecordID] = StoreWorkload.allIDs) {
        commitCount = store.commitCount
        duplicateCount = store.duplicateCount
        digest = store.digest
        records = store.allRecords()
        byID = ids.map(store.record)
        holders = keys.map(store.liveRecordIDs(holding:))
        duplicated = store.schema.allUniqueKeys.map(store.duplicatedKeys(of:))
    }

    var description: String {
        "commits \(commitCount), duplicates \(duplicateCount), digest \(digest), \(records.count) records, "
            + "holders \(holders), duplicated \(duplicated)"
    }
}

enum SQLiteFixtures {
    /// Every natural key the store workload can make.
    static let workloadKeys: [NaturalKey] = {
        let emails: [FieldValue] = [.string("a"), .string("b"), .string("c"), .string("")]
        let given: [FieldValue] = [.string("Ada"), .string("Bo")]
        let family: [FieldValue] = [.string("L"), .int(7)]
        let tags: [FieldValue] = [.string("x"), .string("y")]
        return emails.map { NaturalKey(uniqueKey: StoreFixtures.personEmail, values: [$0]) }
            + given.flatMap { g in family.map { NaturalKey(uniqueKey: StoreFixtures.personName, values: [g, $0]) } }
            + tags.map { NaturalKey(uniqueKey: StoreFixtures.tagName, values: [$0]) }
    }()

    static func store(unique: Bool, path: String = ":memory:") throws(StoreError) -> SQLiteStore {
        try SQLiteStore(schema: StoreFixtures.schema, enforcesUniqueness: unique, path: path)
    }
}
