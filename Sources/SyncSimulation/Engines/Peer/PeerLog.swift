import SyncModel

/// One device's side of the peer engine: the change sets it holds, per
/// origin, and which of them its store has applied.
///
/// A state machine: each mutating method takes one input (a local commit,
/// received change sets, a crash) and returns what happened; applying works
/// on the device's ``ReplicaNode``, passed in.
///
/// Change sets are held per origin, contiguous from seq 1, and applied in
/// causal order: a change set waits until its origin's earlier ones and its
/// dependencies are applied. One that is refused stays held and blocks its
/// origin's later ones; it is tried again whenever the store has changed.
///
/// A log forgets the oldest change sets of an origin once every device has
/// applied them (``forget(appliedEverywhere:)``): no device can ask for
/// them again, as a device asks only for change sets above those it holds.
public struct PeerLog {
    /// The device's place in the run.
    public let id: ReplicaID
    /// Whose change sets this device's local saves are: `id`, until a wipe
    /// brings the device back as a new origin (its earlier change sets may
    /// still circulate under the old one).
    public private(set) var origin: ReplicaID
    /// Change sets held, applied or not, per origin.
    public private(set) var held: VersionVector
    /// Change sets applied, per origin: always a prefix of `held`.
    public private(set) var applied: VersionVector
    /// Remote change sets applied since the invariant checker last looked,
    /// in the order they were applied; kept only when `journalsApplies`.
    private(set) var appliedJournal: [ChangeSet] = []
    private let journalsApplies: Bool

    /// Per origin, the change sets held after those forgotten.
    private var log: [[ChangeSet]]
    /// Per origin: the size of each change set forgotten, oldest first;
    /// their count is how many this log forgot. A request sent before the
    /// forgetting may still ask for them, and its reply must be the same
    /// message on the wire (``ChangeSet/forgotten(origin:seq:sizeBytes:)``).
    private var forgottenSizes: [[UInt32]]
    /// Per origin: the store's commit count when its next change set was
    /// last refused. The same state gives the same answer, so it is not
    /// retried until the store changes.
    private var refusedAtCommit: [Int?]
    private var lastRefusedSeq: [UInt32]

    /// An empty log of a device whose origin is its own id; `journalsApplies` keeps what the invariant checks need.
    public init(id: ReplicaID, replicaCount: Int, journalsApplies: Bool = false) {
        self.id = id
        self.journalsApplies = journalsApplies
        origin = id
        held = VersionVector(replicaCount: replicaCount)
        applied = VersionVector(replicaCount: replicaCount)
        log = Array(repeating: [], count: replicaCount)
        forgottenSizes = Array(repeating: [], count: replicaCount)
        refusedAtCommit = Array(repeating: nil, count: replicaCount)
        lastRefusedSeq = Array(repeating: 0, count: replicaCount)
    }

    /// How many of the oldest change sets of the origin at `index` this log forgot.
    private func forgotten(_ index: Int) -> UInt32 { UInt32(forgottenSizes[index].count) }

    /// The change set `seq` of the origin at `index`; it must be held and not forgotten.
    private func changeSet(origin index: Int, seq: UInt32) -> ChangeSet {
        log[index][Int(seq - 1 - forgotten(index))]
    }

    /// The next change set of the origin at `index` to apply; there must be one.
    private func nextToApply(origin index: Int) -> ChangeSet {
        changeSet(origin: index, seq: applied[ReplicaID(index)] + 1)
    }

    /// A crash: change sets received but not yet applied were only in
    /// memory and are gone (they will come again). The store and the
    /// applied log were committed and survive. Returns how many held
    /// change sets were lost.
    public mutating func crash() -> Int {
        var lost = 0
        for index in log.indices where index != origin.index {
            // Read through the subscript: the log may name origins the
            // applied vector has not grown to yet.
            let keep = applied[ReplicaID(index)]
            lost += Int(held[ReplicaID(index)] - keep)
            log[index].removeSubrange(Int(keep - forgotten(index))...)
            held[ReplicaID(index)] = keep
            refusedAtCommit[index] = nil
        }
        return lost
    }

