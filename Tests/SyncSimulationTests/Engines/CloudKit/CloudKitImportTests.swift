import SyncModel
@testable import SyncSimulation
import Testing

/// N devices, cut off from the server, each import the same K users, then
/// the network heals (first-launch seeding, docs/sources/cloudkit-engines.md
/// item 6). Record names decide the outcome:
///
/// - `lww` names records at random (as NSPersistentCloudKitContainer and
///   Apple's sample do): the server stores N records per user and every
///   device ends with all of them, K·(N−1) duplicates everywhere.
/// - `crdt` derives the name from the key: the N creates are one record, so
///   every device after the first meets the first one's version, at least
///   K·(N−1) conflicts, merged field by field: no duplicates anywhere.
/// - `unique:objectTrump` names at random too, so the server (no constraint)
///   keeps K·(N−1) duplicates, but each device's unique index folds every
///   fetched copy into its own record: none on devices, and they agree.
struct CloudKitImportTests {
    static let users = 4

    static func scenario(devices: Int) -> Scenario {
        let rows = (1 ... users).map { Fixtures.userRow("user\($0)@example.com", name: "User \($0)", city: "Oslo") }
        var steps = [Step(atMicros: 0, .partition([[CloudKitEngineFixtures.server(devices)]]))]
        steps += (0 ..< devices).map { Step(atMicros: 100_000, .intent(ReplicaID($0), .save(rows))) }
        steps.append(Step(atMicros: 1_000_000, .heal))
        return CloudKitEngineFixtures.scenario(devices: devices, steps: steps)
    }

    @Test(arguments: [2, 3, 5])
    func lwwKeepsEveryCopy(devices: Int) throws {
        let duplicates = Self.users * (devices - 1)
        let (result, simulation) = try CloudKitEngineFixtures.run(Self.scenario(devices: devices), strategy: "lww")
        #expect(result.quiesced)
        #expect(result.duplicates.final == duplicates)
        #expect(simulation.nodes.map(\.store.duplicateCount) == Array(repeating: duplicates, count: devices))
        #expect(result.serverDuplicates == duplicates)
        #expect(result.conflicts == 0)
        #expect(result.changeSets == Self.users * devices)
        #expect(result.diverged == 0)
        #expect(result.lostWrites.total == 0)
        #expect(result.liveness == .held)
    }

    @Test(arguments: [2, 3, 5])
    func crdtMeetsAsConflicts(devices: Int) throws {
        let (result, simulation) = try CloudKitEngineFixtures.run(Self.scenario(devices: devices), strategy: "crdt")
        #expect(result.quiesced)
        #expect(result.duplicates.peak == 0)
        #expect(simulation.nodes.map(\.store.duplicateCount) == Array(repeating: 0, count: devices))
        #expect(result.serverDuplicates == 0)
        #expect(result.conflicts >= Self.users * (devices - 1))
        #expect(result.diverged == 0)
        #expect(result.lostWrites.total == 0)
        #expect(result.liveness == .held)
    }

    @Test(arguments: [2, 3, 5])
    func objectTrumpFoldsOnDevicesOnly(devices: Int) throws {
        let duplicates = Self.users * (devices - 1)
        let (result, simulation) = try CloudKitEngineFixtures.run(Self.scenario(devices: devices), strategy: "unique:objectTrump")
        #expect(result.quiesced)
        #expect(result.duplicates.peak == 0)
        #expect(simulation.nodes.map(\.store.duplicateCount) == Array(repeating: 0, count: devices))
        #expect(result.serverDuplicates == duplicates)
        #expect(result.conflicts == 0)
        #expect(result.diverged == 0)
        #expect(result.rejected.total == 0)
    }

    /// The devices' and the server's figures, read directly: every device
    /// holds K·N records (lww) and the zone holds K·N live records.
    @Test func lwwZoneHoldsEveryCopy() throws {
        let devices = 3
        let (_, simulation) = try CloudKitEngineFixtures.run(Self.scenario(devices: devices), strategy: "lww")
        let engine = CloudKitEngineFixtures.engine(simulation)
        #expect(engine.server.liveRecords.count == Self.users * devices)
        for node in simulation.nodes {
            #expect(node.store.allRecords().filter(\.isLive).count == Self.users * devices)
        }
    }
}
