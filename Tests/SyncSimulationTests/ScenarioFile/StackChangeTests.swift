import Foundation
import SyncModel
import SyncScenarioFile
@testable import SyncSimulation
import Testing

/// `--engine` and `--preset` move a read scenario to another stack: the
/// named devices stay, the hub or server the old stack added goes, the new
/// one's comes, and whatever names an endpoint that goes is refused where
/// the file names it.
struct StackChangeTests {
    typealias T = ScenarioFileTesting

    static let create = #"create: { entity: "User", fields: { email: "a@x" } }"#

    static func parse(_ text: String, overrides: [(path: String, value: String)] = [], engine: String? = nil,
                      preset: String? = nil) throws(ScenarioFileError) -> ScenarioDocument {
        try ScenarioFile.parse(Data(text.utf8), file: T.fileName, seed: nil, overrides: overrides, engine: engine, preset: preset)
    }

    // MARK: The scenario moved

    /// Peer to CloudKit appends the server after the devices; the way back
    /// takes it away. A preset with a hub appends the hub, a device with an
    /// exact clock.
    @Test func theStackEndpointComesAndGoesAfterTheNamedDevices() throws {
        let peer = ScenarioFixtures.scenario(replicas: 2, steps: [ScenarioFixtures.save(0, at: 0, Fixtures.userRow("a@x"))])
        let cloudkit = try peer.running(engine: CloudKitEngineSettings(), topology: Topology.mesh)
        #expect(cloudkit.replicaNames == ["r1", "r2", "server"])
        #expect(cloudkit.server == ReplicaID(2) && cloudkit.replicaCount == 2)
        #expect(cloudkit.steps == peer.steps)
        let back = try cloudkit.running(engine: PeerEngineConfiguration(), topology: Topology.mesh)
        #expect(back.replicaNames == ["r1", "r2"] && back.server == nil)
        let hub = try cloudkit.running(engine: PeerEngineConfiguration(), topology: Topology.hub)
        #expect(hub.replicaNames == ["r1", "r2", "hub"])
        #expect(hub.hub == ReplicaID(2) && hub.clocks == [PhysicalClock(), PhysicalClock(), PhysicalClock()])
    }

