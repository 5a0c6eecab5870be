import SyncModel
import SyncStore

/// Watches a run and keeps what the checker measures: the ground truth of
/// acknowledged writes, each device's duplicates and state digest over
/// time, the fault log, and the moments convergence is measured from. It
/// observes and never steers: nothing here feeds back into the run.
struct RunObserver {
    private(set) var truth: GroundTruth
    /// Duplicates as the users' fetches see them (``UserView``).
    private(set) var duplicates: DuplicateTracker
    /// Records the fetches hide (`markedLosers`): worst replica and peak;
    /// nil for a strategy that hides nothing.
    private(set) var marked: DuplicateTracker?
    /// What the strategy's app hides from its fetches; nil: nothing.
    let fetchFilter: FetchFilter?
    private(set) var convergence: ConvergenceTracker
    private(set) var series: DuplicateSeries
    /// Partitions, heals, crashes and restarts: the first ``FaultLog/cap``, and every one counted.
    private(set) var faults = FaultLog()
    /// Devices losing their last copy of a key (`copiesLost`), for the
    /// strategies with a dedupe pass; nil otherwise.
    private(set) var copies: CopyTracker?
    /// Each device's view through its app's fetches, for a strategy whose app hides records.
    private var views: UserViewTracker?
    /// Links held to records not yet received; nil without relationships.
    private(set) var pendingLinks: PendingLinkTracker?
    /// The last heal, restart or acknowledged write: convergence time is
    /// measured from here.
    private(set) var lastHealOrWriteMicros: Int64 = 0
    /// When some device's store last changed.
    private(set) var lastStateChangeMicros: Int64 = 0
    /// Where the time integrals end (``close(quiesced:atMicros:)``).
    private(set) var syncFinishedMicros: Int64 = 0
    /// Each device's store commit count when last observed.
    private var observedCommits: [Int]
    /// What each device saved, sent, received and lost, for the timeline chart.
    var timeline = Timeline()
    /// Counts of what the workload asked that did not happen as asked.
    var tallies = Tallies()

    /// Counts of what the workload asked that did not happen as asked.
    struct Tallies {
        /// Intents asked of an app that was not running: nothing saved.
        var intentsWhileDown = 0
        /// Changes lost when upgrades reset stores before they had synced.
        var lostOnReset = 0
    }

    /// `checked`: the incremental trackers check each look against a
    /// look at everything (``Simulation``'s invariant checks).
    init(scenario: Scenario, tracksCopies: Bool = false, fetchFilter: FetchFilter? = nil, checked: Bool = false) {
        let count = scenario.replicaCount
        self.fetchFilter = fetchFilter
        marked = fetchFilter.map { _ in DuplicateTracker(replicaCount: count) }
        copies = tracksCopies ? CopyTracker(replicaCount: count, checked: checked) : nil
        views = fetchFilter.map { UserViewTracker(replicaCount: count, filter: $0, checked: checked) }
        pendingLinks = PendingLinkTracker(schema: scenario.schema, replicaCount: count, checked: checked)
        truth = GroundTruth(schema: scenario.schema)
        duplicates = DuplicateTracker(replicaCount: count)
        convergence = ConvergenceTracker(replicaCount: count)
        series = DuplicateSeries(resolutionMicros: scenario.seriesResolutionMicros, replicaCount: count,
                                 perReplica: scenario.seriesPerReplica)
        observedCommits = Array(repeating: 0, count: count)
    }

    /// Whether the stores should journal what their commits touch, for
    /// ``observe(_:journal:atMicros:)``: the copy tracker, the user view
    /// and the pending-link tracker read only that.
    var readsJournals: Bool { copies != nil || views != nil || pendingLinks != nil }

