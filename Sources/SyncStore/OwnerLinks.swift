import SyncModel

/// Which records' relationships hold each target, kept as records are
/// stored: what answers "who links here" (a delete rule's owners) without
/// reading every record (issue 31). Every stored version is indexed, live
/// or not; the store's query checks each owner's entity and liveness.
struct OwnerLinks {
    /// One record's relationship holding a target.
    struct Link: Hashable {
        let owner: RecordID
        let relation: Int
    }

    /// Off for a schema without relationships: nothing to index.
    var isKept = false
    private var linksTo: [RecordID: Set<Link>] = [:]

    /// The records whose relationship `relation` holds `target`, in no order.
    func owners(of target: RecordID, relation: Int) -> [RecordID] {
        (linksTo[target] ?? []).compactMap { $0.relation == relation ? $0.owner : nil }
    }

    /// Every record whose relationships hold `target`, through any relationship, in no order.
    func owners(of target: RecordID) -> Set<RecordID> {
        Set((linksTo[target] ?? []).map(\.owner))
    }

    /// False when `operation` cannot change any relationship of the record.
    func mayChange(_ operation: StoreOperation) -> Bool {
        guard isKept else { return false }
        switch operation {
        case .replace: return true
        case .merge(let change): return !change.relations.allSatisfy(\.isEmpty)
        }
    }

    /// The stored version of a record goes from `old` (nil: none) to `new`.
    mutating func replace(_ old: Record?, with new: Record) {
        guard isKept else { return }
        let before = old.map(Self.links) ?? []
        let after = Self.links(of: new)
        guard before != after else { return }
        for entry in before.subtracting(after) {
            linksTo[entry.target]?.remove(entry.link)
            if linksTo[entry.target]?.isEmpty == true { linksTo[entry.target] = nil }
        }
        for entry in after.subtracting(before) { linksTo[entry.target, default: []].insert(entry.link) }
    }

    /// A target and the link that holds it.
    private struct Entry: Hashable {
        let target: RecordID
        let link: Link
    }

    /// Every (target, link) a record's relationships hold.
    private static func links(of record: Record) -> Set<Entry> {
        var entries: Set<Entry> = []
        for relation in record.relations.indices {
            for target in record.relations[relation].elements { entries.insert(Entry(target: target, link: Link(owner: record.id, relation: relation))) }
        }
        return entries
    }
}
