import SyncModel

/// A replica's store in memory, laid out for the hot path of a run: a
/// remote change merges into the stored record where it lies, and only
/// changes that can move a natural key visit the key index. Key lookups,
/// the duplicate count and the state digest cost O(1) or O(log n) per
/// changed record rather than a scan.
///
/// - Records live in one array of slots, found by id through a table of
///   slot numbers: a record is never removed (a delete is a tombstone), so
///   slots only grow.
/// - Natural keys are indexed by their 128-bit hash (``NaturalKeyHash``);
///   the key's text stays in the records that hold it, and is compared
///   with it when a hash gains a second holder or answers a lookup, so a
///   collision stops the run instead of merging two keys.
public struct MemoryStore: Store {
    /// The record types this store holds.
    public let schema: Schema
    /// Whether commits are checked against the unique keys; ``addUniqueConstraints()`` turns it on.
    public private(set) var enforcesUniqueness: Bool
    /// Non-empty transactions committed so far.
    public private(set) var commitCount = 0
    /// The sum of every slot's digest, updated as each slot changes rather than recomputed.
    public private(set) var digest = StateDigest.zero
    /// Kept by the key index as holders come and go, never counted by a scan.
    public var duplicateCount: Int { keyIndex.duplicateCount }

    private struct Slot {
        var record: Record
        /// `record.materialisedDigest`, kept so that a change subtracts the old one.
        var digest: StateDigest
    }

    /// Slot numbers by id (``SlotTable``: four bytes a bucket).
    private var slotTable = SlotTable()
    private var slots: ContiguousArray<Slot> = []
    private var keyIndex = LiveKeyIndex()
    private let keys: LiveKeys
    /// What commits touched since the journal was last taken; nil while
    /// no journal is kept (``startJournal()``).
    private var journal: StoreJournal?
    /// The records commits touched since the list was last taken; nil
    /// while none is kept (``startTouchedRecords()``).
    private var touchedRecords: [RecordID]?
    /// For a schema with relationships: per target, the records whose
    /// relationships hold it in their stored version, with the
    /// relationship's index (``owners(of:entity:relation:)``).
    private var ownerLinks = OwnerLinks()

    /// An empty store.
    public init(schema: Schema, enforcesUniqueness: Bool) {
        self.schema = schema
        self.enforcesUniqueness = enforcesUniqueness
        keys = LiveKeys(schema: schema)
        ownerLinks.isKept = schema.entities.contains { !$0.relations.isEmpty }
    }

    /// The live owners of `target` through `entity`'s relationship
    /// `relation`, sorted by id, from the index of owners.
    public func owners(of target: RecordID, entity: EntityIndex, relation: Int) -> [RecordID]? {
        guard ownerLinks.isKept else { return nil }
        // The index holds every stored version's links: an owner must
        // still be live, and of `entity` (another entity's relationship
        // may have the same index).
        return ownerLinks.owners(of: target, relation: relation).filter { id in
            record(id).map { $0.entity == entity && $0.isLive } ?? false
        }.sorted()
    }

    /// Every stored record linking to `target`, from the index of owners.
    public func linkingRecords(to target: RecordID) -> [RecordID]? {
        guard ownerLinks.isKept else { return nil }
        return ownerLinks.owners(of: target).sorted()
    }

    /// The stored version of `id`, live or tombstoned; nil when never stored.
    public func record(_ id: RecordID) -> Record? {
        storedSlot(of: id).map { slots[Int($0)].record }
    }

    /// The slot holding `id`'s stored version; nil when never stored.
    private func storedSlot(of id: RecordID) -> UInt32? {
        slotTable.slot(of: id) { slots[Int($0)].record.id }
    }

    /// Live holders of `key`, found by its hash and checked against its text.
    public func liveRecordIDs(holding key: NaturalKey) -> [RecordID] {
        liveRecordIDs(holding: key, hash: NaturalKeyHash(key))
    }

    /// The key index's first holder of the key's hash, which is the holder
    /// with the lowest id, checked against the key's text: no list built,
    /// no second lookup by id.
    public func firstLiveRecord(holding key: NaturalKey) -> Record? {
        guard let slot = firstHolderSlot(of: key) else { return nil }
        assert(liveRecordIDs(holding: key).first == slots[Int(slot)].record.id, "the key index's first holder is not the lowest id")
        return slots[Int(slot)].record
    }

