import SyncModel
import SyncStore

/// The run's measurements, assembled at its end from the observer's own
/// accumulators and what the kernel's components hold then (``RunEnd``).
extension RunObserver {
    /// The result of the run that ended as `end` says. Call ``close(quiesced:atMicros:)`` first.
    func result(_ end: RunEnd) -> RunResult {
        let nodes = end.nodes
        let strategy = end.strategy
        let stores = nodes.map(\.store)
        let (lost, resurrected) = FinalCheck.writes(truth: truth, stores: stores, filter: strategy.fetchFilter)
        let (dangling, links) = FinalCheck.links(stores: stores, schema: end.scenario.schema)
        let convergenceMicros = convergence.allAgree
            ? max(0, (convergence.agreeingSinceMicros ?? end.endMicros) - lastHealOrWriteMicros)
            : nil
        let figures = end.engine.figures(nodes: nodes)
        let scoped = livenessScope(end)
        // Reaching `until` too soon after the last write or heal is no broken promise.
        let settleMicros = SyncSettleTime.micros(end.scenario, runsDedupePass: strategy.runsDedupePass)
        let cutShort = end.stoppedAt == nil && !end.quiesced && end.endMicros - lastHealOrWriteMicros < settleMicros
        var result = RunResult(
            strategy: strategy.name,
            duplicates: .init(final: duplicates.worst, peak: duplicates.peak, integralMicros: duplicates.integralMicros),
            markedLosers: .init(final: marked?.worst ?? 0, peak: marked?.peak ?? 0),
            diverged: convergence.diverged,
            convergenceMicros: convergenceMicros,
            rejected: .init(
                localSaves: nodes.reduce(0) { $0 + $1.counters.rejectedLocalSaves },
                changeSets: nodes.reduce(0) { $0 + $1.counters.rejectedChangeSets },
                blocked: figures.blocked),
            lostWrites: lost,
            resurrected: resurrected,
            copiesLost: copies?.moments ?? 0,
            dangling: dangling,
            pendingLinksPeak: pendingLinks?.peak ?? 0,
            storeOpenFailures: end.devices.storeFailures,
            lostOnReset: tallies.lostOnReset,
            links: links,
            network: end.network.counters,
            missedChanges: nodes.reduce(0) { $0 + $1.counters.missedChanges },
            missedIntents: nodes.reduce(0) { $0 + $1.counters.missedIntents },
            changeSets: figures.changeSets,
            conflicts: figures.conflicts,
            serverDuplicates: figures.serverDuplicates,
            intentsWhileDown: tallies.intentsWhileDown,
            race: end.race,
            series: series,
            faults: faults,
            timeline: timeline,
            quiesced: end.quiesced,
            stoppedAt: end.stoppedAt,
            // A CRDT merges whatever the engine's conflict policy says.
            liveness: Liveness.verdict(promised: strategy.promisesConvergence
                                           && (strategy.syncsRecordsAsCRDTs || end.scenario.engine.keepsConvergencePromise),
                                       stoppedEarly: end.stoppedAt != nil,
                                       faultsOver: !end.network.isPartitioned && !end.devices.anyDown,
                                       networkAlive: end.networkAlive, quiesced: end.quiesced, converged: scoped.agree,
                                       cutShort: cutShort),
            livenessScope: scoped.scope,
            invariantChecks: end.invariantChecks + end.engine.invariantChecks,
            endMicros: end.endMicros,
            events: end.events,
            wallSeconds: end.wallSeconds)
        result.divergedMicros = convergence.disagreedMicros(until: syncFinishedMicros)
        if cutShort && result.liveness == .notJudged {
            result.cutShort = RunResult.CutShort(lastWriteOrHealMicros: lastHealOrWriteMicros, settleMicros: settleMicros)
        }
        let engine = end.engine
        result.finalValues = FinalCheck.values(end.scenario.watchedFields, stores: stores, filter: strategy.fetchFilter,
                                               server: end.scenario.server == nil ? nil : { engine.serverLiveRecords(holding: $0) })
        return result
    }

    /// The devices and records the liveness promise is owed to, and
    /// whether those devices agree at the end (``LivenessScope``).
    private func livenessScope(_ end: RunEnd) -> (scope: LivenessScope, agree: Bool) {
        let devices = end.devices
        let names = end.scenario.replicaNames
        let judged = devices.indices.filter { !devices[ReplicaID($0)].syncOff }
        var leftOut = Set<RecordID>()
        for index in judged { leftOut.formUnion(devices[ReplicaID(index)].neverUploaded) }
        let scope = LivenessScope(
            judged: judged.map { names[$0] },
            neverSynced: devices.indices.filter { devices[ReplicaID($0)].syncOff }.map { names[$0] },
            neverUploaded: judged.filter { !devices[ReplicaID($0)].neverUploaded.isEmpty }
                .map { LivenessScope.NeverUploaded(device: names[$0], records: devices[ReplicaID($0)].neverUploaded.count) })
        guard !scope.isWhole else { return (scope, convergence.allAgree) }
        let filter = end.strategy.fetchFilter
        let agree = LivenessScope.agree(digests: judged.map { convergence.digest(of: $0) },
                                        stores: judged.map { end.nodes[$0].store }, leftOut: leftOut.sorted()) { record, store in
            !(filter?.hides(record, schema: store.schema) ?? false)
        }
        return (scope, agree)
    }
}
