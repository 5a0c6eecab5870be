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
    /// Per device, per key ordinal: whether it held the key live at the
    /// last look. A key's ordinal is its place in ``GroundTruth/keyOrder``,
    /// so a look costs no hash of the key to record it (issue 31: a set
    /// of keys per device was a third of the tracker's time).
    private var present: [[Bool]]
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
    /// journal (nil), at every key the apps have written. Only counts, so
    /// the order of keys never matters. A copy the app's fetches cannot
    /// see (`filter`) is no copy to its user.
    mutating func update(replica index: Int, store: any Store, truth: GroundTruth, touched: [NaturalKey]?, filter: FetchFilter? = nil) {
        look(replica: index, store: store, truth: truth, touched: touched, filter: filter)
        guard !fullLooks.isEmpty else { return }
        fullLooks[0].look(replica: index, store: store, truth: truth, touched: nil, filter: filter)
        precondition(moments == fullLooks[0].moments && present[index] == fullLooks[0].present[index],
                     "invariant broken: the copy tracker's look at the keys commits touched disagrees with a look at every key on replica \(index)")
    }

    private mutating func look(replica index: Int, store: any Store, truth: GroundTruth, touched: [NaturalKey]?, filter: FetchFilter?) {
        let order = truth.keyOrder
        if present[index].count < order.count { present[index] += Array(repeating: false, count: order.count - present[index].count) }
        guard let touched else {
            for (ordinal, key) in order.enumerated() { look(at: key, ordinal, truth: truth, replica: index, store: store, filter: filter) }
            truthSeen[index] = order.count
            return
        }
        for key in touched {
            guard let ordinal = truth.ordinals[key] else { continue }
            look(at: key, Int(ordinal), truth: truth, replica: index, store: store, filter: filter)
        }
        for ordinal in truthSeen[index] ..< order.count {
            look(at: order[ordinal], ordinal, truth: truth, replica: index, store: store, filter: filter)
        }
        truthSeen[index] = order.count
    }

    private mutating func look(at key: NaturalKey, _ ordinal: Int, truth: GroundTruth, replica index: Int, store: any Store, filter: FetchFilter?) {
        let held = FetchFilter.isFetched(key, in: store, filter: filter)
        let wasHeld = present[index][ordinal]
        present[index][ordinal] = held
        // The truth is read only when a copy vanishes: rare, and the one
        // case that needs to know whether the apps deleted the key.
        if wasHeld && !held && !truth.keyTruths[ordinal].deleted { moments += 1 }
    }

    /// The device's store was replaced by an empty one (a wipe): it holds
    /// no key now, and losing what it held is not a moment a copy was lost.
    mutating func storeReplaced(_ replica: ReplicaID) {
        present[replica.index] = Array(repeating: false, count: present[replica.index].count)
        if !fullLooks.isEmpty { fullLooks[0].storeReplaced(replica) }
    }
}