    /// Whether the key index holds a holder of the key's hash that really holds the key.
    public func holdsLiveRecord(_ key: NaturalKey) -> Bool {
        firstHolderSlot(of: key) != nil
    }

    /// The slot of the key index's first holder of the key's hash, when
    /// that record really holds the key. Another key with the same hash
    /// would have stopped the run when it was indexed; a key that is not
    /// held can still meet one here.
    private func firstHolderSlot(of key: NaturalKey, hash: NaturalKeyHash? = nil) -> UInt32? {
        guard let first = keyIndex.firstSlot(of: hash ?? NaturalKeyHash(key)), keys.holds(slots[Int(first)].record, key) else { return nil }
        return first
    }

    private func liveRecordIDs(holding key: NaturalKey, hash: NaturalKeyHash) -> [RecordID] {
        guard let first = firstHolderSlot(of: key, hash: hash) else { return [] }
        return [slots[Int(first)].record.id] + keyIndex.otherHolders(of: hash)
    }

    /// Keys of `uniqueKey` with more than one live holder, read back from a holder's fields, sorted.
    public func duplicatedKeys(of uniqueKey: UniqueKeyID) -> [NaturalKey] {
        keyIndex.duplicated(of: uniqueKey).map { hash in
            keys.naturalKey(LiveKey(uniqueKey: uniqueKey, hash: hash), of: slots[Int(keyIndex.firstSlot(of: hash)!)].record)
        }.sorted()
    }

    /// Turns enforcement on, or throws `uniqueConstraint` listing every conflict and changes nothing.
    public mutating func addUniqueConstraints() throws(StoreError) {
        guard !enforcesUniqueness else { return }
        let conflicts = schema.allUniqueKeys.flatMap { uniqueKey in
            duplicatedKeys(of: uniqueKey).map { UniqueConflict(key: $0, recordIDs: liveRecordIDs(holding: $0)) }
        }
        if let first = conflicts.first {
            throw StoreError(code: .uniqueConstraint, message: "cannot add the unique constraints: \(first.recordIDs.count) live records hold \(first.key)",
                             conflicts: conflicts)
        }
        enforcesUniqueness = true
    }

    /// Every record, live or tombstoned, sorted by id.
    public func allRecords() -> [Record] {
        slots.map(\.record).sorted { $0.id < $1.id }
    }

    /// Every record in the order it was first stored: no sort, no copy of
    /// the table (``Store/forEachRecord(_:)``).
    public func forEachRecord(_ body: (Record) -> Void) {
        for slot in slots { body(slot.record) }
    }

    /// Starts the journal of what commits touch (``Store/startJournal()``).
    public mutating func startJournal() {
        if journal == nil { journal = StoreJournal() }
    }

    /// What commits touched since the last call (``Store/takeJournal()``).
    public mutating func takeJournal() -> StoreJournal? {
        guard let taken = journal else { return nil }
        journal = StoreJournal()
        return taken
    }

    /// Starts the list of records commits touch (``Store/startTouchedRecords()``).
    public mutating func startTouchedRecords() {
        if touchedRecords == nil { touchedRecords = [] }
    }

    /// The records commits touched since the last call (``Store/takeTouchedRecords()``).
    public mutating func takeTouchedRecords() -> [RecordID]? {
        guard let taken = touchedRecords else { return nil }
        touchedRecords = []
        return taken
    }

    /// Adds `record`, as a version committed or replaced, to the list of
    /// touched records and, with the keys it holds, to the journal, for
    /// each that is kept.
    private mutating func journal(_ record: Record) {
        touchedRecords?.append(record.id)
        guard journal != nil else { return }
        journal!.keys += keys.naturalKeys(of: record)
        journal!.records.append(record.id)
    }

    /// An empty transaction changes nothing and is not counted.
    public mutating func commit(_ transaction: Transaction) throws(StoreError) {
        guard !transaction.isEmpty else { return }
        if enforcesUniqueness {
            try commitChecked(transaction)
        } else {
            // Nothing can refuse the transaction, so each operation applies
            // in place, in order: the same end state as staging them all.
            for operation in transaction.operations { apply(operation) }
        }
        commitCount += 1
    }

