import SyncSimulation

extension Report {
    /// The public JSON shape of one report (`report.json`; schema version
    /// 3, described by docs/report-schema.json). Names are stable; fields
    /// may be added, never renamed.
    public func json() -> JSONValue {
        .object([
            .init("schemaVersion", .int(Report.schemaVersion)),
            .init("toolVersion", .string(ToolVersion.current)),
            .init("scenario", .string(scenario.name)),
            .init("seed", .number(String(seed))),
            .init("replicas", .int(scenario.replicaCount)),
            .init("store", .string(store)),
            .init("concurrency", .string(concurrency.rawValue)),
            .init("reproducible", .bool(isReproducible)),
            .init("parameters", parametersJSON()),
            .init("results", .array(results.map(resultJSON))),
        ] + fileMembers)
    }

    /// `file` and `expectations`, for a report of a scenario file.
    private var fileMembers: [JSONValue.Member] {
        guard let file else { return [] }
        var members = [JSONValue.Member("file", .string(file))]
        if !expectations.isEmpty {
            members.append(.init("expectations", .array(expectations.map { outcome in
                .object([
                    .init("strategy", .string(outcome.strategy)),
                ] + JSONValue.Member.variant(outcome.variant) + [
                    .init("metric", .string(outcome.expectation.metric.rawValue)),
                ] + JSONValue.Member.bound(outcome.expectation.bound) + [
                    .init("actual", outcome.actual.map { .number(ExpectationText.number($0)) } ?? .null),
                    .init("passed", .bool(outcome.passed)),
                    // Only about a run `--max-events` stopped, so that every
                    // other report reads as before.
                ] + (outcome.isJudged ? [] : [.init("judged", .bool(false))]))
            })))
        }
        return members
    }

    private func parametersJSON() -> JSONValue {
        let network = scenario.network
        let sync = scenario.sync
        return .object([
            .init("replicaNames", .array(scenario.replicaNames.map(JSONValue.string))),
            .init("engine", .string(scenario.engine.name)),
        ] + presetMembers + engineSettingsMembers + [
            .init("network", .object([
                .init("drop", .number(network.dropProbability.description)),
                .init("duplicate", .number(network.duplicateProbability.description)),
                .init("reorder", .number(network.reorderProbability.description)),
                .init("delayMinSeconds", .number(DecimalText.seconds(micros: network.delayMinMicros))),
                .init("delayMaxSeconds", .number(DecimalText.seconds(micros: network.delayMaxMicros))),
            ])),
            .init("sync", .object([
                .init("everySeconds", .number(DecimalText.seconds(micros: sync.intervalMicros))),
                .init("jitterSeconds", .number(DecimalText.seconds(micros: sync.jitterMicros))),
                .init("fanout", .int(sync.fanout)),
            ])),
            .init("untilSeconds", .number(DecimalText.seconds(micros: scenario.untilMicros))),
            .init("dedupeDelaySeconds", .number(DecimalText.seconds(micros: scenario.dedupeDelayMicros))),
            .init("deleteVsEdit", .string(scenario.deleteVsEdit.rawValue)),
            .init("deleteRulesOnImport", .bool(scenario.deleteRulesOnImport)),
            .init("dedupeDeferralSeconds", .number(DecimalText.seconds(micros: scenario.dedupeDeferralMicros))),
            .init("dedupeDeferUntil", .string(scenario.dedupeDeferUntil.rawValue)),
            .init("sameSaveDuplicates", .string(scenario.sameSaveDuplicates.rawValue)),
            // The steps a run meets: its workload drawn from the seed.
            .init("steps", .int(scenario.drawingWorkload(seed: seed).steps.count)),
        ] + (scenario.hubRunsAppCode ? [.init("hubRunsAppCode", .bool(true))] : []))
    }

    /// `preset: { name, stack, topology, notRun: [{ strategies, reason }] }`
    /// for a scenario run as a preset.
    private var presetMembers: [JSONValue.Member] {
        guard let preset = scenario.preset else { return [] }
        return [.init("preset", .object([
            .init("name", .string(preset.name)),
            .init("stack", .string(preset.stack)),
            .init("topology", .string(scenario.topology.rawValue)),
            .init("notRun", .array(preset.exclusions.map { exclusion in
                .object([
                    .init("strategies", .array(exclusion.strategies.map(JSONValue.string))),
                    .init("reason", .string(exclusion.reason)),
                ])
            })),
        ] + unknownMembers(preset)))]
    }

    /// `undocumented: [{ question, variants: [{ name, reading }] }]`, one
    /// object per behaviour of the preset no source settles; each
    /// `variants` lists the readings the runs took (empty when the
    /// scenario's settings chose).
    private func unknownMembers(_ preset: StackPreset) -> [JSONValue.Member] {
        guard !preset.unknowns.isEmpty else { return [] }
        let run = Set(results.compactMap(\.variant).flatMap(ScenarioVariant.readings(of:)))
        let objects = preset.unknowns.map { unknown in
            JSONValue.object([
                .init("question", .string(unknown.question)),
                .init("variants", .array(unknown.readings.filter { run.contains($0.name) }.map { reading in
                    .object([.init("name", .string(reading.name)), .init("reading", .string(reading.summary))])
                })),
            ])
        }
        return [.init("undocumented", .array(objects))]
    }

