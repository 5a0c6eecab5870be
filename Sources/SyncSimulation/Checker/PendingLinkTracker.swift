import SyncModel
import SyncStore

/// Links a device holds to records it has not received yet: CloudKit
/// promises no order across records, so a reference can arrive before its
/// target ("All relationships must have an inverse, in case the records
/// synchronize out of order": docs/sources/dedupe-and-deletes.md, item 7).
/// Such a link is held, not dropped, and resolves when the target arrives;
/// only one whose target never arrives ends up `dangling`. `peak` is the
/// most any device held at one look, to show that it happened. A link to a
/// record a unique constraint folded into a local one (an alias) is not
/// pending: that record arrived, and will not arrive again.
struct PendingLinkTracker {
    private let schema: Schema
    private(set) var peak = 0

    /// Nil when the schema has no relationship: nothing to look at.
    init?(schema: Schema) {
        guard schema.entities.contains(where: { !$0.relations.isEmpty }) else { return nil }
        self.schema = schema
    }

    mutating func update(store: any Store, aliases: [RecordID: RecordID]) {
        var pending = 0
        for record in store.allRecords() where record.isLive {
            for relation in record.relations.indices {
                pending += record.targets(of: relation, schema: schema).count { store.record($0) == nil && aliases[$0] == nil }
            }
        }
        peak = max(peak, pending)
    }
}
