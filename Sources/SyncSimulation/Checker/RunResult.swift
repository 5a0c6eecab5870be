/// Every figure one strategy's run produced. Names follow the JSON report.
public struct RunResult: Sendable {
    /// How many duplicates users saw: live records beyond one per natural key.
    public struct Duplicates: Hashable, Sendable {
        /// On the worst replica at the end.
        public var final: Int
        /// Highest worst-replica count at any moment.
        public var peak: Int
        /// ∫ worst-replica duplicates dt, in record-microseconds, until sync
        /// finished: the last change of any store when the run quiesced,
        /// `until` when it did not.
        public var integralMicros: Int64
    }

    /// Live records the app's fetches hide from its users (`dedupe:deferred`'s
    /// losers marked with `deduplicatedDate`, not yet deleted): in the
    /// store and syncing, but not among the duplicates users see. 0 for a
    /// strategy that marks nothing.
    public struct MarkedLosers: Hashable, Sendable {
        /// On the worst replica at the end.
        public var final: Int
        /// Highest worst-replica count at any moment.
        public var peak: Int
    }

    /// What stores refused.
    public struct Rejected: Hashable, Sendable {
        /// Local saves a store refused.
        public var localSaves: Int
        /// Distinct (replica, remote change set) pairs refused at least once.
        public var changeSets: Int
        /// Change sets still held unapplied at the end behind a refused one
        /// (`peer`); records still waiting to be saved (`cloudkit`).
        public var blocked: Int
        /// Every refusal of the three kinds.
        public var total: Int { localSaves + changeSets + blocked }
    }

    /// Writes the applications were told they saved and that no replica kept.
    public struct LostWrites: Hashable, Sendable {
        /// (key, field) pairs whose latest acknowledged write no live record
        /// of that key holds, on at least one replica.
        public var fields: Int
        /// Keys created and not deleted since, with no live record on at
        /// least one replica.
        public var records: Int
        /// Of `records`: keys written after a delete of that key (an edit
        /// made without seeing the delete) and gone at the end: edits a
        /// delete won over (`deleteVsEdit`).
        public var toDeletes: Int = 0
        /// Relationship links (an add or a removal by the app) whose latest
        /// acknowledged write no replica's canonical record of the owning
        /// key reflects (``GroundTruth/LinkTruth``).
        public var links: Int = 0
        /// Lost fields, records and links together.
        public var total: Int { fields + records + links }
    }

    /// What concurrent writers did (steps with `writers`).
    public struct Race: Hashable, Sendable {
        /// Writer tasks started.
        public var intents = 0
        /// Duplicates their saves created on their own replica.
        public var localDuplicates = 0
        /// Saves that failed, were rolled back and fetched again.
        public var savesRetried = 0
        /// No writer started.
        public init() {}
    }

