import SyncModel

/// One write in a transaction.
public enum StoreOperation: Sendable {
    /// Join `change` into the stored version (insert it if the id is new).
    case merge(Record)
    /// Make the stored version exactly `record`, whatever was there: how a
    /// merge policy overwrites a record regardless of stamps.
    case replace(Record)

    /// The id of the record the operation writes.
    public var id: RecordID {
        switch self {
        case .merge(let record), .replace(let record): return record.id
        }
    }

    /// The version this operation leaves, over `current` (nil: no record yet).
    public func applied(to current: Record?) -> Record {
        switch self {
        case .merge(let change): return current.map { $0.merged(with: change) } ?? change
        case .replace(let record): return record
        }
    }
}

/// Writes that are applied whole or not at all.
public struct Transaction: Sendable {
    /// The writes, in the order they apply.
    public var operations: [StoreOperation]

    /// A transaction of `operations`; empty unless told.
    public init(_ operations: [StoreOperation] = []) {
        self.operations = operations
    }

    /// True when there is nothing to write.
    public var isEmpty: Bool { operations.isEmpty }
}

/// The contract every replica store keeps: lookups by id and by natural
/// key, and atomic transactions. With `enforcesUniqueness`, a transaction
/// that would leave two live records holding one natural key is refused
/// whole, as a `UNIQUE` index refuses it; the caller's merge policy decides
/// what to do next.
///
/// Everything returned in bulk is sorted, never in hash order. A store is
/// `Sendable` so that concurrent writers can share one behind a lock: a
/// value type, or a class that guards its own state.
public protocol Store: Sendable {
    var schema: Schema { get }
    var enforcesUniqueness: Bool { get }
    /// Transactions committed so far: a cheap "has anything changed" check.
    var commitCount: Int { get }
    /// Live records minus distinct natural keys, summed over every entity
    /// and unique key (DESIGN.md's `duplicates`).
    var duplicateCount: Int { get }
    /// Digest of the materialised state; equal stores have equal digests.
    var digest: StateDigest { get }

    func record(_ id: RecordID) -> Record?
    /// Live records holding `key`, sorted by id: what a fetch by natural key
    /// returns, first match first.
    func liveRecordIDs(holding key: NaturalKey) -> [RecordID]
    /// The live record holding `key` with the lowest id (what a fetch by
    /// key returns first); nil when none. The same as the first of
    /// ``liveRecordIDs(holding:)``, read back, without building the list.
    func firstLiveRecord(holding key: NaturalKey) -> Record?
    /// Whether some live record holds `key`: ``liveRecordIDs(holding:)`` is
    /// not empty.
    func holdsLiveRecord(_ key: NaturalKey) -> Bool
    /// Keys of `uniqueKey` held by more than one live record, sorted.
    func duplicatedKeys(of uniqueKey: UniqueKeyID) -> [NaturalKey]
    /// Every record, live or tombstoned, sorted by id.
    func allRecords() -> [Record]
    /// Calls `body` with every record, live or tombstoned, in an order of
    /// the store's choosing that is the same in every process: for a count
    /// over every record, which need not sort them (at a million records
    /// the sort was most of the final check).
    func forEachRecord(_ body: (Record) -> Void)

    mutating func commit(_ transaction: Transaction) throws(StoreError)

    /// A lightweight migration to a model that declares the schema's unique
    /// keys as constraints: from now on the store enforces them. Fails,
    /// changing nothing, when live records already share a key, as building
    /// a `UNIQUE` index over duplicate rows does. Adding them again does
    /// nothing.
    mutating func addUniqueConstraints() throws(StoreError)

    /// Catches up after other connections wrote to the same database (the
    /// concurrent writers of a file store): recounts what it keeps counted.
    mutating func reloadAfterOtherConnections()

    /// Starts a journal of what commits touch, read with ``takeJournal()``:
    /// what lets a checker look only at what a commit could have changed,
    /// not at every key and record after every commit (issue 31). A store
    /// may keep none.
    mutating func startJournal()

    /// What commits touched since the last call (``StoreJournal``); the
    /// journal starts over. Nil when the store keeps no journal (it was not
    /// started, or the store cannot tell): the caller then looks at
    /// everything.
    mutating func takeJournal() -> StoreJournal?

    /// The live records of `entity` whose relationship `relation` holds
    /// `target`, sorted by id: what the inverse shows on `target`, as an
    /// index answers it. Nil when the store keeps no such index: the caller
    /// reads every record.
    func owners(of target: RecordID, entity: EntityIndex, relation: Int) -> [RecordID]?

    /// Every stored record, live or not, of any entity, whose relationships
    /// hold `target`, sorted by id; nil when the store keeps no index of
    /// owners (the caller reads every record).
    func linkingRecords(to target: RecordID) -> [RecordID]?

    /// Starts a list of the records commits touch, apart from the journal
    /// (``startJournal()``): the app's own reader, the delete rules applied
    /// after an import, which must see every record the imports since its
    /// last pass changed. A store may keep none.
    mutating func startTouchedRecords()

    /// The records commits touched since the last call, each at least once,
    /// in no order that may reach an output; the list starts over. Nil when
    /// the store keeps none (not started, or it cannot tell).
    mutating func takeTouchedRecords() -> [RecordID]?
}

extension Store {
    /// A store no other connection can write has nothing to catch up on.
    public mutating func reloadAfterOtherConnections() {}

    /// The first of the sorted list, read back.
    public func firstLiveRecord(holding key: NaturalKey) -> Record? {
        liveRecordIDs(holding: key).first.flatMap(record)
    }

    /// Whether the list is empty.
    public func holdsLiveRecord(_ key: NaturalKey) -> Bool {
        !liveRecordIDs(holding: key).isEmpty
    }

    /// Keeps no journal: another connection may change what it holds.
    public mutating func startJournal() {}

    /// No journal: anything may have changed.
    public mutating func takeJournal() -> StoreJournal? { nil }

    /// No index of owners: the caller reads every record.
    public func owners(of target: RecordID, entity: EntityIndex, relation: Int) -> [RecordID]? { nil }

    /// No index of owners: the caller reads every record.
    public func linkingRecords(to target: RecordID) -> [RecordID]? { nil }

    /// Keeps no list: another connection may change what it holds.
    public mutating func startTouchedRecords() {}

    /// No list: anything may have changed.
    public mutating func takeTouchedRecords() -> [RecordID]? { nil }

    /// Every record in id order.
    public func forEachRecord(_ body: (Record) -> Void) {
        for record in allRecords() { body(record) }
    }
}

/// What a store's commits touched since its journal was last taken: each
/// at least once, in no order that may reach an output.
public struct StoreJournal: Sendable {
    /// The natural keys committed records held before or after each change.
    public var keys: [NaturalKey] = []
    /// The committed records.
    public var records: [RecordID] = []

    /// An empty journal.
    public init() {}
}
