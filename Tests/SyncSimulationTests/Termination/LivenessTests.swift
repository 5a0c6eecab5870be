import Foundation
import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing

/// Once the last fault is over, the strategies that promise convergence
/// converge before `until` on any network that drops less than every
/// message: long partitions, heavy loss, crashes during the partition.
@Suite struct LivenessTests {
    static let promising = ["lww", "lww:field", "dedupe", "crdt"]

    /// Three replicas (plus the server in a hub topology) import, edit and
    /// delete while cut off from each other until the heal at `partition`,
    /// optionally with `b` crashing during the partition and restarting.
    static func scenario(partition: String, drop: String, crash: Bool, topology: String = "mesh") throws -> ScenarioDocument {
        let crashSteps = crash ? """
            { at: "1500ms", crash: "b" },
            { at: "2500ms", restart: "b" },
        """ : ""
        return try ScenarioFileTesting.parse("""
        {
          name: "liveness", replicas: ["a", "b", "c"], topology: "\(topology)", until: "1800s",
          network: { drop: \(drop), duplicate: 0.1, reorder: 0.1, delay: ["5ms", "80ms"] },
          schema: { entities: [{ name: "User", fields: ["email", "name"], unique: [["email"]] }] },
          steps: [
            { at: "0s", partition: [["a"], ["b"], ["c"]] },
            { at: "100ms", on: "all", import: { entity: "User", count: 5, values: { email: "u{n}@example.com", name: "N{n}" } } },
            { at: "1s", on: "a", update: { entity: "User", key: { email: "u1@example.com" }, set: { name: "from-a" } } },
            { at: "1200ms", on: "c", delete: { entity: "User", key: { email: "u2@example.com" } } },
            \(crashSteps)
            { at: "3s", on: "b", update: { entity: "User", key: { email: "u3@example.com" }, set: { name: "from-b" } } },
            { at: "\(partition)", heal: true },
          ],
        }
        """, seed: 11)
    }

    static func expectLiveness(_ document: ScenarioDocument, _ context: String) {
        for name in promising {
            let result = Simulation.run(scenario: document.scenario, strategy: namedStrategy(name), seed: document.seed)
            #expect(result.liveness == .held, "\(name) \(context): quiesced \(result.quiesced), diverged \(result.diverged)")
            #expect(result.quiesced && result.diverged == 0, "\(name) \(context)")
            #expect(result.endMicros > document.scenario.steps.last!.atMicros, "\(name) \(context)")
        }
        let unique = Simulation.run(scenario: document.scenario, strategy: namedStrategy("unique:error"), seed: document.seed)
        #expect(unique.liveness == .notPromised)
    }

    @Test(arguments: ["4s", "90s", "300s"])
    func longPartitions(heal: String) throws {
        Self.expectLiveness(try Self.scenario(partition: heal, drop: "0.1", crash: false), "partition until \(heal)")
    }

    @Test(arguments: ["mesh", "hub"])
    func heavyLoss(topology: String) throws {
        Self.expectLiveness(try Self.scenario(partition: "4s", drop: "0.9", crash: false, topology: topology), "drop 0.9, \(topology)")
    }

    @Test(arguments: ["0.1", "0.9"])
    func crashAndRestartDuringThePartition(drop: String) throws {
        Self.expectLiveness(try Self.scenario(partition: "60s", drop: drop, crash: true), "crash during partition, drop \(drop)")
    }

    /// A replica that crashes and never restarts holds back its changes:
    /// the run cannot finish, and says so rather than guessing.
    @Test func aReplicaThatStaysDownKeepsTheRunFromQuiescing() throws {
        let document = try ScenarioFileTesting.parse("""
        {
          name: "down", replicas: ["a", "b"], until: "20s",
          schema: { entities: [{ name: "User", fields: ["email"], unique: [["email"]] }] },
          steps: [
            { at: "0s", partition: "each" },
            { at: "1s", on: "a", create: { entity: "User", fields: { email: "x@example.com" } } },
            { at: "2s", crash: "a" },
            { at: "3s", heal: true },
          ],
        }
        """, seed: 5)
        let result = Simulation.run(scenario: document.scenario, strategy: namedStrategy("lww"), seed: 5)
        #expect(!result.quiesced)
        #expect(result.liveness == .faultsRemain)
        #expect(result.endMicros == 20_000_000)
    }
}