    /// The strategy's name, as the user typed it.
    public var strategy: String
    /// The reading of the preset's unknown behaviour this run took
    /// (``ScenarioVariant``); nil when the scenario has no variants.
    public var variant: String?
    /// `lww`, or `lww [importFirst]` for a variant's run: how text names it.
    public var strategyLabel: String { StrategyLabel.text(strategy, variant: variant) }
    /// Duplicates as a fetch shows them to users (marked losers hidden).
    public var duplicates: Duplicates
    /// Marked losers the app's fetches hide (`dedupe:deferred`).
    public var markedLosers = MarkedLosers(final: 0, peak: 0)
    /// Replicas outside the largest group of identical materialised states.
    public var diverged: Int
    /// From the last heal or write to the moment all replicas agreed; nil
    /// when they did not agree at the end.
    public var convergenceMicros: Int64?
    /// How long, in all, the replicas did not all hold the same state,
    /// until sync finished (as ``Duplicates/integralMicros``).
    public var divergedMicros: Int64 = 0
    /// Saves and change sets that stores refused.
    public var rejected: Rejected
    /// Acknowledged writes no replica kept.
    public var lostWrites: LostWrites
    /// Keys whose latest intent was a delete, live on at least one replica.
    public var resurrected: Int
    /// Times a device lost its last live copy of a key the apps had not
    /// deleted, for a while or for good (strategies with a dedupe pass;
    /// 0 for the others).
    public var copiesLost: Int = 0
    /// Relationship targets that are not live, on the worst replica.
    public var dangling: Int
    /// The most links one device held at one moment to records it had not
    /// received yet (held pending, resolved when the target arrived).
    public var pendingLinksPeak: Int = 0
    /// Devices whose store did not open at the end: an upgrade's migration
    /// failed on existing duplicates (`versions`, migration `lightweight`).
    public var storeOpenFailures: Int = 0
    /// Records that upgrades with migration `reset` deleted before they had
    /// left their device.
    public var lostOnReset: Int = 0
    /// Relationship links between live records, on the replica with fewest.
    public var links: Int
    /// What the network did with the run's messages.
    public var network: NetworkCounters
    /// Remote changes that addressed a record the replica did not have.
    public var missedChanges: Int
    /// Local updates, deletes and links that found no live record to act
    /// on, over every device: the app did nothing.
    public var missedIntents: Int = 0
    /// Change sets made by all replicas, less those a wipe destroyed before
    /// any other replica held them (`peer`); record saves the server
    /// performed (`cloudkit`).
    public var changeSets: Int
    /// Times a device's pending change met a server version it had not
    /// seen: a `serverRecordChanged` answer to a save, or a fetched record
    /// (or deletion) that a pending local change also touches. 0 for `peer`.
    public var conflicts: Int
    /// Duplicates in the CloudKit server's zone at the end (live records
    /// minus distinct natural keys, as on a device). 0 for `peer`.
    public var serverDuplicates: Int
    /// Intents that fell while their replica was down (not saved).
    public var intentsWhileDown: Int
    /// What concurrent writers did.
    public var race: Race
    /// Duplicates over virtual time, for charts.
    public var series: DuplicateSeries
    /// Partitions, heals, crashes and restarts, in order: the first
    /// ``FaultLog/cap`` of them, and every one counted per kind.
    public var faults: FaultLog
    /// Saves, sync messages with changes, conflicts and dedupe passes per
    /// endpoint over virtual time, for the report's timeline (capped).
    public var timeline = Timeline()
    /// The values the scenario's value expectations read
    /// (``Scenario/watchedFields``), on every endpoint.
    public var finalValues = FinalValues()
    /// True when the run ended because nothing scheduled or possible could
    /// change any replica's state; false when it ran to `until` with work
    /// left (the figures are then not final).
    public var quiesced: Bool
    /// Why a limit the user set stopped a run before it quiesced or
    /// reached `until`.
    public enum Stop: String, Hashable, Sendable {
        /// `--max-events` (``Scenario/maxEvents``).
        case events
        /// `--max-memory` (``Scenario/maxMemoryBytes``): the process's
        /// resident memory passed the ceiling.
        case memory
    }

    /// The limit that stopped the run; nil when it ran to its end. A
    /// stopped run's figures are partial: its liveness and expectations
    /// are not judged.
    public var stoppedAt: Stop?
    /// True when a limit stopped the run (``stoppedAt``).
    public var stoppedEarly: Bool { stoppedAt != nil }
    /// Set when the run reached `until` without quiescing sooner after its
    /// last write or heal than sync may need (``SyncSettleTime``): its
    /// liveness is not judged. Unlike a stop, it is the scenario's own end,
    /// so its expectations are judged as ever.
    public var cutShort: CutShort?

    /// A run that ended too soon after its last write or heal.
    public struct CutShort: Hashable, Sendable {
        /// When the last write or heal (or restart) was, in virtual time.
        public var lastWriteOrHealMicros: Int64
        /// The time sync may need after it (``SyncSettleTime``).
        public var settleMicros: Int64

        /// The cut at `lastWriteOrHealMicros`, with `settleMicros` the time sync may need.
        public init(lastWriteOrHealMicros: Int64, settleMicros: Int64) {
            self.lastWriteOrHealMicros = lastWriteOrHealMicros
            self.settleMicros = settleMicros
        }
    }
    /// Whether the strategy's promise to converge after the last fault held.
    public var liveness: Liveness
    /// The devices and records ``liveness`` was judged over: every device
    /// unless one never synced or saved records it never uploaded.
    public var livenessScope = LivenessScope()
    /// Invariants evaluated during the run (0 with invariant checks off).
    public var invariantChecks: Int
    /// Virtual time at which the run ended.
    public var endMicros: Int64
    /// Events the simulator processed.
    public var events: Int
    /// Real time the run took: the only figure that is not reproducible.
    public var wallSeconds: Double

    /// Events handled per second of real time; 0 when no time was measured.
    public var eventsPerSecond: Double { wallSeconds > 0 ? Double(events) / wallSeconds : 0 }
}

/// How text outputs name a run: its strategy, then its variant in brackets.
public enum StrategyLabel {
    /// `lww`, or `lww [importFirst]` for a variant's run.
    public static func text(_ strategy: String, variant: String?) -> String {
        strategy + (variant.map { " [\($0)]" } ?? "")
    }
}
