import SyncModel
import SyncStore

/// Counts the moments a device loses its last live copy of a key the apps
/// have not deleted (`copiesLost`): from one look at its store to the next,
/// the key went from held to not held while its latest acknowledged intent
/// was not a delete. That is the window in which a user of that device sees
/// the record gone, until another copy arrives, if one does. Kept for the
/// strategies with a dedupe pass, whose deletes of duplicates could cause
/// it; the others count 0.
///
/// A look reads only the keys that can have changed since the last one:
/// those the store's commits touched (``Store/takeTouchedKeys()``) and
/// those the ground truth learned since. Looking at every key after every
/// commit made a run with n colliding keys cost n² (issue 31). A store
/// that keeps no journal is read whole, as before.
struct CopyTracker {
    /// Per device: the keys it held live at the last look.
    private var present: [Set<NaturalKey>]
    /// Per device: how many of the truth's keys (``GroundTruth/keyOrder``)
    /// it had seen at the last look.
    private var truthSeen: [Int]
    private(set) var moments = 0
    /// With invariant checks: a tracker that looks at every key, which
    /// every look must agree with (an array of at most one: a struct cannot
    /// hold an optional of its own type).
    private var fullLooks: [CopyTracker]

    /// A tracker of `replicaCount` devices; `checked`: every look is
    /// checked against a look at every key (``Simulation``'s invariants).
    init(replicaCount: Int, checked: Bool = false) {
        present = Array(repeating: [], count: replicaCount)
        truthSeen = Array(repeating: 0, count: replicaCount)
        fullLooks = checked ? [CopyTracker(replicaCount: replicaCount)] : []
    }

    /// Looks at the device's store: at the keys commits touched since the
    /// last look (`touched`) and the keys new to the truth, or, with no
    /// journal (nil) or no key order, at every key the apps have written.
    /// Only counts, so the order of keys never matters. A copy the app's
    /// fetches hide (`filter`: `dedupe:deferred`'s marked losers) is no
    /// copy its users see.
    mutating func update(replica index: Int, store: any Store, truth: GroundTruth, touched: [NaturalKey]?, filter: FetchFilter? = nil) {
        look(replica: index, store: store, truth: truth, touched: touched, filter: filter)
        guard !fullLooks.isEmpty else { return }
        fullLooks[0].look(replica: index, store: store, truth: truth, touched: nil, filter: filter)
        precondition(moments == fullLooks[0].moments && present[index] == fullLooks[0].present[index],
                     "invariant broken: the copy tracker's look at the keys commits touched disagrees with a look at every key on replica \(index)")
    }

    private mutating func look(replica index: Int, store: any Store, truth: GroundTruth, touched: [NaturalKey]?, filter: FetchFilter?) {
        guard let touched, let order = truth.keyOrder else {
            for (key, keyTruth) in truth.keys { look(at: key, keyTruth, replica: index, store: store, filter: filter) }
            truthSeen[index] = truth.keyOrder?.count ?? 0
            return
        }
        for key in touched {
            guard let keyTruth = truth.keys[key] else { continue }
            look(at: key, keyTruth, replica: index, store: store, filter: filter)
        }
        for key in order[truthSeen[index]...] {
            look(at: key, truth.keys[key]!, replica: index, store: store, filter: filter)
        }
        truthSeen[index] = order.count
    }

    /// Whether the device holds `key` now; a copy lost counts a moment.
    /// Looking twice at one key changes nothing the second time.
    private mutating func look(at key: NaturalKey, _ keyTruth: GroundTruth.KeyTruth, replica index: Int, store: any Store, filter: FetchFilter?) {
        let held = !FetchFilter.holders(of: key, in: store, filter: filter).isEmpty
        if held {
            present[index].insert(key)
        } else if present[index].remove(key) != nil && !keyTruth.deleted {
            moments += 1
        }
    }

    /// The device has a new, empty store (a reinstall): it starts over.
    mutating func storeReplaced(_ replica: ReplicaID) {
        present[replica.index] = []
        if !fullLooks.isEmpty { fullLooks[0].storeReplaced(replica) }
    }
}
