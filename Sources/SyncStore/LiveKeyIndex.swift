import SyncModel

/// Live holders of every natural key, by its 128-bit hash, with the
/// duplicate count (DESIGN.md's `duplicates`: holders beyond the first,
/// summed) and the keys held more than once, kept as holders come and go.
///
/// Laid out for memory: a held key costs one entry of 20 bytes, its lowest
/// holder's slot in the owner's record array; only a key with several
/// holders has a list, of the others, sorted by id. The index stores no key
/// text: its owner checks, from the records, that a hash stands for one key
/// (``MemoryStore``).
struct LiveKeyIndex {
    private(set) var duplicateCount = 0
    /// Each held key's lowest holder, as a slot of the owner.
    private var firstSlot: [NaturalKeyHash: UInt32] = [:]
    /// The holders after the first, sorted by id, of keys held more than once.
    private var others: [NaturalKeyHash: [RecordID]] = [:]
    /// Keys held more than once, per unique key. Read only through
    /// ``duplicated(of:)``, which its caller sorts.
    private var duplicated: [UniqueKeyID: Set<NaturalKeyHash>] = [:]

    /// The slot of the key's lowest holder; nil when no live record holds it.
    func firstSlot(of hash: NaturalKeyHash) -> UInt32? { firstSlot[hash] }

    /// Every holder after the first, sorted by id.
    func otherHolders(of hash: NaturalKeyHash) -> [RecordID] { others[hash] ?? [] }

    /// The hashes of keys of `uniqueKey` held more than once, in no order.
    func duplicated(of uniqueKey: UniqueKeyID) -> Set<NaturalKeyHash> { duplicated[uniqueKey] ?? [] }

    /// Adds record `id`, at `slot`, as a holder of `key`. Returns the slot
    /// of the key's lowest holder before, when it had one, for the
    /// caller's collision check. `idAt` reads a slot's record id.
    @discardableResult
    mutating func add(_ id: RecordID, at slot: UInt32, to key: LiveKey, idAt: (UInt32) -> RecordID) -> UInt32? {
        guard let index = firstSlot.index(forKey: key.hash) else {
            firstSlot[key.hash] = slot
            return nil
        }
        let previous = firstSlot.values[index]
        let firstID = idAt(previous)
        precondition(firstID != id, "\(id) already holds this key")
        if id < firstID {
            firstSlot.values[index] = slot
            others[key.hash, default: []].insert(firstID, at: 0)
        } else {
            precondition(!(others[key.hash]?.containsSorted(id) ?? false), "\(id) already holds this key")
            others[key.hash, default: []].insertSorted(id)
        }
        duplicateCount += 1
        duplicated[key.uniqueKey, default: []].insert(key.hash)
        return previous
    }

    /// Removes record `id`, at `slot`, from the holders of `key`.
    /// `slotOf` finds the slot of the holder that becomes the first.
    mutating func remove(_ id: RecordID, at slot: UInt32, from key: LiveKey, slotOf: (RecordID) -> UInt32) {
        guard let index = firstSlot.index(forKey: key.hash) else {
            preconditionFailure("index lost holder \(id) of a key of \(key.uniqueKey)")
        }
        if firstSlot.values[index] == slot {
            guard var rest = others.removeValue(forKey: key.hash) else {
                firstSlot.remove(at: index)
                return
            }
            firstSlot.values[index] = slotOf(rest.removeFirst())
            if !rest.isEmpty { others[key.hash] = rest }
        } else {
            guard let position = others[key.hash]?.firstIndex(of: id) else {
                preconditionFailure("index lost holder \(id) of a key of \(key.uniqueKey)")
            }
            others[key.hash]!.remove(at: position)
            if others[key.hash]!.isEmpty { others[key.hash] = nil }
        }
        // One holder fewer of a key that had several: one duplicate fewer.
        duplicateCount -= 1
        if others[key.hash] == nil { duplicated[key.uniqueKey]?.remove(key.hash) }
    }
}
