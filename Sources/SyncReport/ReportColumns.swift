import SyncSimulation

/// A column of the results tables (terminal, Markdown and HTML).
typealias ReportColumn = TableColumn<RunResult>

extension Report {
    /// The results table: the run's identity, every metric with a
    /// results column (``Metric/catalog``), the events and, with timing,
    /// the wall-clock time.
    var columns: [ReportColumn] {
        var columns = identityColumns + ReportColumn.metrics(in: .results) + [Self.eventsColumn]
        if includesTiming {
            columns.append(ReportColumn(header: "wall ms", leftAligned: false) { DecimalText.fixed($0.wallSeconds * 1000, digits: 0) })
        }
        return columns
    }

    /// The events the simulator processed, after the metrics.
    static var eventsColumn: ReportColumn { ReportColumn(header: "events", leftAligned: false) { String($0.events) } }
    /// ``eventsColumn``'s legend entry, on the metrics' last line.
    static var eventsLegend: ColumnLegend { ColumnLegend(header: eventsColumn.header, join: .sameLine, text: "simulator events processed") }

    /// The strategy, and the variant when the preset runs its unknown
    /// behaviour both ways.
    var identityColumns: [ReportColumn] {
        [ReportColumn(header: "strategy", leftAligned: true) { $0.strategy }]
            + (hasVariants ? [ReportColumn(header: "variant", leftAligned: true) { $0.variant ?? "" }] : [])
    }

    /// True when the runs are variants of the preset (``ScenarioVariant``).
    var hasVariants: Bool { results.contains { $0.variant != nil } }

    /// True when some run had concurrent writers.
    var hasWriters: Bool { results.contains { $0.race.intents > 0 } }

    /// The concurrent writers' figures, shown when a scenario has writers.
    var raceColumns: [ReportColumn] {
        identityColumns + ReportColumn.metrics(in: .writers)
    }

    /// What each header means, in the order of the columns: the writers'
    /// table first when it is shown.
    var legend: [String] {
        (hasWriters ? ColumnLegend.lines(ColumnLegend.metrics(in: .writers)) : [])
            + ColumnLegend.lines(ColumnLegend.metrics(in: .results) + [Self.eventsLegend])
    }

    /// One line per run whose figures are not final or broke a promise:
    /// a run that never quiesced or that `--max-events` stopped, and a
    /// liveness failure.
    var warnings: [String] {
        results.flatMap { result -> [String] in
            var lines: [String] = []
            let end = DecimalText.duration(micros: result.endMicros)
            if result.liveness == .failed {
                lines.append("LIVENESS FAILURE: \(result.strategyLabel) promises convergence; every fault was over and no link drops every message, "
                    + "yet at \(end) " + (result.quiesced ? "replicas still differ" : "sync had not finished"))
            }
            if result.storeOpenFailures > 0 {
                lines.append("warning: \(result.strategyLabel): \(result.storeOpenFailures) device(s) could not open their store after an upgrade "
                    + "(Core Data: \(MigrationFailure.text)); their figures are those of the store the old version left")
            }
            switch result.stoppedAt {
            case .events:
                lines.append("warning: \(result.strategyLabel) stopped at --max-events \(result.events) at \(end) of virtual time, before sync finished: "
                    + "its figures are partial; its liveness and expectations are not judged")
            case .memory:
                lines.append("warning: \(result.strategyLabel) stopped at --max-memory \(memoryCeiling) after \(result.events) events, at \(end) of virtual time, "
                    + "before sync finished: its figures are partial; its liveness and expectations are not judged; where a run passes a memory "
                    + "ceiling depends on the machine, so this cut is not reproducible (--max-events is)")
            case nil where result.cutShort != nil:
                let cut = result.cutShort!
                lines.append("warning: \(result.strategyLabel) reached the end, \(end), "
                    + "\(DecimalText.duration(micros: result.endMicros - cut.lastWriteOrHealMicros)) after its last write or heal, sooner than the "
                    + "\(DecimalText.duration(micros: cut.settleMicros)) sync may need: cut short before sync finished; its figures are not final; "
                    + "its liveness is not judged")
            case nil where !result.quiesced:
                lines.append("warning: \(result.strategyLabel) did not quiesce by \(end): sync could still change some replica, "
                    + "or replicas holding different changes could not reach each other; its figures are not final")
            case nil:
                break
            }
            return lines
        }
    }

    /// What the liveness verdicts were judged over, when a device never
    /// synced or kept records it never uploaded (``LivenessScope``): one
    /// line for every judged run. How many records were left out differs
    /// between strategies when one changed some of them (a dedupe pass
    /// deleting a copy uploads its deletion); the line then leaves the
    /// number to the JSON. Empty when every device was judged whole.
    var livenessScopeLines: [String] {
        let judged = results.filter { $0.liveness.isJudged && !$0.livenessScope.isWhole }
        guard let first = judged.first?.livenessScope else { return [] }
        let counted = judged.allSatisfy { $0.livenessScope == first }
        let texts = judged.map { Self.livenessScopeText($0.livenessScope, counted: counted) }
        if texts.allSatisfy({ $0 == texts[0] }) { return ["liveness judged over " + texts[0]] }
        // Devices left out in one run and not another: each run says its own.
        return zip(judged, texts).map { "liveness of \($0.strategyLabel) judged over \($1)" }
    }

