import SyncModel
import SyncStore

/// The changes one dedupe pass makes, staged before they are committed in
/// one transaction: at most one per record, a later change to a record
/// merged into the earlier, so the pass reads each record as it has left
/// it so far (``current(_:in:)``).
struct DedupePassChanges {
    private(set) var byID: [RecordID: Record] = [:]

    var isEmpty: Bool { byID.isEmpty }

    /// `id`'s stored record with what the pass has staged for it.
    func current(_ id: RecordID, in store: any Store) -> Record {
        let stored = store.record(id)!
        return byID[id].map { stored.merged(with: $0) } ?? stored
    }

    mutating func stage(_ change: Record) {
        byID[change.id] = byID[change.id].map { $0.merged(with: change) } ?? change
    }

    /// Commits the staged changes, sorted by id, and returns them (to
    /// replicate); nothing when nothing is staged.
    func commit(in context: inout StrategyContext) -> [Record] {
        guard !isEmpty else { return [] }
        do {
            return try context.commitMerging(Array(byID.values))
        } catch {
            preconditionFailure("a store without unique constraints refused a dedupe pass: \(error)")
        }
    }
}
