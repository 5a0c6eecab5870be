import SyncModel

/// The built-in scenario that `simulate --replicas N` runs, and that
/// `Scenarios/default.json5` writes out for five replicas.
///
/// N replicas start partitioned from each other. Each imports the same
/// server response, 100 `User` records (`email` unique, `name`, `city`),
/// identical on every replica; then each makes 50 seeded random field
/// updates to users it holds. At 2 s the partition heals; the network drops
/// 10% and duplicates 5% of messages, with 5–80 ms of delay.
///
/// The steps are built by the same ``WorkloadGenerator`` calls, with the
/// same step numbers, that the scenario file's steps expand to, so the two
/// give the same run.
public enum DefaultScenario {
    /// The scenario's name: `default`.
    public static let name = "default"
    /// The scenario's description, one sentence for reports.
    public static let description = "Every replica imports the same 100 users while partitioned, edits them, and syncs after the partition heals at 2 s."
    /// Users every replica imports.
    public static let userCount = 100
    /// Seeded random field updates each replica makes.
    public static let updatesPerReplica = 50
    /// When the partition heals: 2 s.
    public static let healMicros: Int64 = 2_000_000
    /// Updates fall in `[updateStartMicros, updateStartMicros + updateWindowMicros]`.
    public static let updateStartMicros: Int64 = 100_000
    /// See ``updateStartMicros``.
    public static let updateWindowMicros: Int64 = 1_800_000

    /// One entity, `User`, whose `email` is unique.
    public static let schema = Schema(entities: [
        EntitySchema(name: "User", fields: ["email", "name", "city"], uniqueKeys: [["email"]]),
    ])

    /// Values of the imported users (and the bases of updated values).
    public static let values: [Int: ValueTemplate] = [
        0: .pattern("user{n}@example.com"),
        1: .choices(["Elena", "Ada", "Grace", "Alan", "Barbara", "Edsger", "Frances", "Ken", "Leslie", "Margaret"].map { .string($0) }),
        2: .choices(["Oslo", "Lyon", "Porto", "Graz", "Turku", "Ghent", "Cork", "Brno", "Split", "Bergen"].map { .string($0) }),
    ]

    /// The scenario for `replicaCount` devices under `engine` (default
    /// `peer`). The first step's partition isolates every endpoint, the
    /// engine's server too, as `partition: "each"` does in the file.
    public static func make(replicas replicaCount: Int, seed: UInt64,
                            engine: any EngineConfiguration = PeerEngineConfiguration()) -> Scenario {
        make(replicas: replicaCount, seed: seed, engine: engine, topology: .mesh)
    }

    /// The scenario for `replicaCount` devices on `preset`'s stack, as
    /// `Scenarios/default.json5` runs under `--preset`. A hub (`ownserver`)
    /// is one more replica, `hub`, that imports and edits nothing and is
    /// cut off with the devices until the heal.
    public static func make(replicas replicaCount: Int, seed: UInt64, preset: StackPreset) -> Scenario {
        var scenario = make(replicas: replicaCount, seed: seed, engine: preset.engineConfiguration, topology: preset.topology)
        scenario.preset = preset
        scenario.variants = preset.variants
        return scenario
    }

    private static func make(replicas replicaCount: Int, seed: UInt64,
                             engine: any EngineConfiguration, topology: Topology) -> Scenario {
        precondition(replicaCount >= 1, "need at least one replica")
        let user = EntityIndex(0)
        let replicas = (0 ..< replicaCount).map(ReplicaID.init)

        // steps[0]: { at: "0s", partition: "each" }: every endpoint alone,
        // the hub and the engine's server too.
        let endpointCount = replicaCount + (topology == .hub ? 1 : 0) + (engine.serverName == nil ? 0 : 1)
        var steps = [Step(atMicros: 0, .partition((0 ..< endpointCount).map { [ReplicaID($0)] }))]
        // steps[1]: { at: "0s", on: "all", import: { entity: "User", count: 100, values } }
        let rows = WorkloadGenerator.importRows(entity: user, count: userCount, values: values, schema: schema, seed: seed, stepIndex: 1)
        steps += replicas.map { Step(atMicros: 0, .intent($0, .save(rows))) }
        // steps[2]: { at: "100ms", on: "all", random: { entity: "User", ops: 50, keys: 100, over: "1800ms", mix: { update: 1 }, values } }
        let updates = WorkloadGenerator.RandomSettings(
            entity: user, operations: updatesPerReplica, keys: userCount, overMicros: updateWindowMicros,
            mix: [.update: 1_000_000], values: values)
        for replica in replicas {
            steps += WorkloadGenerator.randomSteps(updates, atMicros: updateStartMicros, on: replica, schema: schema, seed: seed, stepIndex: 2)
        }
        // steps[3]: { at: "2s", heal: true }
        steps.append(Step(atMicros: healMicros, .heal))

        var scenario = Scenario(
            name: name,
            description: description,
            replicaNames: replicas.map(\.description) + (topology == .hub ? ["hub"] : []),
            schema: schema,
            network: NetworkSettings(
                dropProbability: Probability(0.10),
                duplicateProbability: Probability(0.05)),
            sync: SyncSettings(),
            steps: steps.stableSorted { $0.atMicros < $1.atMicros })
        scenario.topology = topology
        scenario.useEngine(engine)
        return scenario
    }
}

extension Array {
    /// A sort that keeps equal elements in their original order, whatever
    /// the standard library's algorithm does.
    package func stableSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        enumerated().sorted { lhs, rhs in
            if areInIncreasingOrder(lhs.element, rhs.element) { return true }
            if areInIncreasingOrder(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
