import SyncScenarioFile
import SyncSimulation

/// The fault schedule explore adds to a scenario: one nemesis step from 0 s,
/// drawn from each seed's own `nemesis` stream, so seed S fixes it.
///
/// By default it runs for the first half of the scenario's `until`, which
/// leaves the second half as a healed phase in which the liveness promise
/// is judged; every 300 ms it heals or, with probability 0.5, splits the
/// replicas in two, and with probability 0.2 crashes a running replica for
/// one period (the settings of `Scenarios/nemesis-soak.json5`).
public struct ExploreNemesis: Hashable, Sendable {
    /// The period of the schedule: each step heals or partitions, and a crash lasts one period.
    public var everyMicros: Int64 = 300_000
    /// Nil: half of the scenario's `until`.
    public var untilMicros: Int64?
    /// The chance, each period, of splitting the replicas in two rather than healing.
    public var partitionProbability: Double = 0.5
    /// The chance, each period, of crashing a running replica.
    public var crashProbability: Double = 0.2

    /// The default schedule: every 300 ms, until half of `until`, partitions at 0.5, crashes at 0.2.
    public init() {}

    /// The keys ``init(argument:)`` reads, each at most once.
    public static let keys = ["every", "until", "partition", "crash"]

    /// Reads `every=300ms,until=5s,partition=0.5,crash=0.2` (any of the
    /// four, in any order); nil when a part is not one of them or out of
    /// range (a positive duration, a probability from 0 to 1).
    public init?(argument: String) {
        var seen: [String] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard pair.count == 2, Self.keys.contains(pair[0]), !seen.contains(pair[0]) else { return nil }
            seen.append(pair[0])
            switch pair[0] {
            case "every", "until":
                guard let micros = ScenarioFile.durationMicros(pair[1]), micros > 0 else { return nil }
                if pair[0] == "every" { everyMicros = micros } else { untilMicros = micros }
            default:
                guard let probability = Double(pair[1]), probability >= 0, probability <= 1 else { return nil }
                if pair[0] == "partition" { partitionProbability = probability } else { crashProbability = probability }
            }
        }
    }

    /// The settings as `--nemesis` takes them, every key spelt out.
    public func argument(runUntilMicros: Int64) -> String {
        "every=\(ScenarioFile.durationText(everyMicros)),until=\(ScenarioFile.durationText(until(runUntilMicros: runUntilMicros)))"
            + ",partition=\(partitionProbability),crash=\(crashProbability)"
    }

    /// When the faults end in a run that lasts `runUntilMicros`.
    public func until(runUntilMicros: Int64) -> Int64 {
        untilMicros ?? max(1, runUntilMicros / 2)
    }

    /// The step explore appends to the scenario's timeline.
    func step(runUntilMicros: Int64) -> JSON5Value {
        .object([
            .init("at", .string("0s")),
            .init("nemesis", .object([
                .init("every", .string(ScenarioFile.durationText(everyMicros))),
                .init("until", .string(ScenarioFile.durationText(until(runUntilMicros: runUntilMicros)))),
                .init("partition", .number("\(partitionProbability)")),
                .init("crash", .number("\(crashProbability)")),
            ])),
        ])
    }
}