    /// A step, link or clock that names the endpoint that goes is refused,
    /// with the first place that names it.
    @Test func whatNamesTheEndpointThatGoesIsRefused() throws {
        let devices = [ReplicaID(0), ReplicaID(1)]
        var cloudkit = ScenarioFixtures.scenario(replicas: 2, steps: [
            ScenarioFixtures.save(0, at: 0, Fixtures.userRow("a@x")),
            Step(atMicros: 1_000, .cut(from: devices, to: [ReplicaID(2)])),
        ])
        cloudkit.useEngine(CloudKitEngineSettings())
        #expect(throws: Scenario.EndpointRefusal(endpoint: "server", place: .step(1))) {
            try cloudkit.running(engine: PeerEngineConfiguration(), topology: Topology.hub)
        }
        cloudkit.steps.removeLast()
        cloudkit.links[Network.Link(from: ReplicaID(2), to: ReplicaID(0))] = NetworkSettings()
        #expect(throws: Scenario.EndpointRefusal(endpoint: "server", place: .link)) {
            try cloudkit.running(engine: PeerEngineConfiguration(), topology: Topology.mesh)
        }
        var hub = try ScenarioFixtures.scenario(replicas: 2, steps: []).running(engine: PeerEngineConfiguration(), topology: Topology.hub)
        hub.clocks[2] = PhysicalClock(skewMicros: 5_000)
        #expect(throws: Scenario.EndpointRefusal(endpoint: "hub", place: .clock)) {
            try hub.running(engine: CloudKitEngineSettings(), topology: Topology.mesh)
        }
    }

    /// `partition: "each"` counts the endpoints when it runs, so under
    /// `--engine cloudkit` the server is cut off too, as in a file that
    /// names the engine.
    @Test func partitionEachCutsOffTheServerOfTheEngineItRunsUnder() throws {
        let text = #"{ name: "e", replicas: 2, steps: [{ at: "0s", on: "r1", \#(Self.create) }, { at: "1s", partition: "each" }, { at: "2s", heal: true }] }"#
        let moved = try Self.parse(text, engine: "cloudkit").scenario
        #expect(moved.steps[1].action == .partitionEach)
        let result = Simulation.run(scenario: moved, strategy: namedStrategy("lww"), seed: 1)
        #expect(result.faults.events.first?.detail == "r1 | r2 | server")
        let plain = Simulation.run(scenario: try Self.parse(text).scenario, strategy: namedStrategy("lww"), seed: 1)
        #expect(plain.faults.events.first?.detail == "r1 | r2")
    }

    // MARK: Errors at the file's place

    @Test(arguments: [
        (#"{ name: "s", engine: "cloudkit", steps: [{ at: "0s", on: "r1", \#(create) }, { at: "1s", cut: { from: ["r2", "server"], to: "r1" } }] }"#,
         "peer", "t.json5: steps[1].cut.from[1]: unknown replica 'server'; replicas: r1, r2, r3"),
        (#"{ name: "s", engine: "cloudkit", network: { links: [{ from: "r1", to: "server", drop: 0.5 }] } }"#,
         "peer", "t.json5: network.links[0].to: unknown replica 'server'; replicas: r1, r2, r3"),
        (#"{ name: "h", preset: "ownserver", clocks: { hub: { skew: "5ms" } } }"#,
         "cloudkit", "t.json5: clocks.hub: unknown replica 'hub'; replicas: r1, r2, r3, server"),
        (#"{ name: "h", topology: "hub" }"#,
         "cloudkit", "t.json5: engine: topology \"hub\" goes with the peer engine; the cloudkit engine has its own server, the implicit replica 'server', so leave out 'topology'"),
    ])
    func aStackChangeIsRefusedWhereTheFileNamesWhatItLacks(text: String, engine: String, message: String) {
        let error = #expect(throws: ScenarioFileError.self) { try Self.parse(text, engine: engine) }
        #expect(error?.description == message)
    }

    /// A preset that cannot run a listed strategy, or an expectation about
    /// a variant the new stack does not run, is refused at its place.
    @Test func presetRefusalsNameTheFilesPlace() {
        let listed = #"{ name: "x", strategies: ["lww", "crdt"] }"#
        let excluded = #expect(throws: ScenarioFileError.self) { try Self.parse(listed, preset: "nspckc") }
        #expect(excluded?.path == "strategies[1]")
        let variant = #"{ name: "v", preset: "nspckc", expect: [{ strategy: "lww", metric: "duplicates.final", max: 5, variant: "importFirst" }] }"#
        let unknown = #expect(throws: ScenarioFileError.self) { try Self.parse(variant, engine: "cloudkit") }
        #expect(unknown?.path == "expect[0].variant")
        #expect(unknown?.message.hasPrefix("this scenario runs no variants") == true)
    }

    /// A name no engine has is the command line's fault when `--vary` gave it.
    @Test func anUnknownEngineNamedByAnOverrideBlamesTheOverride() {
        let error = #expect(throws: ScenarioFileError.self) { try Self.parse(#"{ name: "n" }"#, overrides: [("engine", "cloudkitt")]) }
        #expect(error?.description == "--vary engine: cannot run under engine 'cloudkitt'; engines: peer, cloudkit; did you mean cloudkit?")
    }

    // MARK: Order among overrides

    /// An override written after `preset=…` survives it, as in a document
    /// edited in that order: the reading it sets is the scenario's own, so
    /// no variants run. Written before, the preset drops it.
    @Test func aSettingWrittenAfterThePresetIsKept() throws {
        let text = #"{ name: "o" }"#
        let after = try Self.parse(text, overrides: [("preset", "nspckc"), ("cloudkit.syncOrder", "exportFirst")])
        #expect(after.scenario.variants.isEmpty)
        #expect(after.scenario.engine.settings.map { "\($0.name)=\($0.valueText)" }.contains("syncOrder=exportFirst"))
        let before = try Self.parse(text, overrides: [("cloudkit.syncOrder", "exportFirst"), ("preset", "nspckc")])
        #expect(before.scenario.variants.map(\.name) == ["importFirst", "exportFirst"])
    }

    /// `--engine cloudkit` keeps what `--vary` wrote into the cloudkit
    /// settings of a file that runs peer: the options apply after every
    /// override.
    @Test func theEngineOptionKeepsItsOwnSettingsWrittenByAnOverride() throws {
        let moved = try Self.parse(#"{ name: "p" }"#, overrides: [("cloudkit.batch", "7")], engine: "cloudkit")
        #expect(moved.scenario.engine.settings.map { "\($0.name)=\($0.valueText)" }.contains("batch=7"))
        let error = #expect(throws: ScenarioFileError.self) { try Self.parse(#"{ name: "p" }"#, overrides: [("cloudkit.batch", "7")]) }
        #expect(error?.description == "--vary cloudkit.batch: 'cloudkit' settings go with engine: \"cloudkit\", and this scenario runs the peer engine")
    }
}
