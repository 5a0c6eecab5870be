import SyncModel
import SyncStore

/// What the liveness promise was judged over: the devices that sync at the
/// end, less the records one of them saved with sync off and never
/// uploaded. A device whose sync stayed off (`syncOff` without a later
/// `enableSync`) chose not to sync, and with `syncOffSaves:
/// "neverUploaded"` what it saved meanwhile never leaves it: nothing is
/// owed to either (docs/MODEL.md, "Workflows"), so neither can break the
/// promise. `diverged` and `converged` still count every device: they say
/// what users see.
public struct LivenessScope: Hashable, Sendable {
    /// Records a device saved with sync off under `syncOffSaves:
    /// "neverUploaded"`: what it saved then never leaves it (a later change
    /// sends only what it changed).
    public struct NeverUploaded: Hashable, Sendable {
        /// The device's name.
        public let device: String
        /// How many records, live or deleted.
        public let records: Int
    }

    /// The devices whose state was compared, by name, in replica order.
    public var judged: [String] = []
    /// Devices whose sync was off at the end: left out.
    public var neverSynced: [String] = []
    /// Per judged device that has any, in replica order: records left out
    /// on every judged device (a record whose id comes from its key is
    /// shared, and the device's own values of it never left).
    public var neverUploaded: [NeverUploaded] = []

    /// A scope of the given devices and records.
    public init(judged: [String] = [], neverSynced: [String] = [], neverUploaded: [NeverUploaded] = []) {
        self.judged = judged
        self.neverSynced = neverSynced
        self.neverUploaded = neverUploaded
    }

    /// True when every device and every record was judged.
    public var isWhole: Bool { neverSynced.isEmpty && neverUploaded.isEmpty }

    /// Whether the judged devices agree: each one's digest as the
    /// convergence tracker holds it (what users see), less the digests of
    /// the left-out records it holds as users see them. `visible` says
    /// whether a live record is shown (false for one the fetches hide,
    /// whose digest the tracker never added).
    static func agree(digests: [StateDigest], stores: [any Store], leftOut: [RecordID],
                      visible: (Record, any Store) -> Bool) -> Bool {
        precondition(digests.count == stores.count, "one digest per judged store")
        let judged = zip(digests, stores).map { digest, store in
            leftOut.reduce(digest) { sum, id in
                guard let record = store.record(id), record.isLive, visible(record, store) else { return sum }
                return sum - record.materialisedDigest
            }
        }
        return judged.allSatisfy { $0 == judged.first }
    }
}
