import SyncExperiments
import SyncReport
import SyncSimulation

/// How `simulate benchmark --scaling` prints its result: aligned lines for
/// people, or one JSON object whose keys come in a fixed order (strategies
/// in the order run, counts ascending).
extension BenchmarkCommand {
    static func scalingTable(_ result: ScalingBenchmark.Result) -> String {
        typealias Settings = ScalingBenchmark.Settings
        let settings = result.settings
        let reference = Settings.referenceStrategy
        var lines: [String] = []
        if result.build == .debug {
            lines.append("warning: a debug build: these figures are not the ones to quote; measure with swift run -c release simulate benchmark --scaling")
        }
        lines.append("SyncSim benchmark --scaling · \(settings.strategyNames.count) strategies · seed \(settings.seed) · \(result.build.rawValue) build")
        lines.append(machineLine(result.machine))
        lines.append("Each run alone, one after another: CPU seconds (user + system) of the process around it.")
        lines.append("")

        lines.append("Cost in keys: the default scenario on \(Settings.keysReplicaCount) replicas, each importing the same N users "
            + "and making N/2 random updates; CPU seconds per run")
        let keyHeader = settings.keyCounts.map { "\(GroupedDigits.text($0)) keys" }
        lines += aligned([["  strategy"] + keyHeader + ["keysSlope"]] + result.strategies.map { figures in
            ["  " + figures.strategy] + figures.byKeys.map { cpu($0.cpuSeconds) } + [ratio(figures.keysSlope)]
        }, rightAligned: Set(1 ... keyHeader.count + 1))
        lines.append("  keysSlope: least-squares slope of log(CPU) on log(N): 1 = linear, 2 = quadratic")
        lines.append("")
        lines.append("CPU ÷ \(reference)'s at the same N (vsCrdt)")
        lines += aligned([["  strategy"] + keyHeader] + result.strategies.map { figures in
            ["  " + figures.strategy] + settings.keyCounts.map { keys in times(result.vsReference(figures.strategy, keys: keys)!) }
        }, rightAligned: Set(1 ... keyHeader.count))
        lines.append("")

        lines.append("Cost in replicas: the default scenario (\(settings.replicasKeyCount) users) on R replicas; "
            + "CPU µs per record application (a record handed to applyRemote from another replica, applied or refused)")
        let replicaHeader = settings.replicaCounts.map { "\($0) replicas" }
        let largest = settings.replicaCounts.last!
        lines += aligned([["  strategy"] + replicaHeader + ["replicasSlope", "applications at \(largest)"]] + result.strategies.map { figures in
            ["  " + figures.strategy] + figures.byReplicas.map { micros($0.perApplicationMicros) }
                + [signed(figures.replicasSlope, digits: 3), GroupedDigits.text(figures.byReplicas.last!.applications)]
        }, rightAligned: Set(1 ... replicaHeader.count + 2))
        lines.append("  replicasSlope: least-squares slope of log(µs per application) on log(R): 0 = flat, 1 = grows with R")
        lines.append("")

        let fullRun = result.fullRun
        let dictionary = result.dictionary
        lines.append("Remote apply, whole run: \(reference) at \(GroupedDigits.text(fullRun.keys)) keys on \(fullRun.replicas) replicas, run again "
            + "timing ReplicaNode.applyRemote")
        lines += aligned([
            ["  full run, inside applyRemote", rate(fullRun.applyRecordsPerSecond ?? 0),
             "\(GroupedDigits.text(fullRun.applications)) record applications in \(seconds(fullRun.applySeconds ?? 0))"],
            ["  Swift Dictionary, field-by-field LWW merge", rate(dictionary.recordsPerSecond),
             "\(GroupedDigits.text(dictionary.records)) users × \(dictionary.replicas) replicas, created and updated, batches of "
                 + "\(dictionary.batch), best of \(dictionary.trials): \(seconds(dictionary.seconds))"],
        ], rightAligned: [1])
        lines.append("  full run ÷ Dictionary: \(ratio(result.fullRunVsDictionary)) (rate over rate: 1 = as fast, higher is better)")
        lines.append("")

        let source = result.memorySource == .allocator ? "allocator bytes in use" : "peak RSS (the allocator could not tell)"
        let records = "\(GroupedDigits.text(result.largestKeys)) × \(Settings.keysReplicaCount)"
        lines.append("Memory, per record per replica (\(records)):")
        lines.append("  memory store: \(signed(result.bytesPerRecordPerReplica, digits: 1)) bytes (\(source), \(reference), "
            + "\(GroupedDigits.text(result.largestKeys)) users created and updated on \(Settings.keysReplicaCount) stores)")
        lines.append("  peak RSS: \(GroupedDigits.text(Int(result.peakRSSBytesPerRecordPerReplica.rounded()))) bytes (the process's \(mebibytes(result.keyGridPeakRSSBytes)) "
            + "after the key grid ÷ \(records): runtime, duplicates, change sets included)")
        lines.append("Peak RSS of the whole benchmark \(mebibytes(result.peakRSSBytes)) · \(DecimalText.fixed(result.wallSeconds, digits: 1)) s wall")
        lines.append("")

        lines += targetLines(result.targets)
        return lines.joined(separator: "\n") + "\n"
    }

