import Foundation
import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing

/// `engine` and `cloudkit` in scenario files: defaults, every setting, the
/// implicit `server` endpoint, and errors that name the path.
struct CloudKitScenarioFileTests {
    typealias T = ScenarioFileTesting

    @Test func peerIsTheDefaultAndAddsNoEndpoint() throws {
        let scenario = try T.parse(T.document("replicas: 2")).scenario
        #expect(scenario.engine.name == "peer")
        #expect(scenario.replicaNames == ["r1", "r2"])
        #expect(scenario.replicaCount == 2 && scenario.endpointCount == 2 && scenario.server == nil)
    }

    @Test func cloudkitAppendsTheServerWithDefaultSettings() throws {
        let scenario = try T.parse(T.document(#"replicas: 2, engine: "cloudkit""#)).scenario
        #expect(scenario.engine.name == "cloudkit")
        #expect(scenario.replicaNames == ["r1", "r2", "server"])
        #expect(scenario.replicaCount == 2 && scenario.endpointCount == 3 && scenario.server == ReplicaID(2))
        #expect(scenario.clocks.count == 2)
        let settings = try #require(scenario.engine as? CloudKitEngineSettings)
        #expect(settings == CloudKitEngineSettings())
        #expect(settings.conflict.policy == .recordLWW && settings.conflict.clock == .device)
        #expect(settings.savePolicy == .ifServerRecordUnchanged && settings.batch == 400 && !settings.atomic)
    }

    @Test func everySettingIsRead() throws {
        let text = T.document(#"engine: "cloudkit", cloudkit: { conflict: "fieldLWW", clock: "server", savePolicy: "changedKeys", batch: 7, atomic: true }"#)
        let settings = try #require(try T.parse(text).scenario.engine as? CloudKitEngineSettings)
        #expect(settings.conflict == CloudKitConflict(policy: .fieldLWW, clock: .server))
        #expect(settings.savePolicy == .changedKeys && settings.batch == 7 && settings.atomic)
        #expect(settings.settings.map(\.valueText) == ["fieldLWW", "server", "changedKeys", "7", "true"])
    }

    @Test func badSettingsNameTheirPath() {
        T.expectFailure(T.document(#"engine: "gossip""#), #"t.json5: engine: expected one of "peer", "cloudkit", found "gossip""#)
        T.expectFailure(T.document(#"engine: "cloudkit", cloudkit: { conflict: "lastWins" }"#),
                        #"t.json5: cloudkit.conflict: expected one of "serverWins", "clientWins", "recordLWW", "fieldLWW", "deviceDateMerge", "pendingColumns", found "lastWins""#)
        T.expectFailure(T.document(#"engine: "cloudkit", cloudkit: { clock: "wall" }"#),
                        #"t.json5: cloudkit.clock: expected one of "device", "server", found "wall""#)
        T.expectFailure(T.document(#"engine: "cloudkit", cloudkit: { savePolicy: "always" }"#),
                        #"t.json5: cloudkit.savePolicy: expected one of "ifServerRecordUnchanged", "changedKeys", "allKeys", found "always""#)
        T.expectFailure(T.document(#"engine: "cloudkit", cloudkit: { batch: 401 }"#),
                        "t.json5: cloudkit.batch: expected a whole number from 1 to 400, found 401")
        T.expectFailure(T.document(#"engine: "cloudkit", cloudkit: { atomic: "yes" }"#),
                        #"t.json5: cloudkit.atomic: expected true or false, found "yes""#)
        T.expectFailure(T.document(#"engine: "cloudkit", cloudkit: { atomc: true }"#),
                        "t.json5: cloudkit.atomc: unknown key 'atomc'; allowed: conflict, clock, savePolicy, batch, atomic, fetchPage, syncOrder, exportKeys, pendingColumnRule, "
                            + "newRecordConflict, reuploadOrder, manyToManyLinks, plainRule; did you mean 'atomic'?")
        T.expectFailure(T.document("cloudkit: { atomic: true }"),
                        #"t.json5: cloudkit: 'cloudkit' settings go with engine: "cloudkit", and this scenario runs the peer engine"#)
        T.expectFailure(T.document(#"topology: "hub", engine: "cloudkit""#),
                        #"t.json5: engine: topology "hub" goes with the peer engine; the cloudkit engine has its own server, the implicit replica 'server', so leave out 'topology'"#)
    }

    @Test func serverIsReservedAndIsNoDevice() {
        T.expectFailure(T.document(#"replicas: ["a", "server"]"#), "t.json5: replicas[1]: 'server' is reserved and cannot name a replica")
        let device = "'server' is the cloudkit engine's server, not a device: it runs no app, so intents, writers, crashes and restarts go on devices (r1, r2, r3)"
        T.expectFailure(T.document(#"engine: "cloudkit", steps: [{ at: "0s", on: "server", create: { entity: "User", fields: { email: "a@x" } } }]"#),
                        "t.json5: steps[0].on: \(device)")
        T.expectFailure(T.document(#"engine: "cloudkit", steps: [{ at: "0s", on: ["r1", "server"], create: { entity: "User", fields: { email: "a@x" } } }]"#),
                        "t.json5: steps[0].on[1]: \(device)")
        T.expectFailure(T.document(#"engine: "cloudkit", steps: [{ at: "0s", crash: "server" }]"#), "t.json5: steps[0].crash: \(device)")
        T.expectFailure(T.document(#"engine: "cloudkit", clocks: { server: { skew: "1s" } }"#),
                        "t.json5: clocks.server: 'server' is the cloudkit engine's server, which dates records by true time; clocks belong to devices (r1, r2, r3)")
        // Under peer there is no server to name.
        T.expectFailure(T.document(#"steps: [{ at: "0s", partition: [["server"]] }]"#),
                        "t.json5: steps[0].partition[0][0]: unknown replica 'server'; replicas: r1, r2, r3")
    }

    @Test func partitionsCutsAndLinksMayNameTheServerAndAllMeansDevices() throws {
        let text = T.document(#"""
            engine: "cloudkit", clocks: { r2: { skew: "-5s" } },
            network: { links: [{ from: "server", to: "r1", drop: 0.5 }] },
            steps: [
              { at: "0s", partition: [["server"], ["r1"]] },
              { at: "1s", cut: { from: "r2", to: "server" } },
              { at: "2s", partition: "each" },
              { at: "3s", on: "all", create: { entity: "User", fields: { email: "a@x" } } },
            ]
            """#)
        let scenario = try T.parse(text).scenario
        let server = ReplicaID(3)
        #expect(scenario.clocks == [PhysicalClock(), PhysicalClock(skewMicros: -5_000_000), PhysicalClock()])
        #expect(scenario.links[Network.Link(from: server, to: ReplicaID(0))]?.dropProbability == Probability(0.5))
        #expect(scenario.steps[0].action == .partition([[server], [ReplicaID(0)]]))
        #expect(scenario.steps[1].action == .cut(from: [ReplicaID(1)], to: [server]))
        #expect(scenario.steps[2].action == .partitionEach)
        let targets = scenario.steps.dropFirst(3).compactMap { step -> ReplicaID? in
            if case .intent(let replica, _) = step.action { return replica }
            return nil
        }
        #expect(targets == [ReplicaID(0), ReplicaID(1), ReplicaID(2)])
    }

    /// `--engine` on a file: the engine is set and other engines' settings go.
    @Test func engineOverride() throws {
        let cloudkitFile = T.document(#"engine: "cloudkit", cloudkit: { atomic: true }"#)
        let peer = try ScenarioFile.parse(Data(cloudkitFile.utf8), file: T.fileName, seed: nil, overrides: [], engine: "peer").scenario
        #expect(peer.engine.name == "peer" && peer.replicaNames == ["r1", "r2", "r3"])
        let peerFile = T.document("replicas: 2")
        let cloudkit = try ScenarioFile.parse(Data(peerFile.utf8), file: T.fileName, seed: nil, overrides: [], engine: "cloudkit").scenario
        #expect(cloudkit.engine.name == "cloudkit" && cloudkit.replicaNames == ["r1", "r2", "server"])
        let kept = try ScenarioFile.parse(Data(cloudkitFile.utf8), file: T.fileName, seed: nil, overrides: [], engine: "cloudkit").scenario
        #expect((kept.engine as? CloudKitEngineSettings)?.atomic == true)
    }

    @Test func catalogListsBothEngines() {
        #expect(EngineCatalog.allNames == ["peer", "cloudkit"])
        #expect(EngineCatalog.defaultName == "peer")
        #expect(EngineCatalog.configuration(named: "cloudkit")?.serverName == "server")
        #expect(EngineCatalog.configuration(named: "peer")?.serverName == nil)
        #expect(EngineCatalog.configuration(named: "hub") == nil)
    }
}