    /// The engine's own settings under its name (`cloudkit: { … }`), for
    /// an engine that has some.
    private var engineSettingsMembers: [JSONValue.Member] {
        let settings = scenario.engine.settings
        guard !settings.isEmpty else { return [] }
        return [.init(scenario.engine.name, .object(settings.map { setting in
            switch setting.value {
            case .text(let text): .init(setting.name, .string(text))
            case .int(let number): .init(setting.name, .int(number))
            case .bool(let flag): .init(setting.name, .bool(flag))
            }
        }))]
    }

    private func resultJSON(_ result: RunResult) -> JSONValue {
        // Invariant checks come first, and only when they ran, so that the
        // timing figures stay the last lines of `cost`.
        var cost: [JSONValue.Member] = result.invariantChecks > 0 ? [.init("invariantChecks", .int(result.invariantChecks))] : []
        cost.append(.init("events", .int(result.events)))
        if includesTiming {
            cost.append(.init("wallSeconds", .number(DecimalText.fixed(result.wallSeconds, digits: 6))))
            cost.append(.init("eventsPerSecond", .number(DecimalText.fixed(result.eventsPerSecond, digits: 0))))
        }
        // The metrics in catalog order; the run's own fields about its
        // verdict and its end go around `liveness`, the rest after them.
        let metrics = Metric.jsonMembers(result)
        guard let liveness = metrics.firstIndex(where: { $0.key == Metric.liveness.rawValue }) else {
            preconditionFailure("Metric.catalog writes liveness")
        }
        var members: [JSONValue.Member] = [
            .init("strategy", .string(result.strategy)),
        ] + JSONValue.Member.variant(result.variant) + metrics[..<liveness]
        // Only on a run `--max-events` cut short, so that every other
        // report reads as before; its figures are partial.
        if let stop = result.stoppedAt { members.append(.init("stoppedAt", .string(stop.rawValue))) }
        // Only on a run that reached `until` too soon after its last write
        // or heal: why its liveness is not judged.
        if let cut = result.cutShort {
            members.append(.init("cutShort", .object([
                .init("lastWriteOrHealSeconds", .number(DecimalText.seconds(micros: cut.lastWriteOrHealMicros))),
                .init("syncMayNeedSeconds", .number(DecimalText.seconds(micros: cut.settleMicros))),
            ])))
        }
        members.append(metrics[liveness])
        // Only when a device or some records were left out of the verdict.
        if result.liveness.isJudged && !result.livenessScope.isWhole {
            members.append(.init("livenessScope", livenessScopeJSON(result.livenessScope)))
        }
        members.append(.init("endSeconds", .number(DecimalText.seconds(micros: result.endMicros))))
        members += metrics[(liveness + 1)...]
        members += [
            .init("cost", .object(cost)),
            .init("series", seriesJSON(result.series)),
            .init("faults", .array(result.faults.events.map { fault in
                .object([
                    .init("atSeconds", .number(DecimalText.seconds(micros: fault.atMicros))),
                    .init("kind", .string(fault.kind.rawValue)),
                    .init("detail", .string(fault.detail)),
                ])
            })),
        ]
        // Only when the log was capped, so that every other report reads
        // as before: `faults` is then the run's first faults only.
        if result.faults.isCapped { members.append(.init("faultCounts", faultCountsJSON(result.faults))) }
        return .object(members)
    }

    /// `{ total, firstNotShownSeconds, partition, cut, heal, crash, wipe,
    /// restart }`: every fault of a capped log, kept or not, and when the
    /// first one not kept happened.
    private func faultCountsJSON(_ faults: FaultLog) -> JSONValue {
        var members: [JSONValue.Member] = [.init("total", .int(faults.total))]
        if let first = faults.firstDroppedMicros {
            members.append(.init("firstNotShownSeconds", .number(DecimalText.seconds(micros: first))))
        }
        members += FaultEvent.Kind.allCases.map { .init($0.rawValue, .int(faults.count(of: $0))) }
        return .object(members)
    }

    /// `series: { resolutionSeconds, worst: [...], perReplica: [{ replica,
    /// counts }] or null }`: bucket `i` covers virtual time `[i, i + 1) ×
    /// resolutionSeconds` and holds the highest count seen in it.
    /// `{ judged, neverSynced, neverUploaded: [{ device, records }] }`:
    /// what a liveness verdict was judged over (``LivenessScope``).
    private func livenessScopeJSON(_ scope: LivenessScope) -> JSONValue {
        .object([
            .init("judged", .array(scope.judged.map(JSONValue.string))),
            .init("neverSynced", .array(scope.neverSynced.map(JSONValue.string))),
            .init("neverUploaded", .array(scope.neverUploaded.map { part in
                .object([.init("device", .string(part.device)), .init("records", .int(part.records))])
            })),
        ])
    }

    private func seriesJSON(_ series: DuplicateSeries) -> JSONValue {
        let perReplica = series.perReplica.map { counts in
            JSONValue.array(counts.enumerated().map { index, buckets in
                .object([
                    .init("replica", .string(scenario.replicaNames[index])),
                    .init("counts", .array(buckets.map { JSONValue.int($0) })),
                ])
            })
        }
        return .object([
            .init("resolutionSeconds", .number(DecimalText.seconds(micros: series.resolutionMicros))),
            .init("worst", .array(series.worst.map { JSONValue.int($0) })),
            .init("perReplica", perReplica ?? .null),
        ])
    }

    /// What `--format json` prints for any number of reports, one or many:
    /// the same top-level object, so a reader never checks which it got.
    public static func document(_ reports: [Report]) -> JSONValue {
        .document(command: "run", [.init("reports", .array(reports.map { $0.json() }))])
    }
}
