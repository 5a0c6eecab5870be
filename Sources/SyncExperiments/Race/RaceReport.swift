import SyncReport
import SyncSimulation

/// The report of `simulate race`: real threads decide the interleaving, so
/// every figure varies from run to run; the report says so.
public struct RaceReport: Sendable {
    /// One measurement per strategy and writer count.
    public let measurements: [RaceExperiment.Measurement]
    /// Trials per measurement.
    public let trials: Int
    /// How the writers were scheduled.
    public let schedule: ConcurrentWriters.Schedule

    /// A report of a race.
    public init(measurements: [RaceExperiment.Measurement], trials: Int, schedule: ConcurrentWriters.Schedule) {
        self.measurements = measurements
        self.trials = trials
        self.schedule = schedule
    }

    var scheduleText: String {
        switch schedule {
        case .free(let thinkMicros): return "each writer fetches, works \(DecimalText.duration(micros: Int64(thinkMicros))), then saves"
        case .lockstep: return "lockstep: every writer fetches before any saves"
        }
    }

    var headline: String {
        "SyncSim · race · writers create the same key at once on one replica · \(trials) trials each · \(scheduleText)"
    }

    static let caveat = "Real threads decide the interleaving: figures vary from run to run."

    private var columns: [TableColumn<RaceExperiment.Measurement>] {
        [
            TableColumn(header: "strategy", leftAligned: true) { $0.strategy },
            TableColumn(header: "writers", leftAligned: false) { String($0.writers) },
            TableColumn(header: "trials", leftAligned: false) { String($0.trials) },
            TableColumn(header: "with dup", leftAligned: false) { String($0.trialsWithDuplicate) },
            TableColumn(header: "share", leftAligned: false) { DecimalText.fixed($0.duplicateShare * 100, digits: 1) + "%" },
            TableColumn(header: "mean dups", leftAligned: false) { DecimalText.fixed($0.meanDuplicates, digits: 2) },
            TableColumn(header: "retried", leftAligned: false) { String($0.retriedSaves) },
        ]
    }

    /// Aligned text for a terminal.
    public func table() -> String {
        var lines = [headline, RaceReport.caveat, ""] + columns.alignedLines(measurements)
        lines.append("")
        lines.append("with dup: trials that left a duplicate; share: of all trials; mean dups: duplicates left per trial; retried: saves that failed, were rolled back and fetched again")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Markdown section.
    public func markdown() -> String {
        (["## \(headline)", "", RaceReport.caveat, ""] + columns.markdownLines(measurements)).joined(separator: "\n") + "\n"
    }

    /// What `simulate race --format json` prints: the shared envelope, then the schedule and the results.
    public func json() -> JSONValue {
        var scheduleMembers: [JSONValue.Member]
        switch schedule {
        case .free(let thinkMicros): scheduleMembers = [.init("kind", .string("free")), .init("thinkMicros", .int(thinkMicros))]
        case .lockstep: scheduleMembers = [.init("kind", .string("lockstep"))]
        }
        return .document(command: "race", [
            .init("reproducible", .bool(false)),
            .init("trials", .int(trials)),
            .init("schedule", .object(scheduleMembers)),
            .init("results", .array(measurements.map { row in
                .object([
                    .init("strategy", .string(row.strategy)),
                    .init("writers", .int(row.writers)),
                    .init("trials", .int(row.trials)),
                    .init("trialsWithDuplicate", .int(row.trialsWithDuplicate)),
                    .init("duplicateShare", .number(DecimalText.fixed(row.duplicateShare, digits: 4))),
                    .init("meanDuplicates", .number(DecimalText.fixed(row.meanDuplicates, digits: 4))),
                    .init("retriedSaves", .int(row.retriedSaves)),
                ])
            })),
        ])
    }
}
