import Foundation
import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// The built-in scenario (`simulate --replicas N`): every replica imports
/// the same 100 users while partitioned, makes 50 updates, and syncs after
/// the heal over a lossy network.
struct DefaultScenarioTests {
    static let replicaCounts = [2, 3, 5]
    static let seeds: [UInt64] = [1, 7, 42]

    static func run(_ name: String, replicas: Int, seed: UInt64) -> RunResult {
        Simulation.run(scenario: DefaultScenario.make(replicas: replicas, seed: seed), strategy: namedStrategy(name), seed: seed)
    }

    /// The built-in scenario is the committed file's text: one source.
    @Test func theCommittedFileIsTheBuiltInTextByteForByte() throws {
        let file = try String(contentsOf: PackageRoot.url.appendingPathComponent("Scenarios/default.json5"), encoding: .utf8)
        #expect(file == DefaultScenario.text)
    }

    /// Built for any replica count from the text: its names, its stack.
    @Test func theBuiltInScenarioHasTheRequestedReplicasAndEngine() {
        let three = DefaultScenario.make(replicas: 3, seed: 1)
        #expect(three.replicaNames == ["r1", "r2", "r3"])
        let cloudKit = DefaultScenario.make(replicas: 2, seed: 1, engine: CloudKitEngineSettings())
        #expect(cloudKit.replicaNames == ["r1", "r2", "server"])
        #expect(cloudKit.engine.name == "cloudkit")
    }

    @Test(arguments: replicaCounts, seeds)
    func lwwKeepsEveryReplicasImport(replicas: Int, seed: UInt64) {
        let result = Self.run("lww", replicas: replicas, seed: seed)
        let context = "seed \(seed), N = \(replicas)"
        #expect(result.quiesced, "\(context)")
        #expect(result.duplicates.final == 100 * (replicas - 1), "\(context)")
        #expect(result.duplicates.peak == 100 * (replicas - 1), "\(context)")
        #expect(result.diverged == 0, "\(context)")
        #expect(result.convergenceMicros != nil, "\(context)")
        #expect(result.changeSets == replicas * 51, "\(context)")
        #expect(result.rejected.total == 0, "\(context)")
    }

    @Test(arguments: replicaCounts, seeds)
    func dedupeRemovesEveryDuplicate(replicas: Int, seed: UInt64) {
        let result = Self.run("dedupe", replicas: replicas, seed: seed)
        let context = "seed \(seed), N = \(replicas)"
        #expect(result.quiesced, "\(context)")
        #expect(result.duplicates.peak >= 100, "\(context)")
        #expect(result.duplicates.final == 0, "\(context)")
        #expect(result.diverged == 0, "\(context)")
        #expect(result.convergenceMicros != nil, "\(context)")
        #expect(result.dangling == 0, "\(context)")
    }

    @Test(arguments: replicaCounts, seeds)
    func crdtNeverDuplicates(replicas: Int, seed: UInt64) {
        let result = Self.run("crdt", replicas: replicas, seed: seed)
        let context = "seed \(seed), N = \(replicas)"
        #expect(result.quiesced, "\(context)")
        #expect(result.duplicates.peak == 0, "\(context)")
        #expect(result.diverged == 0, "\(context)")
        #expect(result.convergenceMicros != nil, "\(context)")
        #expect(result.changeSets == replicas * 51, "\(context)")
    }

    /// Each replica refuses every other replica's import once, and the 50
    /// updates behind each refused import stay blocked.
    @Test(arguments: replicaCounts, seeds)
    func uniqueErrorRefusesEveryOtherImport(replicas: Int, seed: UInt64) {
        let result = Self.run("unique:error", replicas: replicas, seed: seed)
        let context = "seed \(seed), N = \(replicas)"
        #expect(result.quiesced, "\(context)")
        #expect(result.rejected.localSaves == 0, "\(context)")
        #expect(result.rejected.changeSets == replicas * (replicas - 1), "\(context)")
        #expect(result.rejected.blocked == replicas * (replicas - 1) * 50, "\(context)")
        #expect(result.duplicates.peak == 0, "\(context)")
    }

    @Test(arguments: ["unique:error", "unique:objectTrump", "unique:storeTrump", "unique:overwrite", "unique:rollback"], replicaCounts)
    func uniqueStrategiesNeverHoldADuplicate(name: String, replicas: Int) {
        for seed in Self.seeds {
            let result = Self.run(name, replicas: replicas, seed: seed)
            #expect(result.quiesced, "seed \(seed), N = \(replicas), \(name)")
            #expect(result.duplicates.peak == 0, "seed \(seed), N = \(replicas), \(name)")
            #expect(result.duplicates.final == 0, "seed \(seed), N = \(replicas), \(name)")
        }
    }
}
