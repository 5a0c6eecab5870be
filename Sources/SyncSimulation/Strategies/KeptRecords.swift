import SyncModel

/// The new records a unique-constraint save still keeps, in order, found
/// by id: the retry loop removes the one a conflict names and appends what
/// its resolution keeps, in time that does not grow with the save's size
/// (a list scanned per conflict made a save of n colliding records cost
/// n², issue 31). Removed records leave a gap that ``records`` skips, so
/// the order is the one removing and appending in a plain list gives.
struct KeptRecords {
    private var slots: [Record?]
    /// Where the kept records with each id stand in `slots`, in order.
    private var slotsOfID: [RecordID: [Int]] = [:]

    init(_ records: [Record]) {
        slots = []
        append(records)
    }

    /// The kept records, in order.
    var records: [Record] { slots.compactMap { $0 } }

    /// Whether a kept record has this id.
    func contains(_ id: RecordID) -> Bool { slotsOfID[id] != nil }

    /// Removes every kept record with this id and returns the first, as
    /// a list's `first(where:)` then `removeAll(where:)` would; one must be kept.
    mutating func remove(_ id: RecordID) -> Record {
        guard let held = slotsOfID.removeValue(forKey: id), let record = slots[held[0]] else { preconditionFailure("\(id) is not kept") }
        for slot in held { slots[slot] = nil }
        return record
    }

    /// Keeps `records` after the others.
    mutating func append(_ records: [Record]) {
        for record in records {
            slotsOfID[record.id, default: []].append(slots.count)
            slots.append(record)
        }
    }
}
