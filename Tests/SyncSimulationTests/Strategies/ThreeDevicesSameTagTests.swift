import Foundation
@testable import SyncSimulation
import SyncModel
import SyncScenarioFile
import Testing

/// `Scenarios/three-devices-same-tag.json5` on both engines: every variant
/// of the pass ends with one "travel" tag linked from all three posts; the
/// colour it shows is the winning copy's own under `dedupe:apple` and r3's
/// later "blue" under `dedupe:merge`. The winner is the copy with the
/// lowest id among the three, read from the devices' stores.
struct ThreeDevicesSameTagTests {
    typealias T = ScenarioFileTesting

    static func run(_ strategy: String, engine: String) throws -> (RunResult, Simulation) {
        let data = try Data(contentsOf: T.scenariosFolder.appendingPathComponent("three-devices-same-tag.json5"))
        let document = try ScenarioFile.parse(data, file: "three-devices-same-tag.json5", seed: 1, overrides: [], engine: engine)
        var simulation = try Simulation(scenario: document.scenario, strategy: namedStrategy(strategy), seed: 1)
        let result = try simulation.run()
        return (result, simulation)
    }

    /// The colour each device's recolouring wrote, by creator.
    static let colours: [ReplicaID: String] = [ReplicaID(0): "red", ReplicaID(1): "green", ReplicaID(2): "blue"]

    @Test(arguments: ["peer", "cloudkit"], ["dedupe", "dedupe:apple", "dedupe:merge", "dedupe:deferred"])
    func oneTagAllPostsOnItAndTheVariantsColour(engine: String, strategy: String) throws {
        let (result, simulation) = try Self.run(strategy, engine: engine)
        #expect(result.quiesced && result.diverged == 0 && result.duplicates.final == 0 && result.dangling == 0 && result.links == 3)
        let schema = simulation.scenario.schema
        let tag = try #require(schema.entityIndex("Tag")), post = try #require(schema.entityIndex("Post"))
        let colour = try #require(schema[tag].fieldIndex("colour"))
        let copies = simulation.nodes[0].store.allRecords().filter { $0.entity == tag }
        #expect(copies.count == 3)
        let winner = try #require(copies.min { $0.id < $1.id })
        let winnerCreator = try #require(winner.creations.first?.replica)
        let expected = strategy == "dedupe:merge" ? "blue" : Self.colours[winnerCreator]!
        // Seed 1: r2's copy wins, so the sample's pass loses r3's "blue".
        #expect(winnerCreator == ReplicaID(1), "\(engine)")
        #expect(result.lostWrites.total == (expected == "blue" ? 0 : 1), "\(engine) \(strategy)")
        for node in simulation.nodes {
            let live = node.store.allRecords().filter { $0.entity == tag && $0.isLive }
            #expect(live.map(\.id) == [winner.id], "\(engine) \(strategy) \(node.id)")
            #expect(live.first?.value(colour) == .string(expected), "\(engine) \(strategy) \(node.id)")
            let posts = node.store.allRecords().filter { $0.entity == post && $0.isLive }
            #expect(posts.count == 3 && posts.allSatisfy { $0.relations[0].elements == [winner.id] }, "\(engine) \(strategy) \(node.id)")
        }
    }

    /// The question: does a pass ever leave a device with no copy
    /// of the tag? Over 100 seeds on a lossy network, on both engines, no
    /// deletion does: a device receives a winner no later than a deletion
    /// that depends on it (`peer` applies change sets in causal order; a
    /// cloudkit fetch returns the zone's state at once), so even
    /// `dedupe:apple`'s immediate deletes never take a device's last copy.
    /// (The sweep in the closing note of the dedupe issue shows the same at
    /// 0, 30% and 60% drop.)
    ///
    /// A mark can: `dedupe:deferred` hides marked losers from the user's
    /// fetches, and on `cloudkit` a device whose save of its own tag is
    /// answered `serverRecordChanged` takes that one record, marked by
    /// another device, before it has fetched the winner (seed 19: r2 at
    /// 1.77 s). Its user sees no tag until the next fetch brings the
    /// winner: 7 of the 100 runs.
    @Test(arguments: ["peer", "cloudkit"], ["dedupe:apple", "dedupe:deferred"])
    func noPassLeavesADeviceWithoutTheTag(engine: String, strategy: String) throws {
        let data = try Data(contentsOf: T.scenariosFolder.appendingPathComponent("three-devices-same-tag.json5"))
        var runsWithoutACopy = 0
        for seed in UInt64(1) ... 100 {
            let document = try ScenarioFile.parse(data, file: "three-devices-same-tag.json5", seed: seed,
                                                  overrides: [("network.drop", "0.3")], engine: engine)
            let result = Simulation.run(scenario: document.scenario, strategy: namedStrategy(strategy), seed: seed)
            #expect(result.duplicates.final == 0 && result.quiesced, "\(engine) \(strategy) seed \(seed)")
            if result.copiesLost > 0 { runsWithoutACopy += 1 }
        }
        #expect(runsWithoutACopy == (engine == "cloudkit" && strategy == "dedupe:deferred" ? 7 : 0), "\(engine) \(strategy)")
    }
}
