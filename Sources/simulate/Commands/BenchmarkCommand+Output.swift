import SyncExperiments
import SyncReport
import SyncSimulation

/// How `simulate benchmark` prints its result: aligned lines for people,
/// or one JSON object whose keys come in a fixed order.
extension BenchmarkCommand {
    static func table(_ result: StoreBenchmark.Result) -> String {
        var lines: [String] = []
        if result.build == .debug {
            lines.append("warning: a debug build: these figures are not the ones to quote; measure with swift run -c release simulate benchmark")
        }
        lines.append("SyncSim benchmark · \(result.records) records · \(result.replicas) replicas · batches of \(result.batch) · "
            + "\(result.build.rawValue) build")
        lines.append(machineLine(result.machine))
        lines.append("")
        lines.append("Remote apply: \(result.records) creates of a User, then an update of each, in change sets of \(result.batch), "
            + "applied by each of \(result.replicas) replicas (\(result.applications) record applications; best of \(result.trials) runs)")
        lines += aligned([
            ["  memory store (ReplicaNode, crdt, MemoryStore)", rate(result.memoryStoreRecordsPerSecond), seconds(result.memoryStoreSeconds)],
            ["  Swift Dictionary, field-by-field LWW merge", rate(result.dictionaryRecordsPerSecond), seconds(result.dictionarySeconds)],
        ], rightAligned: [1, 2])
        lines.append("  memory store ÷ Dictionary: \(ratio(result.memoryVsDictionary)) (rate over rate: 1 = as fast, higher is better)")
        lines.append("")
        lines.append("SQLite: \(result.records) creates, then an update of each, \(result.batch) per transaction "
            + "(\(result.sqliteMemory.records) record writes; one run each)")
        lines += aligned([
            ["", "SQLiteStore", "raw read + upsert", "store ÷ raw"],
            ["  in-memory databases", rate(result.sqliteMemoryStoreRecordsPerSecond), rate(result.sqliteMemoryRawRecordsPerSecond),
             ratio(result.sqliteMemoryVsRaw)],
            ["  database files", rate(result.sqliteFileStoreRecordsPerSecond), rate(result.sqliteFileRawRecordsPerSecond),
             ratio(result.sqliteFileVsRaw)],
        ], rightAligned: [1, 2, 3])
        lines.append("  raw: per row, the stored row read by id and the new row upserted, as the store must; no decode, merge, encode or count")
        lines.append("  store ÷ raw: the store's seconds over the raw loop's (1 = as fast, lower is better)")
        lines.append("")
        let source = result.memorySource == .allocator ? "allocator bytes in use" : "peak RSS (the allocator could not tell)"
        lines.append("Memory: \(signed(result.bytesPerRecordPerReplica, digits: 1)) bytes per record per replica "
            + "(\(source): \(mebibytes(result.bytesInUseBefore)) before the \(result.replicas) memory stores were filled, "
            + "\(mebibytes(result.bytesInUseAfter)) after) · peak RSS \(mebibytes(result.peakRSSBytes))")
        lines.append("")
        lines += targetLines(result.targets)
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ result: StoreBenchmark.Result) -> JSONValue {
        func number(_ value: Double, _ digits: Int) -> JSONValue { .number(signed(value, digits: digits)) }
        return .document(command: "benchmark", [
            .init("records", .int(result.records)),
            .init("replicas", .int(result.replicas)),
            .init("batch", .int(result.batch)),
            .init("trials", .int(result.trials)),
            .init("build", .string(result.build.rawValue)),
            .init("machine", machineJSON(result.machine)),
            .init("seconds", .object([
                .init("memoryStore", number(result.memoryStoreSeconds, 6)),
                .init("dictionary", number(result.dictionarySeconds, 6)),
                .init("sqliteMemoryStore", number(result.sqliteMemory.storeSeconds, 6)),
                .init("sqliteMemoryRaw", number(result.sqliteMemory.rawSeconds, 6)),
                .init("sqliteFileStore", number(result.sqliteFiles.storeSeconds, 6)),
                .init("sqliteFileRaw", number(result.sqliteFiles.rawSeconds, 6)),
            ])),
            .init("rates", .object([
                .init("memoryStoreRecordsPerSecond", number(result.memoryStoreRecordsPerSecond, 1)),
                .init("dictionaryRecordsPerSecond", number(result.dictionaryRecordsPerSecond, 1)),
                .init("sqliteMemoryStoreRecordsPerSecond", number(result.sqliteMemoryStoreRecordsPerSecond, 1)),
                .init("sqliteMemoryRawRecordsPerSecond", number(result.sqliteMemoryRawRecordsPerSecond, 1)),
                .init("sqliteFileStoreRecordsPerSecond", number(result.sqliteFileStoreRecordsPerSecond, 1)),
                .init("sqliteFileRawRecordsPerSecond", number(result.sqliteFileRawRecordsPerSecond, 1)),
            ])),
            .init("ratios", .object([
                .init("memoryVsDictionary", number(result.memoryVsDictionary, 6)),
                .init("sqliteMemoryVsRaw", number(result.sqliteMemoryVsRaw, 6)),
                .init("sqliteFileVsRaw", number(result.sqliteFileVsRaw, 6)),
            ])),
            .init("bytesPerRecordPerReplica", number(result.bytesPerRecordPerReplica, 1)),
            .init("memorySource", .string(result.memorySource.rawValue)),
            .init("bytesInUse", .object([
                .init("before", .int(result.bytesInUseBefore)),
                .init("after", .int(result.bytesInUseAfter)),
            ])),
            .init("peakRSSBytes", .int(result.peakRSSBytes)),
            .init("targets", targetsJSON(result.targets)),
        ])
    }