    /// `r1 and r2; r3 never synced`, `r1, r2 and r3, without the 7 records
    /// r3 saved with sync off and never uploaded` (`the records` when not
    /// `counted`).
    static func livenessScopeText(_ scope: LivenessScope, counted: Bool = true) -> String {
        var text = scope.judged.isEmpty ? "no device" : Prose.list(scope.judged)
        if !scope.neverUploaded.isEmpty {
            text += ", without " + Prose.list(scope.neverUploaded.map { part in
                (counted ? "the \(Prose.count(part.records, "record"))" : "the records") + " \(part.device) saved with sync off and never uploaded"
            })
        }
        if !scope.neverSynced.isEmpty {
            text += "; \(Prose.list(scope.neverSynced)) never synced"
        }
        return text
    }

    /// One line per run whose fault log was capped (``FaultLog``): the
    /// reports show its first faults, and it counted every one.
    var faultLogLines: [String] {
        results.filter(\.faults.isCapped).map(FaultLogText.notice)
    }

    /// The lines printed under the table: the liveness scope, capped fault
    /// logs, then the warnings.
    var notices: [String] { livenessScopeLines + faultLogLines + warnings }

    /// The runs a limit (`--max-events`, `--max-memory`) stopped before
    /// sync finished.
    var stoppedResults: [RunResult] { results.filter(\.stoppedEarly) }

    /// The `--max-memory` ceiling as the user reads it.
    var memoryCeiling: String { scenario.maxMemoryBytes.map(ByteCountText.text) ?? "(none)" }

    var headline: String {
        partialLead + "SyncSim · scenario \(scenario.name) · seed \(seed) · \(scenario.replicaCount) replicas · \(store) store"
            + (scenario.preset.map { " · \($0.name) preset" }
                ?? (scenario.engine.name == EngineCatalog.defaultName ? "" : " · \(scenario.engine.name) engine"))
            + (isReproducible ? "" : " · writers on real threads: not reproducible")
            + (hasVariants ? " · the answer depends on an undocumented behaviour: each strategy runs once per variant" : "")
    }

    /// `partial (every run stopped at --max-events 50) · `: what the
    /// headline leads with when a limit cut a run short; empty otherwise.
    var partialLead: String {
        let stopped = stoppedResults
        guard !stopped.isEmpty else { return "" }
        let parts = [RunResult.Stop.events, .memory].compactMap { stop -> String? in
            let runs = stopped.filter { $0.stoppedAt == stop }
            guard !runs.isEmpty else { return nil }
            let which = runs.count < results.count ? Prose.list(runs.map(\.strategyLabel))
                : results.count == 1 ? "the run" : "every run"
            return switch stop {
            case .events: "\(which) stopped at --max-events \(scenario.maxEvents ?? runs[0].events)"
            case .memory: "\(which) stopped at --max-memory \(memoryCeiling)"
            }
        }
        return "partial (\(parts.joined(separator: "; "))) · "
    }

    /// For a preset: the stack, the settings it runs with, and each
    /// strategy the stack cannot run with the reason. Empty otherwise.
    var stackLines: [String] {
        guard let preset = scenario.preset else { return [] }
        let settings = ["\(scenario.engine.name) engine"] + (scenario.topology == .hub ? ["topology hub"] : [])
            + scenario.engine.settings.map { "\($0.name) \($0.valueText)" }
        return ["stack: \(preset.stack) · preset \(preset.name): \(settings.joined(separator: ", "))"]
            + unknownLines(preset)
            + preset.exclusions.map { "not run on \(preset.name): \($0.label), because \($0.reason)" }
    }

    /// The preset's unknown behaviour: what each variant reads it as, or
    /// that the scenario's own settings chose.
    private func unknownLines(_ preset: StackPreset) -> [String] {
        let readings = Set(results.compactMap(\.variant).flatMap(ScenarioVariant.readings(of:)))
        return preset.unknowns.flatMap { unknown in
            let run = unknown.readings.filter { readings.contains($0.name) }
            guard !run.isEmpty else {
                return ["undocumented: \(unknown.question); this scenario's own engine settings choose one reading, so no variants run"]
            }
            return ["undocumented: \(unknown.question); run both ways:"] + run.map { "variant \($0.name): \($0.summary)" }
        }
    }

    var settingsLine: String {
        let network = scenario.network
        let sync = scenario.sync
        return "network: drop \(network.dropProbability), duplicate \(network.duplicateProbability), reorder \(network.reorderProbability), "
            + "delay \(DecimalText.duration(micros: network.delayMinMicros))–\(DecimalText.duration(micros: network.delayMaxMicros)) · "
            + "sync every \(DecimalText.duration(micros: sync.intervalMicros)) ± \(DecimalText.duration(micros: sync.jitterMicros)), fan-out \(sync.fanout) · "
            + "limit \(DecimalText.duration(micros: scenario.untilMicros))"
            + (scenario.maxEvents.map { " or \($0) events (--max-events)" } ?? "")
    }
}