    /// The app was reinstalled: the device comes back holding nothing, as
    /// `newOrigin`. Returns how many held change sets were lost.
    public mutating func wipe(newOrigin: ReplicaID) -> Int {
        precondition(newOrigin.index >= log.count, "a new origin must be one no replica has used")
        let lost = held.total
        let width = newOrigin.index + 1
        origin = newOrigin
        held = VersionVector(replicaCount: width)
        applied = VersionVector(replicaCount: width)
        log = Array(repeating: [], count: width)
        forgottenSizes = Array(repeating: [], count: width)
        refusedAtCommit = Array(repeating: nil, count: width)
        lastRefusedSeq = Array(repeating: 0, count: width)
        appliedJournal = []
        return lost
    }

    /// Makes room for change sets of origins this device has not seen.
    private mutating func ensureOrigin(_ index: Int) {
        guard index >= log.count else { return }
        let extra = index + 1 - log.count
        log += Array(repeating: [], count: extra)
        forgottenSizes += Array(repeating: [], count: extra)
        refusedAtCommit += Array(repeating: nil, count: extra)
        lastRefusedSeq += Array(repeating: 0, count: extra)
    }

    /// Change sets held but not applied: refused, or waiting behind one.
    public var pendingCount: Int { held.total - applied.total }

    /// True when some held change set could be applied now to a store at
    /// `storeCommit`: its turn has come, its dependencies are applied, and
    /// it was not refused by the store as it is (the same state gives the
    /// same answer). The next sync round would apply or retry it.
    public func hasApplicableWork(storeCommit: Int) -> Bool {
        for origin in log.indices where origin != self.origin.index && applied[ReplicaID(origin)] < held[ReplicaID(origin)] {
            if let refused = refusedAtCommit[origin], refused == storeCommit { continue }
            if dependenciesMet(nextToApply(origin: origin)) { return true }
        }
        return false
    }

    /// Records changed by this device's own change sets numbered above
    /// `seq`: its saves that a holder of `seq` of them lacks.
    /// `seq` is never below those forgotten: another device applied them.
    func ownChanges(after seq: UInt32) -> Int {
        let index = origin.index
        precondition(seq >= forgotten(index), "asked for own change sets this log forgot")
        return log[index].dropFirst(Int(seq - forgotten(index))).reduce(0) { $0 + $1.changes.count }
    }

    /// Change sets of `origin` this log accounts for, held or forgotten: always `held[origin]`.
    func logCount(of origin: ReplicaID) -> Int {
        origin.index < log.count ? forgottenSizes[origin.index].count + log[origin.index].count : 0
    }

    /// How many of `origin`'s oldest change sets this log forgot.
    public func forgottenCount(of origin: ReplicaID) -> UInt32 {
        origin.index < forgottenSizes.count ? forgotten(origin.index) : 0
    }

    /// Change sets this log keeps in memory, over every origin.
    public var keptCount: Int { log.reduce(0) { $0 + $1.count } }

    /// Forgets, per origin, the change sets numbered up to `appliedEverywhere`:
    /// those every device that could ask for them has applied (the caller's
    /// proof; the invariant checker holds it to it). A device asks only for
    /// change sets above those it holds, and holds all it applied, so no
    /// answer changes. Returns how many change sets were forgotten.
    public mutating func forget(appliedEverywhere: VersionVector) -> Int {
        var dropped = 0
        for index in log.indices {
            let floor = min(appliedEverywhere[ReplicaID(index)], applied[ReplicaID(index)])
            guard floor > forgotten(index) else { continue }
            let count = Int(floor - forgotten(index))
            forgottenSizes[index] += log[index][..<count].map { UInt32($0.sizeBytes) }
            // A new buffer, not `removeFirst`, which would keep the capacity.
            log[index] = Array(log[index][count...])
            dropped += count
        }
        return dropped
    }

    /// Hands the invariant checker the change sets applied since it last
    /// looked.
    mutating func takeAppliedJournal() -> [ChangeSet] {
        defer { appliedJournal = [] }
        return appliedJournal
    }

