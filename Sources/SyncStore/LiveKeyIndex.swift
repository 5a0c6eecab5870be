import SyncModel

/// The live holders of one natural key, sorted by id. The first is kept
/// inline, so a key with one holder, the usual case, costs no array.
struct KeyHolders {
    private(set) var first: RecordID
    private var others: [RecordID] = []

    init(_ id: RecordID) {
        first = id
    }

    var count: Int { 1 + others.count }

    var ids: [RecordID] { [first] + others }

    mutating func insert(_ id: RecordID) {
        precondition(id != first && !others.containsSorted(id), "\(id) already holds this key")
        if id < first {
            others.insert(first, at: 0)
            first = id
        } else {
            others.insertSorted(id)
        }
    }

    /// Removes `id`; false when it was the last holder.
    mutating func remove(_ id: RecordID) -> Bool {
        if id == first {
            guard !others.isEmpty else { return false }
            first = others.removeFirst()
            return true
        }
        guard let index = others.firstIndex(of: id) else { preconditionFailure("index lost holder \(id)") }
        others.remove(at: index)
        return true
    }
}

/// Live holders of every natural key, by its 128-bit hash, with the
/// duplicate count (DESIGN.md's `duplicates`: holders beyond the first,
/// summed) and the keys held more than once, kept as holders come and go.
/// The index stores no key text: its owner checks, from the records, that
/// a hash stands for one key (``MemoryStore``).
struct LiveKeyIndex {
    private(set) var duplicateCount = 0
    private var holders: [NaturalKeyHash: KeyHolders] = [:]
    /// Keys held more than once, per unique key. Read only through
    /// ``duplicated(of:)``, which its caller sorts.
    private var duplicated: [UniqueKeyID: Set<NaturalKeyHash>] = [:]

    func holders(of hash: NaturalKeyHash) -> KeyHolders? { holders[hash] }

    /// The hashes of keys of `uniqueKey` held more than once, in no order.
    func duplicated(of uniqueKey: UniqueKeyID) -> Set<NaturalKeyHash> { duplicated[uniqueKey] ?? [] }

    /// Adds `id` as a holder of `key`. Returns the key's lowest holder
    /// before, when it already had one, for the caller's collision check.
    @discardableResult
    mutating func add(_ id: RecordID, to key: LiveKey) -> RecordID? {
        // Through the values' index: the holders are changed where they
        // lie, never copied out and written back, and hashed once.
        var previousFirst: RecordID?
        var count = 1
        if let index = holders.index(forKey: key.hash) {
            previousFirst = holders.values[index].first
            holders.values[index].insert(id)
            count = holders.values[index].count
        } else {
            holders[key.hash] = KeyHolders(id)
        }
        if count > 1 {
            duplicateCount += 1
            duplicated[key.uniqueKey, default: []].insert(key.hash)
        }
        return previousFirst
    }

    mutating func remove(_ id: RecordID, from key: LiveKey) {
        guard let index = holders.index(forKey: key.hash) else {
            preconditionFailure("index lost holder \(id) of a key of \(key.uniqueKey)")
        }
        guard holders.values[index].remove(id) else {
            holders.remove(at: index)
            return
        }
        // The key held count + 1 records, so it counted count duplicates.
        duplicateCount -= 1
        if holders.values[index].count == 1 { duplicated[key.uniqueKey]?.remove(key.hash) }
    }
}
