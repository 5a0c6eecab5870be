import SyncModel
import SyncStore

/// The run's measurements, assembled at its end from the observer's
/// accumulators, the final stores, the engine's and the network's figures.
extension Simulation {
    /// True when no link drops every message: the liveness promise applies.
    var networkAlive: Bool {
        !scenario.network.dropProbability.isCertain && !scenario.links.values.contains { $0.dropProbability.isCertain }
    }

    /// The devices and records the liveness promise is owed to, and
    /// whether those devices agree at the end (``LivenessScope``).
    private func livenessScope() -> (scope: LivenessScope, agree: Bool) {
        let judged = nodes.indices.filter { !devices[ReplicaID($0)].syncOff }
        var leftOut = Set<RecordID>()
        for index in judged { leftOut.formUnion(devices[ReplicaID(index)].neverUploaded) }
        let scope = LivenessScope(
            judged: judged.map { scenario.replicaNames[$0] },
            neverSynced: nodes.indices.filter { devices[ReplicaID($0)].syncOff }.map { scenario.replicaNames[$0] },
            neverUploaded: judged.filter { !devices[ReplicaID($0)].neverUploaded.isEmpty }
                .map { LivenessScope.NeverUploaded(device: scenario.replicaNames[$0], records: devices[ReplicaID($0)].neverUploaded.count) })
        guard !scope.isWhole else { return (scope, observer.convergence.allAgree) }
        let filter = strategy.fetchFilter
        let agree = LivenessScope.agree(digests: judged.map { observer.convergence.digest(of: $0) },
                                        stores: judged.map { nodes[$0].store }, leftOut: leftOut.sorted()) { record, store in
            !(filter?.hides(record, schema: store.schema) ?? false)
        }
        return (scope, agree)
    }

    mutating func result(quiesced: Bool, stoppedAt: RunResult.Stop?, wallSeconds: Double) -> RunResult {
        observer.close(quiesced: quiesced, atMicros: nowMicros)
        let stores = nodes.map(\.store)
        let (lost, resurrected) = FinalCheck.writes(truth: observer.truth, stores: stores, filter: strategy.fetchFilter)
        let (dangling, links) = FinalCheck.links(stores: stores, schema: scenario.schema)
        let convergence = observer.convergence
        let convergenceMicros = convergence.allAgree
            ? max(0, (convergence.agreeingSinceMicros ?? nowMicros) - observer.lastHealOrWriteMicros)
            : nil
        let figures = engine.figures(nodes: nodes)
        let duplicates = observer.duplicates
        let scoped = livenessScope()
        var result = RunResult(
            strategy: strategy.name,
            duplicates: .init(final: duplicates.worst, peak: duplicates.peak, integralMicros: duplicates.integralMicros),
            markedLosers: .init(final: observer.marked?.worst ?? 0, peak: observer.marked?.peak ?? 0),
            diverged: convergence.diverged,
            convergenceMicros: convergenceMicros,
            rejected: .init(
                localSaves: nodes.reduce(0) { $0 + $1.counters.rejectedLocalSaves },
                changeSets: nodes.reduce(0) { $0 + $1.counters.rejectedChangeSets },
                blocked: figures.blocked),
            lostWrites: lost,
            resurrected: resurrected,
            copiesLost: observer.copies?.moments ?? 0,
            dangling: dangling,
            pendingLinksPeak: observer.pendingLinks?.peak ?? 0,
            storeOpenFailures: devices.storeFailures,
            lostOnReset: observer.tallies.lostOnReset,
            links: links,
            network: network.counters,
            missedChanges: nodes.reduce(0) { $0 + $1.counters.missedChanges },
            missedIntents: nodes.reduce(0) { $0 + $1.counters.missedIntents },
            changeSets: figures.changeSets,
            conflicts: figures.conflicts,
            serverDuplicates: figures.serverDuplicates,
            intentsWhileDown: observer.tallies.intentsWhileDown,
            race: writers.race,
            series: observer.series,
            faults: observer.faults,
            timeline: observer.timeline,
            quiesced: quiesced,
            stoppedAt: stoppedAt,
            // A CRDT merges whatever the engine's conflict policy says.
            liveness: Liveness.verdict(promised: strategy.promisesConvergence
                                           && (strategy.syncsRecordsAsCRDTs || scenario.engine.keepsConvergencePromise),
                                       stoppedEarly: stoppedAt != nil,
                                       faultsOver: !network.isPartitioned && !devices.anyDown,
                                       networkAlive: networkAlive, quiesced: quiesced, converged: scoped.agree),
            livenessScope: scoped.scope,
            invariantChecks: (invariants?.checks ?? 0) + engine.invariantChecks,
            endMicros: nowMicros,
            events: events,
            wallSeconds: wallSeconds)
        let engine = self.engine
        result.finalValues = FinalCheck.values(scenario.watchedFields, stores: stores, filter: strategy.fetchFilter,
                                               server: scenario.server == nil ? nil : { engine.serverLiveRecords(holding: $0) })
        return result
    }
}