    /// Origins whose next change set is currently refused.
    public var refusedHeadCount: Int {
        refusedAtCommit.indices.filter { refusedAtCommit[$0] != nil && applied[ReplicaID($0)] < held[ReplicaID($0)] }.count
    }

    /// Holds the change sets that extend this log; ignores the rest
    /// (already held, or a gap a later round will fill). Returns how many
    /// were new.
    public mutating func receive(_ changeSets: [ChangeSet]) -> Int {
        var added = 0
        for changeSet in changeSets where changeSet.origin != origin && changeSet.seq == held[changeSet.origin] + 1 {
            // Forgotten only once every device applied it, so never new here.
            precondition(!changeSet.isForgotten, "\(id) lacks \(changeSet.origin)#\(changeSet.seq), which a peer forgot")
            ensureOrigin(changeSet.origin.index)
            log[changeSet.origin.index].append(changeSet)
            held[changeSet.origin] = changeSet.seq
            added += 1
        }
        return added
    }

    /// Applies to `node` every held change set whose turn has come, until
    /// none can move. Returns how many were applied.
    public mutating func applyHeld(to node: inout ReplicaNode, atMicros now: Int64) -> Int {
        var appliedNow = 0
        var progress = true
        while progress {
            progress = false
            for origin in log.indices where origin != self.origin.index {
                while applied[ReplicaID(origin)] < held[ReplicaID(origin)] {
                    if let refused = refusedAtCommit[origin], refused == node.store.commitCount { break }
                    let changeSet = nextToApply(origin: origin)
                    guard dependenciesMet(changeSet) else { break }
                    switch node.applyRemote(changeSet, atMicros: now) {
                    case .applied:
                        applied[changeSet.origin] = changeSet.seq
                        if journalsApplies { appliedJournal.append(changeSet) }
                        refusedAtCommit[origin] = nil
                        appliedNow += 1
                        progress = true
                    case .rejected:
                        if lastRefusedSeq[origin] != changeSet.seq {
                            lastRefusedSeq[origin] = changeSet.seq
                            node.counters.rejectedChangeSets += 1
                        }
                        refusedAtCommit[origin] = node.store.commitCount
                    }
                    if refusedAtCommit[origin] != nil { break }
                }
            }
        }
        return appliedNow
    }

    /// The change sets this device holds that a peer holding `peerHeld`
    /// lacks, oldest first per origin. With `appliedOnly`, only those it
    /// applied: a hub forwards what it accepted, never what it refused.
    public func changeSets(missingFrom peerHeld: VersionVector, appliedOnly: Bool = false) -> [ChangeSet] {
        let offered = appliedOnly ? applied : held
        var missing: [ChangeSet] = []
        for index in log.indices {
            let origin = ReplicaID(index)
            guard offered[origin] > peerHeld[origin] else { continue }
            let skip = forgotten(index)
            // A request sent before the forgetting: the peer has applied
            // these since (every device had), and will ignore them.
            for seq in peerHeld[origin] ..< max(peerHeld[origin], skip) {
                missing.append(.forgotten(origin: origin, seq: seq + 1, sizeBytes: Int(forgottenSizes[index][Int(seq)])))
            }
            missing += log[index][Int(max(peerHeld[origin], skip) - skip) ..< Int(offered[origin] - skip)]
        }
        return missing
    }

    private func dependenciesMet(_ changeSet: ChangeSet) -> Bool {
        for (index, needed) in changeSet.dependencies.counts.enumerated() where needed > applied[ReplicaID(index)] {
            return false
        }
        return true
    }

    /// Makes a change set of a local commit, held and applied at once.
    public mutating func appendLocal(_ changes: [Record], atMicros now: Int64) -> ChangeSet {
        let seq = held[origin] + 1
        var dependencies = applied
        dependencies[origin] = seq - 1
        let changeSet = ChangeSet(origin: origin, seq: seq, dependencies: dependencies, changes: changes, committedAtMicros: now)
        ensureOrigin(origin.index)
        log[origin.index].append(changeSet)
        held[origin] = seq
        applied[origin] = seq
        return changeSet
    }
}
