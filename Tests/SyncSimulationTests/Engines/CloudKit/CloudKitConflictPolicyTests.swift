import SyncModel
@testable import SyncSimulation
import Testing

/// Two devices edit one field of one synced record while cut off from the
/// server: r1 at 6.2 s, r2 at 6.5 s (true time: r2's edit is the later
/// one). r1 reconnects first (7 s) and saves; r2 reconnects at 8 s, its
/// fetch brings r1's version while its own edit is pending: one conflict,
/// which the policy resolves.
///
/// - `serverWins`: r2 adopts r1's version; the later edit is lost.
/// - `clientWins`: r2 saves its copy over r1's; it stays.
/// - `recordLWW` by device dates: the later record date wins, as in Apple's
///   sample. With equal clocks that is r2's; with r2's clock 5 s behind its
///   edit reads 1.5 s, before r1's 6.2 s, and even the later edit loses.
/// - `recordLWW` by server dates: the later save (r2's) wins whatever the clocks.
struct CloudKitConflictPolicyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let conflict: String
        let clock: String
        let r2Behind: Bool
        /// Whose edit every device ends with.
        let winner: String

        var testDescription: String { "\(conflict) by \(clock)\(r2Behind ? ", r2 5 s behind" : "") → \(winner)" }
    }

    static let cases = [
        Case(conflict: "serverWins", clock: "device", r2Behind: false, winner: "r1"),
        Case(conflict: "clientWins", clock: "device", r2Behind: false, winner: "r2"),
        Case(conflict: "clientWins", clock: "device", r2Behind: true, winner: "r2"),
        Case(conflict: "recordLWW", clock: "device", r2Behind: false, winner: "r2"),
        Case(conflict: "recordLWW", clock: "device", r2Behind: true, winner: "r1"),
        Case(conflict: "recordLWW", clock: "server", r2Behind: false, winner: "r2"),
        Case(conflict: "recordLWW", clock: "server", r2Behind: true, winner: "r2"),
        Case(conflict: "fieldLWW", clock: "device", r2Behind: false, winner: "r2"),
        Case(conflict: "fieldLWW", clock: "device", r2Behind: true, winner: "r1"),
    ]

    static func text(_ testCase: Case) -> String {
        """
        {
          name: "edit-conflict",
          replicas: 2,
          engine: "cloudkit",
          cloudkit: { conflict: "\(testCase.conflict)", clock: "\(testCase.clock)" },
          \(testCase.r2Behind ? #"clocks: { r2: { skew: "-5s" } },"# : "")
          network: { delay: ["1ms", "1ms"] },
          until: "30s",
          steps: [
            { at: "0s", on: "r1", create: { entity: "User", fields: { email: "ann@example.com", name: "Ann" } } },
            { at: "6s", partition: [["server"]] },
            { at: "6200ms", on: "r1", update: { entity: "User", key: { email: "ann@example.com" }, set: { name: "Ann (r1)" } } },
            { at: "6500ms", on: "r2", update: { entity: "User", key: { email: "ann@example.com" }, set: { name: "Ann (r2)" } } },
            { at: "7s", partition: [["r2"]] },
            { at: "8s", heal: true },
          ],
        }
        """
    }

    @Test(arguments: cases, ["lww", "dedupe", "unique:objectTrump"])
    func theFirstToReconnectSavesFirst(_ testCase: Case, strategy: String) throws {
        let scenario = try CloudKitEngineFixtures.parse(Self.text(testCase))
        let (result, simulation) = try CloudKitEngineFixtures.run(scenario, strategy: strategy)
        let key = ScenarioFileTesting.emailKey("ann@example.com")
        let name = FieldValue.string("Ann (\(testCase.winner))")
        #expect(CloudKitEngineFixtures.values(simulation, key: key, field: 1) == [name, name])
        let server = CloudKitEngineFixtures.engine(simulation).server
        #expect(server.liveRecords.map { $0.payload.value(1) } == [name])
        #expect(result.conflicts == 1)
        #expect(result.lostWrites.fields == (testCase.winner == "r1" ? 1 : 0))
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }

    /// crdt merges per field whatever the policy: the hybrid clock has seen
    /// only the creation, so with r2 5 s behind its edit is stamped before
    /// r1's and loses, as wall-clock LWW does (docs/MODEL.md, clock skew).
    @Test(arguments: cases)
    func crdtMergesWhateverThePolicy(_ testCase: Case) throws {
        let scenario = try CloudKitEngineFixtures.parse(Self.text(testCase))
        let (result, simulation) = try CloudKitEngineFixtures.run(scenario, strategy: "crdt")
        let name = FieldValue.string(testCase.r2Behind ? "Ann (r1)" : "Ann (r2)")
        #expect(CloudKitEngineFixtures.values(simulation, key: ScenarioFileTesting.emailKey("ann@example.com"), field: 1) == [name, name])
        #expect(result.conflicts == 1)
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }
}
