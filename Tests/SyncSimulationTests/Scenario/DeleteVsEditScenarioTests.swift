import Foundation
import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing

/// `Scenarios/delete-while-editing.json5`: r1 deletes 5 synced users while
/// r2, offline, edits them, 3 before the deletes (in true time) and 2
/// after. Under `deleteWins` no one comes back and the 2 later edits are
/// lost with their records; under `editWins` every edited user comes back:
/// the 3 whose delete was the latest intent count as resurrected, and
/// nothing is lost.
struct DeleteVsEditScenarioTests {
    typealias T = ScenarioFileTesting

    static func run(_ policy: DeleteVsEdit?, engine: String, strategy: String) throws -> RunResult {
        let data = try Data(contentsOf: T.scenariosFolder.appendingPathComponent("delete-while-editing.json5"))
        let document = try ScenarioFile.parse(data, file: "delete-while-editing.json5", seed: 1,
                                              overrides: policy.map { [("deleteVsEdit", $0.rawValue)] } ?? [], engine: engine)
        return Simulation.run(scenario: document.scenario, strategy: namedStrategy(strategy), seed: 1)
    }

    static let strategies = ["lww", "lww:field", "dedupe", "dedupe:merge", "crdt", "unique:objectTrump"]

    @Test(arguments: ["peer", "cloudkit"], strategies)
    func deleteWinsLosesTheLaterEdits(engine: String, strategy: String) throws {
        let result = try Self.run(.deleteWins, engine: engine, strategy: strategy)
        #expect(result.quiesced && result.diverged == 0)
        #expect(result.resurrected == 0)
        #expect(result.lostWrites.records == 2 && result.lostWrites.fields == 2 && result.lostWrites.toDeletes == 2)
        // r2 held the two users it edited after the deletes, and lost them:
        // counted for the strategies with a dedupe pass, which track copies.
        #expect(result.copiesLost == (strategy.hasPrefix("dedupe") ? 2 : 0))
    }

    @Test(arguments: ["peer", "cloudkit"], strategies)
    func editWinsBringsEveryEditedUserBack(engine: String, strategy: String) throws {
        let result = try Self.run(.editWins, engine: engine, strategy: strategy)
        #expect(result.quiesced && result.diverged == 0)
        #expect(result.resurrected == 3)
        #expect(result.lostWrites.total == 0 && result.lostWrites.toDeletes == 0)
        #expect(result.copiesLost == 0)
    }

    /// Without a setting each engine keeps its behaviour: tombstones win on
    /// `peer`; on `cloudkit`, Apple's sample, where r2's save and fetch
    /// race after the heal: every edit wins or every delete does (one
    /// fetch and one batch carry all five), never a mix.
    @Test(arguments: strategies)
    func eachEngineKeepsItsDefault(strategy: String) throws {
        let peer = try Self.run(nil, engine: "peer", strategy: strategy)
        #expect(peer.resurrected == 0 && peer.lostWrites.toDeletes == 2)
        let cloudkit = try Self.run(nil, engine: "cloudkit", strategy: strategy)
        let outcome = (cloudkit.resurrected, cloudkit.lostWrites.toDeletes)
        #expect(outcome == (0, 2) || outcome == (3, 0), "\(outcome)")
    }

    @Test func theSettingIsCheckedAndDefaultsPerEngine() throws {
        T.expectFailure(T.document(#"deleteVsEdit: "newestWins""#),
                        #"t.json5: deleteVsEdit: expected one of "deleteWins", "editWins", "arrivalOrder", found "newestWins""#)
        #expect(try T.parse(T.document("")).scenario.deleteVsEdit == .deleteWins)
        #expect(try T.parse(T.document(#"engine: "cloudkit""#)).scenario.deleteVsEdit == .arrivalOrder)
        #expect(try T.parse(T.document(#"engine: "cloudkit", deleteVsEdit: "editWins""#)).scenario.deleteVsEdit == .editWins)
    }
}
