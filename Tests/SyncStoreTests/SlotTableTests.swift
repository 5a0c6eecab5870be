import SyncModel
@testable import SyncStore
import Testing

/// ``SlotTable``, the memory store's ids-to-slots table: every id stored is
/// found in its own slot through growth and probing, and no other id is.
struct SlotTableTests {
    /// Ids stored in slots 0, 1, 2, … in the order given.
    static func table(of ids: [RecordID]) -> SlotTable {
        var table = SlotTable()
        for (slot, id) in ids.enumerated() {
            let stored = ids[..<slot]
            #expect(table.slot(of: id) { stored[Int($0)] } == nil)
            table.insert(id, slot: UInt32(slot)) { ids[Int($0)] }
        }
        return table
    }

    @Test(arguments: ["sequential", "random", "same low half", "same high half"])
    func everyIdIsFoundInItsSlot(_ shape: String) {
        var random = SplitMix(seed: 7)
        let ids: [RecordID] = (0 ..< 5_000).map { index in
            let n = UInt64(index)
            switch shape {
            case "sequential": return RecordID(high: 0, low: n)
            case "random": return RecordID(high: random.next(), low: random.next())
            case "same low half": return RecordID(high: n, low: 42)
            default: return RecordID(high: 42, low: n)
            }
        }
        let table = Self.table(of: ids)
        #expect(table.count == ids.count)
        for (slot, id) in ids.enumerated() {
            #expect(table.slot(of: id) { ids[Int($0)] } == UInt32(slot))
        }
        // Ids never stored are not found, though their probes cross stored ones.
        for index in 0 ..< 1_000 {
            let absent = RecordID(high: 7_000_000 + UInt64(index), low: 9_000_000)
            #expect(table.slot(of: absent) { ids[Int($0)] } == nil)
        }
    }

    @Test func anEmptyTableFindsNothing() {
        #expect(SlotTable().slot(of: RecordID(high: 1, low: 2)) { _ in preconditionFailure("no slot to read") } == nil)
        #expect(SlotTable().count == 0)
    }

    /// SplitMix64, for ids that look random and are the same every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
