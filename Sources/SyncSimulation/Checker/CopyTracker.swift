import SyncModel
import SyncStore

/// Counts the moments a device loses its last live copy of a key the apps
/// have not deleted (`copiesLost`): from one look at its store to the next,
/// the key went from held to not held while its latest acknowledged intent
/// was not a delete. That is the window in which a user of that device sees
/// the record gone, until another copy arrives, if one does. Kept for the
/// strategies with a dedupe pass, whose deletes of duplicates could cause
/// it; the others count 0.
struct CopyTracker {
    /// Per device: the keys it held live at the last look.
    private var present: [Set<NaturalKey>]
    private(set) var moments = 0

    init(replicaCount: Int) {
        present = Array(repeating: [], count: replicaCount)
    }

    /// Looks at every key the apps have written. Only counts, so the order
    /// of the truth's keys never matters. A copy the app's fetches hide
    /// (`filter`: `dedupe:deferred`'s marked losers) is no copy its users see.
    mutating func update(replica index: Int, store: any Store, truth: GroundTruth, filter: FetchFilter? = nil) {
        for (key, keyTruth) in truth.keys {
            let held = !FetchFilter.holders(of: key, in: store, filter: filter).isEmpty
            if held {
                present[index].insert(key)
            } else if present[index].remove(key) != nil && !keyTruth.deleted {
                moments += 1
            }
        }
    }

    /// The device has a new, empty store (a reinstall): it starts over.
    mutating func storeReplaced(_ replica: ReplicaID) {
        present[replica.index] = []
    }
}
