import Foundation
@testable import SyncSimulation
import SyncModel
import SyncScenarioFile
import Testing

/// Log compaction: a peer log forgets the change sets every device has
/// applied, and no message, result or figure changes.
struct LogForgettingTests {
    typealias T = ScenarioFileTesting

    /// Two devices; `a` saves three users, `b` pulls and applies them.
    static func twoDevicesInStep() -> (PeerReplica, PeerReplica) {
        var a = makeReplica(CRDTStrategy(), 0, of: 2)
        var b = makeReplica(CRDTStrategy(), 1, of: 2)
        for (index, email) in ["a@x", "b@x", "c@x"].enumerated() {
            _ = a.perform(.save([Fixtures.userRow(email)]), atMicros: Int64(index + 1))
        }
        #expect(b.pull(from: a, atMicros: 10) == 3)
        return (a, b)
    }

    @Test func aLogForgetsOnlyWhatItWasToldEveryDeviceApplied() {
        var (a, b) = Self.twoDevicesInStep()
        let everywhere = PeerEngine.appliedEverywhere([a.log, b.log])
        #expect(everywhere[ReplicaID(0)] == 3)
        #expect(a.log.forget(appliedEverywhere: everywhere) == 3)
        #expect(a.log.keptCount == 0)
        #expect(a.log.forgottenCount(of: ReplicaID(0)) == 3)
        // The vector still counts them: the log accounts for every change set.
        #expect(a.held[ReplicaID(0)] == 3 && a.log.logCount(of: ReplicaID(0)) == 3)
        // A fourth save is kept and offered as before.
        _ = a.perform(.save([Fixtures.userRow("d@x")]), atMicros: 20)
        #expect(a.log.keptCount == 1)
        #expect(b.pull(from: a, atMicros: 21) == 1)
        #expect(PeerEngine.forgottenProblem([a.log, b.log]) == nil)
    }

    @Test func aRequestSentBeforeTheForgettingGetsTheSameMessage() {
        var (a, b) = Self.twoDevicesInStep()
        // `b`'s request carried the vector it held before it pulled.
        let stale = VersionVector(replicaCount: 2)
        let before = PeerMessage.reply(changeSets: a.changeSets(missingFrom: stale), held: a.held)
        _ = a.log.forget(appliedEverywhere: PeerEngine.appliedEverywhere([a.log, b.log]))
        let after = PeerMessage.reply(changeSets: a.changeSets(missingFrom: stale), held: a.held)
        #expect(after.sizeBytes == before.sizeBytes && after.carriesChanges)
        let (beforeSets, afterSets) = (Self.changeSets(before), Self.changeSets(after))
        #expect(afterSets.map(\.seq) == beforeSets.map(\.seq) && afterSets.map(\.sizeBytes) == beforeSets.map(\.sizeBytes))
        #expect(afterSets.allSatisfy(\.isForgotten) && !beforeSets.contains(where: \.isForgotten))
        // `b` holds them all: it keeps none of the stand-ins.
        #expect(b.receive(afterSets) == 0)
        #expect(!PeerQuiescence.carriesNews(after, to: b.log))
    }

    @Test func theInvariantCatchesAForgettingNoProofAllows() throws {
        var (a, b) = Self.twoDevicesInStep()
        _ = a.perform(.save([Fixtures.userRow("d@x")]), atMicros: 20)
        // `b` has applied 3 of `a`'s change sets; telling `a` 4 is a lie.
        var vector = VersionVector(replicaCount: 2)
        vector[ReplicaID(0)] = 4
        #expect(a.log.forget(appliedEverywhere: vector) == 4)
        let problem = try #require(PeerEngine.forgottenProblem([a.log, b.log]))
        #expect(problem.name == "replica.forgotNeeded")
        #expect(problem.detail == "r1 forgot r1 up to #4, but some device has applied only 3")
    }

    /// Runs `file` with `strategy` and returns the result and the engine at the end.
    static func run(_ file: String, strategy: String = "crdt", overrides: [(String, String)] = []) throws -> (RunResult, PeerEngine) {
        let data = try Data(contentsOf: T.scenariosFolder.appendingPathComponent(file))
        let document = try ScenarioFile.parse(data, file: file, seed: 1, overrides: overrides)
        var simulation = try Simulation(scenario: document.scenario, strategy: namedStrategy(strategy), seed: 1)
        let result = try simulation.run()
        return (result, try #require(simulation.engine as? PeerEngine))
    }

    @Test func aRunWithoutWipesForgetsWhatEveryDeviceApplied() throws {
        let (result, engine) = try Self.run("default.json5")
        #expect(result.quiesced)
        for log in engine.logs {
            // Settled: every device applied every change set, and each log forgot
            // all of them but those of the last rounds.
            #expect(log.applied == engine.logs[0].applied)
            #expect(log.keptCount < log.held.total)
            #expect((0 ..< log.held.originCount).contains { log.forgottenCount(of: ReplicaID($0)) > 0 })
        }
    }

    @Test func theKernelCountsTheStepsThatMayWipe() throws {
        for (file, steps) in [("default.json5", 0), ("crash-wipe.json5", 1), ("rollout-reset.json5", 4), ("rollout-lightweight.json5", 0)] {
            let data = try Data(contentsOf: T.scenariosFolder.appendingPathComponent(file))
            let scenario = try ScenarioFile.parse(data, file: file, seed: 1).scenario
            var simulation = try Simulation(scenario: scenario, strategy: namedStrategy("crdt"), seed: 1)
            #expect(simulation.wipeStepsLeft == steps, "\(file)")
            _ = try simulation.run()
            #expect(simulation.wipeStepsLeft == 0, "\(file)")
        }
    }

    @Test func theEngineForgetsNothingUntilNoWipeCanCome() {
        var engine = PeerEngine(replicaCount: 2, hub: nil, fanout: 1, journalsApplies: false)
        var nodes = [makeReplica(CRDTStrategy(), 0, of: 2).node, makeReplica(CRDTStrategy(), 1, of: 2).node]
        var random = Xoshiro256StarStar(seed: 1, stream: "test")
        for (index, email) in ["a@x", "b@x", "c@x"].enumerated() {
            guard case .saved(let changes) = nodes[0].perform(.save([Fixtures.userRow(email)]), atMicros: Int64(index)) else {
                Issue.record("not saved")
                return
            }
            _ = engine.committed(changes, on: &nodes[0], atMicros: Int64(index))
        }
        // One round trip: r2 asks r1, which replies; r2 applies all three.
        func exchange() {
            for case .send(let request, let from, let to) in engine.syncTick(&nodes[1], random: &random, atMicros: 10) {
                for case .send(let reply, _, _) in engine.receive(Envelope(from: from, to: to, message: request), at: &nodes[0], atMicros: 11) {
                    _ = engine.receive(Envelope(from: to, to: from, message: reply), at: &nodes[1], atMicros: 12)
                }
            }
            _ = engine.syncTick(&nodes[0], random: &random, atMicros: 13)
        }
        exchange()
        #expect(engine.logs[1].applied[ReplicaID(0)] == 3)
        exchange()
        #expect(engine.logs.map(\.keptCount) == [3, 3])
        engine.wipesAreOver()
        exchange()
        #expect(engine.logs.map(\.keptCount) == [0, 0])
    }

    static func changeSets(_ message: PeerMessage) -> [ChangeSet] {
        switch message {
        case .reply(let changeSets, _), .push(let changeSets): changeSets
        case .request: []
        }
    }
}
