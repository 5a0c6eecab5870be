import SyncModel
import SyncSimulation

/// Small hand-written scenarios over the fixture schema on a reliable
/// network (no drop, duplicate or reorder; 1 ms delay), so every outcome
/// can be worked out by hand.
enum ScenarioFixtures {
    static func replicas(_ count: Int) -> [ReplicaID] { (0 ..< count).map(ReplicaID.init) }

    static func scenario(replicas count: Int, clocks: [PhysicalClock]? = nil, steps: [Step]) -> Scenario {
        Scenario(
            name: "test", description: "hand-written test scenario",
            replicaNames: replicas(count).map(\.description),
            schema: Fixtures.schema,
            network: .reliable,
            sync: SyncSettings(intervalMicros: 100_000, jitterMicros: 20_000, fanout: 1),
            clocks: clocks,
            untilMicros: 30_000_000,
            steps: steps)
    }

    static func save(_ replica: Int, at micros: Int64, _ rows: Row...) -> Step {
        Step(atMicros: micros, .intent(ReplicaID(replica), .save(rows)))
    }

    static func update(_ replica: Int, at micros: Int64, _ key: NaturalKey, _ writes: FieldWrite...) -> Step {
        Step(atMicros: micros, .intent(ReplicaID(replica), .update(key: key, writes: writes)))
    }
}

/// Every figure of a run but its wall time, comparable as one value.
/// Built by reflection, so a figure added to `RunResult` later is compared
/// too without anyone remembering to list it here.
struct RunFingerprint: Hashable, CustomStringConvertible {
    /// `label=value` for every stored property but `wallSeconds` and
    /// `variant`, in declaration order. `variant` names the run (set by
    /// ``Comparison`` from the scenario), it is not a figure a run produces.
    let figures: [String]

    static let excluded: Set<String> = ["wallSeconds", "variant"]

    init(_ result: RunResult) {
        figures = Mirror(reflecting: result).children
            .filter { !Self.excluded.contains($0.label ?? "") }
            .map { "\($0.label ?? "?")=\(String(reflecting: $0.value))" }
    }

    var description: String { figures.joined(separator: "\n") }
}