    /// Under unique constraints: staged first and checked whole, so a
    /// refusal leaves the store as it was.
    private mutating func commitChecked(_ transaction: Transaction) throws(StoreError) {
        let staged = StagedTransaction(transaction, keys: keys) { record($0) }
        if !staged.additions.isEmpty {
            let conflicts = staged.conflicts(keys: keys) { liveRecordIDs(holding: $1, hash: $0.hash) }
            if let first = conflicts.first {
                throw StoreError(
                    code: .uniqueConstraint,
                    message: "UNIQUE constraint failed: \(schema[first.key.uniqueKey.entity].name) \(first.key) held by \(first.recordIDs.count) records",
                    conflicts: conflicts)
            }
        }
        for write in staged.writes {
            let old = record(write.new.id)
            if let old { journal(old) }
            journal(write.new)
            ownerLinks.replace(old, with: write.new)
            store(write.new)
        }
        // Index updates commute, so the (hash) order of these loops cannot
        // show; removals go first so that a key changing hands never
        // meets its old holder.
        for (key, ids) in staged.removals { for id in ids { removeHolder(id, at: storedSlot(of: id)!, of: key) } }
        for (key, ids) in staged.additions { for id in ids { addHolder(id, at: storedSlot(of: id)!, of: key) } }
    }

    /// One operation of a transaction nothing can refuse.
    private mutating func apply(_ operation: StoreOperation) {
        guard let slotNumber = storedSlot(of: operation.id) else {
            let record = operation.applied(to: nil)
            journal(record)
            ownerLinks.replace(nil, with: record)
            let slot = store(record)
            for key in keys.of(record) { addHolder(record.id, at: slot, of: key) }
            return
        }
        let slot = Int(slotNumber)
        let rekeys = keys.mayChange(operation)
        let oldKeys = rekeys ? keys.of(slots[slot].record) : []
        // A change that moves no key can still hide the record from a
        // fetch (a marked loser), so the keys it holds are journaled too.
        if rekeys { journal(slots[slot].record) }
        let relinks = ownerLinks.mayChange(operation)
        let before = relinks ? slots[slot].record : nil
        switch operation {
        case .merge(let change): slots[slot].record.merge(change)
        case .replace(let replacement): slots[slot].record = replacement
        }
        updateDigest(of: slot)
        journal(slots[slot].record)
        if relinks { ownerLinks.replace(before, with: slots[slot].record) }
        guard rekeys else { return }
        let newKeys = keys.of(slots[slot].record)
        for key in oldKeys where !newKeys.contains(key) { removeHolder(operation.id, at: slotNumber, of: key) }
        for key in newKeys where !oldKeys.contains(key) { addHolder(operation.id, at: slotNumber, of: key) }
    }

    /// Makes `record` the stored version of its id; returns its slot. The
    /// key index is the caller's.
    @discardableResult
    private mutating func store(_ record: Record) -> UInt32 {
        if let slot = storedSlot(of: record.id) {
            slots[Int(slot)].record = record
            updateDigest(of: Int(slot))
            return slot
        }
        precondition(slots.count < Int(UInt32.max), "a memory store holds at most \(UInt32.max) records")
        let slot = UInt32(slots.count)
        let recordDigest = record.materialisedDigest
        slots.append(Slot(record: record, digest: recordDigest))
        let stored = slots
        slotTable.insert(record.id, slot: slot) { stored[Int($0)].record.id }
        digest = digest + recordDigest
        return slot
    }

    private mutating func updateDigest(of slot: Int) {
        let newDigest = slots[slot].record.materialisedDigest
        digest = digest - slots[slot].digest + newDigest
        slots[slot].digest = newDigest
    }

    /// Indexes `id` as a holder of `key`, checking, when the key already
    /// had a holder, that the two records really share the key.
    private mutating func addHolder(_ id: RecordID, at slot: UInt32, of key: LiveKey) {
        let slots = self.slots
        guard let other = keyIndex.add(id, at: slot, to: key, idAt: { slots[Int($0)].record.id }) else { return }
        let held = keys.naturalKey(key, of: slots[Int(other)].record)
        precondition(keys.holds(slots[Int(slot)].record, held),
                     "two natural keys share the 128-bit hash \(key.hash.high)/\(key.hash.low): \(held) and \(keys.naturalKey(key, of: slots[Int(slot)].record))")
    }

    private mutating func removeHolder(_ id: RecordID, at slot: UInt32, of key: LiveKey) {
        let table = slotTable, slots = self.slots
        keyIndex.remove(id, at: slot, from: key, slotOf: { id in table.slot(of: id) { slots[Int($0)].record.id }! })
    }
}