    static func scalingJSON(_ result: ScalingBenchmark.Result) -> JSONValue {
        typealias Settings = ScalingBenchmark.Settings
        let settings = result.settings
        func number(_ value: Double, _ digits: Int) -> JSONValue { .number(signed(value, digits: digits)) }
        /// `{"1000": …, "3000": …}`: one member per count, ascending.
        func byCount(_ runs: [ScalingRun], count: (ScalingRun) -> Int, _ value: (ScalingRun) -> JSONValue) -> JSONValue {
            .object(runs.map { .init(String(count($0)), value($0)) })
        }
        let strategies = result.strategies.map { figures -> JSONValue.Member in
            .init(figures.strategy, .object([
                .init("keysSlope", number(figures.keysSlope, 6)),
                .init("cpuSecondsByKeys", byCount(figures.byKeys, count: \.keys) { number($0.cpuSeconds, 6) }),
                .init("vsCrdt", byCount(figures.byKeys, count: \.keys) { number(result.vsReference(figures.strategy, keys: $0.keys)!, 6) }),
                .init("applicationsByKeys", byCount(figures.byKeys, count: \.keys) { .int($0.applications) }),
                .init("perApplicationMicros", number(figures.perApplicationMicros, 6)),
                .init("perApplicationMicrosByReplicas", byCount(figures.byReplicas, count: \.replicas) { number($0.perApplicationMicros, 6) }),
                .init("replicasSlope", number(figures.replicasSlope, 6)),
                .init("cpuSecondsByReplicas", byCount(figures.byReplicas, count: \.replicas) { number($0.cpuSeconds, 6) }),
                .init("applicationsByReplicas", byCount(figures.byReplicas, count: \.replicas) { .int($0.applications) }),
            ]))
        }
        let fullRun = result.fullRun
        let dictionary = result.dictionary
        return .document(command: "benchmark", [
            .init("seed", .number(String(settings.seed))),
            .init("keyCounts", .array(settings.keyCounts.map { .int($0) })),
            .init("keysReplicas", .int(Settings.keysReplicaCount)),
            .init("replicaCounts", .array(settings.replicaCounts.map { .int($0) })),
            .init("replicasKeys", .int(settings.replicasKeyCount)),
            .init("strategies", .array(settings.strategyNames.map { .string($0) })),
            .init("build", .string(result.build.rawValue)),
            .init("machine", machineJSON(result.machine)),
            .init("scaling", .object(strategies)),
            .init("fullRun", .object([
                .init("strategy", .string(fullRun.strategy)),
                .init("keys", .int(fullRun.keys)),
                .init("replicas", .int(fullRun.replicas)),
                .init("applications", .int(fullRun.applications)),
                .init("applySeconds", number(fullRun.applySeconds ?? 0, 6)),
                .init("recordsPerSecond", number(fullRun.applyRecordsPerSecond ?? 0, 1)),
            ])),
            .init("dictionary", .object([
                .init("records", .int(dictionary.records)),
                .init("replicas", .int(dictionary.replicas)),
                .init("batch", .int(dictionary.batch)),
                .init("trials", .int(dictionary.trials)),
                .init("seconds", number(dictionary.seconds, 6)),
                .init("recordsPerSecond", number(dictionary.recordsPerSecond, 1)),
            ])),
            .init("fullRunVsDictionary", number(result.fullRunVsDictionary, 6)),
            .init("bytesPerRecordPerReplica", number(result.bytesPerRecordPerReplica, 1)),
            .init("memorySource", .string(result.memorySource.rawValue)),
            .init("bytesInUse", .object([
                .init("before", .int(result.bytesInUseBefore)),
                .init("after", .int(result.bytesInUseAfter)),
            ])),
            .init("peakRSSBytesPerRecordPerReplica", number(result.peakRSSBytesPerRecordPerReplica, 1)),
            .init("keyGridPeakRSSBytes", .int(result.keyGridPeakRSSBytes)),
            .init("peakRSSBytes", .int(result.peakRSSBytes)),
            .init("wallSeconds", number(result.wallSeconds, 3)),
            .init("targets", targetsJSON(result.targets)),
        ])
    }

    /// `{FIGURE: {atLeast or atMost, value, met}}`, as both benchmarks print their targets.
    static func targetsJSON(_ targets: [BenchmarkTarget]) -> JSONValue {
        .object(targets.map { target in
            let bound: JSONValue.Member
            switch target.bound {
            case .atLeast(let limit): bound = .init("atLeast", .number(trimmed(limit)))
            case .atMost(let limit): bound = .init("atMost", .number(trimmed(limit)))
            }
            return .init(target.figure, .object([bound, .init("value", .number(signed(target.value, digits: 6))), .init("met", .bool(target.isMet))]))
        })
    }

    /// `0.970 s`: a run's CPU.
    static func cpu(_ value: Double) -> String { DecimalText.fixed(value, digits: 3) + " s" }

    /// `3.46×`: a ratio of CPU times.
    static func times(_ value: Double) -> String { DecimalText.fixed(value, digits: 2) + "×" }

    /// `12.34 µs`: a cost per application.
    static func micros(_ value: Double) -> String { value.isFinite ? DecimalText.fixed(value, digits: 2) + " µs" : "–" }
}
