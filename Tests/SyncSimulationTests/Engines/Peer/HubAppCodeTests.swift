import Foundation
@testable import SyncSimulation
import SyncModel
import SyncScenarioFile
import Testing

/// The dedupe pass is app code: it runs on devices, and on a peer hub (your
/// own server) only when the scenario says `hubRunsAppCode: true`.
struct HubAppCodeTests {
    typealias T = ScenarioFileTesting

    /// Change sets the hub itself committed (its dedupe passes: it makes
    /// no local saves), as every device's log holds them.
    static func changeSetsFromHub(hubRunsAppCode: Bool) throws -> (RunResult, UInt32) {
        let data = try Data(contentsOf: T.scenariosFolder.appendingPathComponent("own-server-hub.json5"))
        let document = try ScenarioFile.parse(data, file: "own-server-hub.json5", seed: 1,
                                              overrides: hubRunsAppCode ? [("hubRunsAppCode", "true")] : [])
        #expect(document.scenario.hubRunsAppCode == hubRunsAppCode)
        let hub = try #require(document.scenario.hub)
        var simulation = try Simulation(scenario: document.scenario, strategy: namedStrategy("dedupe"), seed: 1)
        let result = try simulation.run()
        let engine = try #require(simulation.engine as? PeerEngine)
        return (result, engine.logs[0].held[hub])
    }

    @Test func theHubRunsNoPassByDefault() throws {
        let (result, fromHub) = try Self.changeSetsFromHub(hubRunsAppCode: false)
        #expect(fromHub == 0)
        // The devices' passes still remove every duplicate, the hub's too.
        #expect(result.quiesced && result.duplicates.final == 0 && result.diverged == 0)
    }

    @Test func aHubThatRunsAppCodeDedupesToo() throws {
        let (result, fromHub) = try Self.changeSetsFromHub(hubRunsAppCode: true)
        #expect(fromHub > 0)
        #expect(result.quiesced && result.duplicates.final == 0 && result.diverged == 0)
    }

    @Test func onlyAHubCanRunAppCode() {
        T.expectFailure(T.document("hubRunsAppCode: true"),
                        "t.json5: hubRunsAppCode: hubRunsAppCode needs topology \"hub\": only the peer engine's hub is a server that can run app code")
    }
}
