import Foundation
import SyncModel
import SyncSimulation

/// The built-in scenario that `simulate --replicas N` runs: the text of
/// `Scenarios/default.json5`, parsed, with the replica count, the seed and
/// the stack the command line asks for. There is no Swift twin to drift
/// from the file: a test holds the file to this text byte for byte.
///
/// N replicas start partitioned from each other. Each imports the same
/// server response, 100 `User` records (`email` unique, `name`, `city`),
/// identical on every replica; then each makes 50 seeded random field
/// updates to users it holds. At 2 s the partition heals; the network drops
/// 10% and duplicates 5% of messages, with 5–80 ms of delay.
public enum DefaultScenario {
    /// The scenario's name: `default`.
    public static let name = "default"
    /// The scenario's description, one sentence for reports.
    public static let description = document(replicas: 1, seed: 1).scenario.description
    /// One entity, `User`, whose `email` is unique (``SyncSimulation/Schema/users``).
    public static var schema: Schema { .users }

    /// The scenario for `replicaCount` devices under `engine` (default
    /// `peer`). The first step's partition isolates every endpoint, the
    /// engine's server too, as `partition: "each"` does.
    public static func make(replicas replicaCount: Int, seed: UInt64,
                            engine: any EngineConfiguration = PeerEngineConfiguration()) -> Scenario {
        var scenario = document(replicas: replicaCount, seed: seed, overrides: [(path: "engine", value: engine.name)]).scenario
        scenario.useEngine(engine)
        return scenario
    }

    /// The scenario for `replicaCount` devices on `preset`'s stack, as
    /// `Scenarios/default.json5` runs under `--preset`. A hub (`ownserver`)
    /// is one more replica, `hub`, that imports and edits nothing and is
    /// cut off with the devices until the heal.
    public static func make(replicas replicaCount: Int, seed: UInt64, preset: StackPreset) -> Scenario {
        document(replicas: replicaCount, seed: seed, overrides: [(path: "preset", value: preset.name)]).scenario
    }

    /// The text parsed for `replicaCount` replicas and `seed`, with
    /// `overrides` as `--vary` sets them.
    static func document(replicas replicaCount: Int, seed: UInt64, overrides: [(path: String, value: String)] = []) -> ScenarioDocument {
        precondition(replicaCount >= 1, "need at least one replica")
        do {
            return try ScenarioFile.parse(Data(text.utf8), file: "built-in default", seed: seed,
                                          overrides: [(path: "replicas", value: String(replicaCount))] + overrides)
        } catch {
            preconditionFailure("the built-in default scenario does not read: \(error)")
        }
    }

    /// `Scenarios/default.json5`, byte for byte.
    public static let text = #"""
// The built-in scenario of `simulate --replicas 5`, written out: both give
// the same output, byte for byte.
{
  name: "default",
  description: "Every replica imports the same 100 users while partitioned, edits them, and syncs after the partition heals at 2 s.",
  replicas: 5,
  seed: 1,
  until: "60s",
  schema: { entities: [
    { name: "User", fields: ["email", "name", "city"], unique: [["email"]] },
  ] },
  network: { drop: 0.1, duplicate: 0.05, delay: ["5ms", "80ms"] },
  sync: { every: "100ms", jitter: "20ms" },
  steps: [
    { at: "0s", partition: "each" },
    // The same server response on every replica: user001@example.com … user100@example.com.
    { at: "0s", on: "all", import: { entity: "User", count: 100, values: {
      email: "user{n}@example.com",
      name: ["Elena", "Ada", "Grace", "Alan", "Barbara", "Edsger", "Frances", "Ken", "Leslie", "Margaret"],
      city: ["Oslo", "Lyon", "Porto", "Graz", "Turku", "Ghent", "Cork", "Brno", "Split", "Bergen"],
    } } },
    // 50 edits per replica while partitioned, to users from the same list.
    { at: "100ms", on: "all", random: { entity: "User", ops: 50, keys: 100, over: "1800ms", mix: { update: 1 }, values: {
      email: "user{n}@example.com",
      name: ["Elena", "Ada", "Grace", "Alan", "Barbara", "Edsger", "Frances", "Ken", "Leslie", "Margaret"],
      city: ["Oslo", "Lyon", "Porto", "Graz", "Turku", "Ghent", "Cork", "Brno", "Split", "Bergen"],
    } } },
    { at: "2s", heal: true },
  ],
  expect: [
    { strategy: "lww", metric: "duplicates.final", equals: 400 },
    { strategy: "dedupe", metric: "duplicates.final", equals: 0 },
    { strategy: "dedupe", metric: "duplicates.peak", min: 100 },
    { strategy: "crdt", metric: "duplicates.peak", equals: 0 },
    { strategy: "lww", metric: "converged", equals: 1 },
    { strategy: "dedupe", metric: "converged", equals: 1 },
    { strategy: "crdt", metric: "converged", equals: 1 },
    { strategy: "crdt", metric: "lostWrites", equals: 0 },
  ],
}

"""#
}