    /// Updates the duplicate and convergence trackers if the device's store
    /// changed since they last looked. `journal`: what its commits touched
    /// since the last look (``Store/takeJournal()``), nil when it keeps none.
    mutating func observe(_ node: ReplicaNode, journal: StoreJournal? = nil, atMicros now: Int64) {
        let index = node.id.index
        let store = node.store
        guard store.commitCount != observedCommits[index] else { return }
        observedCommits[index] = store.commitCount
        lastStateChangeMicros = now
        let view = views?.look(replica: index, store: store, journal: journal)
        duplicates.update(replica: index, count: view?.duplicates ?? store.duplicateCount, atMicros: now)
        if let view { marked?.update(replica: index, count: view.hidden, atMicros: now) }
        series.record(worst: duplicates.worst, replicaCounts: duplicates.counts, atMicros: now)
        convergence.update(replica: index, digest: view?.digest ?? store.digest, atMicros: now)
        copies?.update(replica: index, store: store, truth: truth, touched: journal?.keys, filter: fetchFilter)
        pendingLinks?.update(replica: index, store: store, aliases: node.context.aliases, journal: journal)
    }

    /// The device has a new store: the next observation looks whatever its
    /// commit count.
    mutating func storeReplaced(_ replica: ReplicaID) {
        observedCommits[replica.index] = -1
        copies?.storeReplaced(replica)
        views?.storeReplaced(replica)
        pendingLinks?.storeReplaced(replica)
    }

    /// A save the application saw succeed. A delete's save may delete other
    /// records through `cascade` rules: those keys count as deleted by the
    /// app too, so they are not lost writes.
    mutating func saved(_ intent: Intent, changes: [Record], store: any Store, on replica: ReplicaID, atMicros now: Int64) {
        truth.recordSaved(intent, on: replica, atMicros: now)
        if case .delete(let key) = intent { deletedByRules(changes, store: store, except: key) }
        lastHealOrWriteMicros = now
    }

    /// Records that delete rules deleted in `changes` (now committed to
    /// `store`), other than `key`'s own: the app deleted them.
    mutating func deletedByRules(_ changes: [Record], store: any Store, except key: NaturalKey? = nil) {
        for change in changes where !change.deletedCreations.isEmpty {
            guard let record = store.record(change.id), !record.isLive,
                  let deleted = truth.identityKey(of: record), deleted != key else { continue }
            truth.recordDeleted(deleted)
        }
    }

    /// A heal or restart: convergence is measured from the last of these.
    mutating func healedOrRestarted(atMicros now: Int64) {
        lastHealOrWriteMicros = now
    }

    mutating func fault(_ fault: FaultEvent.Fault, atMicros now: Int64) {
        faults.append(FaultEvent(atMicros: now, fault))
    }

    /// The trackers must hold the device's latest state.
    func trackerProblem(_ node: ReplicaNode) -> InvariantChecker.Problem? {
        let index = node.id.index
        let store = node.store
        let view = fetchFilter.map { UserView(store: store, filter: $0) }
        let duplicateCount = view?.duplicates ?? store.duplicateCount
        if duplicates.counts[index] != duplicateCount {
            return ("checker.duplicates", "tracked \(duplicates.counts[index]), the store counts \(duplicateCount)")
        }
        if let view, let marked, marked.counts[index] != view.hidden {
            return ("checker.markedLosers", "tracked \(marked.counts[index]), the store holds \(view.hidden)")
        }
        if convergence.digest(of: index) != view?.digest ?? store.digest {
            return ("checker.digest", "the convergence tracker holds a stale digest")
        }
        return nil
    }

    /// Closes the time integrals: duplicate-seconds and the time diverged
    /// run until sync finished, to the last change of any store when the
    /// run quiesced (an idle tail adds nothing), to the end when it did not.
    mutating func close(quiesced: Bool, atMicros now: Int64) {
        syncFinishedMicros = quiesced ? lastStateChangeMicros : now
        duplicates.advance(to: syncFinishedMicros)
        marked?.advance(to: syncFinishedMicros)
        series.close(atMicros: now)
    }
}