    // MARK: Formatting

    /// Rows with columns two spaces apart, each as wide as its widest cell;
    /// the columns `rightAligned` names hold numbers. No trailing spaces.
    static func aligned(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max()! }
        return rows.map { row in
            var line = row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                return rightAligned.contains(column) ? padding + row[column] : row[column] + padding
            }.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// `1,234,567 records/s`: a rate, whole, grouped by thousands.
    static func rate(_ value: Double) -> String {
        GroupedDigits.text(digits: DecimalText.fixed(value, digits: 0)) + " records/s"
    }

    static func seconds(_ value: Double) -> String { DecimalText.fixed(value, digits: 3) + " s" }

    static func ratio(_ value: Double) -> String { DecimalText.fixed(value, digits: 3) }

    /// A figure that may be negative: allocator bytes can fall while the
    /// stores fill if something else frees more.
    static func signed(_ value: Double, digits: Int) -> String {
        value < 0 ? "-" + DecimalText.fixed(-value, digits: digits) : DecimalText.fixed(value, digits: digits)
    }

    static func mebibytes(_ bytes: Int) -> String {
        signed(Double(bytes) / 1_048_576, digits: 1) + " MiB"
    }

    static func gibibytes(_ bytes: UInt64) -> String {
        DecimalText.fixed(Double(bytes) / 1_073_741_824, digits: 1) + " GiB"
    }

    static func boundText(_ bound: BenchmarkTarget.Bound) -> String {
        switch bound {
        case .atLeast(let limit): return "≥ " + trimmed(limit)
        case .atMost(let limit): return "≤ " + trimmed(limit)
        }
    }

    /// `0.25`, `1.5`, `250`: a limit as the issue states it.
    static func trimmed(_ value: Double) -> String {
        var text = DecimalText.fixed(value, digits: 2)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `machine: CPU · N logical cores · memory · OS · Swift version`, as both benchmarks print it.
    static func machineLine(_ machine: MachineDescription) -> String {
        "machine: \(machine.cpu) · \(machine.cores) logical cores · \(gibibytes(machine.memoryBytes)) · \(machine.os) · Swift \(machine.swift)"
    }

    /// `{cpu, cores, memoryBytes, os, swift}`, as both benchmarks write it.
    static func machineJSON(_ machine: MachineDescription) -> JSONValue {
        .object([
            .init("cpu", .string(machine.cpu)),
            .init("cores", .int(machine.cores)),
            .init("memoryBytes", .int(Int64(clamping: machine.memoryBytes))),
            .init("os", .string(machine.os)),
            .init("swift", .string(machine.swift)),
        ])
    }

    /// `Targets: M of N met`, then one aligned line per target, as both benchmarks print them.
    static func targetLines(_ targets: [BenchmarkTarget]) -> [String] {
        ["Targets: \(targets.filter(\.isMet).count) of \(targets.count) met"] + aligned(targets.map { target in
            ["  " + target.label, boundText(target.bound), signed(target.value, digits: target.decimals), target.isMet ? "met" : "missed"]
        }, rightAligned: [2])
    }
}
