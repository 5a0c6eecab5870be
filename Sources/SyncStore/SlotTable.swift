import SyncModel

/// A memory store's table from record id to slot number: open addressing
/// over four-byte buckets, each a slot number plus one (0 is empty), the id
/// itself read from the slot. A `Dictionary<RecordID, UInt32>` keeps the
/// 16-byte id beside each 4-byte number and hashes it with a seeded
/// SipHash; this keeps only the number, about 7 bytes a record instead of
/// about 40, and hashes with one multiplication.
///
/// Records are never removed from a store (a delete is a tombstone), so
/// the table only grows, and linear probing needs no tombstones. It doubles
/// when three quarters full. Nothing iterates it, so its order, which
/// depends on ids, reaches no output.
struct SlotTable {
    /// Slot number + 1 per bucket; 0 is empty. A power of two long, or empty.
    private var buckets: [UInt32] = []
    /// Ids in the table.
    private(set) var count = 0

    /// The slot of `id`; `idAt` reads the id stored in a slot.
    @inline(__always)
    func slot(of id: RecordID, idAt: (UInt32) -> RecordID) -> UInt32? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var bucket = Self.home(of: id, mask: mask)
        while true {
            let entry = buckets[bucket]
            if entry == 0 { return nil }
            if idAt(entry - 1) == id { return entry - 1 }
            bucket = (bucket + 1) & mask
        }
    }

    /// Records that `id`, not yet in the table, is in `slot`.
    mutating func insert(_ id: RecordID, slot: UInt32, idAt: (UInt32) -> RecordID) {
        precondition(slot < UInt32.max, "a slot table numbers at most \(UInt32.max - 1) slots")
        if (count + 1) * 4 > buckets.count * 3 { grow(idAt: idAt) }
        place(slot, home: Self.home(of: id, mask: buckets.count - 1))
        count += 1
    }

    private mutating func place(_ slot: UInt32, home: Int) {
        let mask = buckets.count - 1
        var bucket = home
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = slot + 1
    }

    private mutating func grow(idAt: (UInt32) -> RecordID) {
        let old = buckets
        buckets = Array(repeating: 0, count: max(16, old.count * 2))
        let mask = buckets.count - 1
        for entry in old where entry != 0 { place(entry - 1, home: Self.home(of: idAt(entry - 1), mask: mask)) }
    }

    /// Fibonacci hashing: the high bits of the id's halves mixed and
    /// multiplied by 2⁶⁴/φ, so sequential ids spread as well as random ones.
    @inline(__always)
    private static func home(of id: RecordID, mask: Int) -> Int {
        let mixed = (id.high ^ (id.low &* 0xBF58_476D_1CE4_E5B9)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }
}
