import SyncModel
@testable import SyncSimulation
import Testing

/// What each preset does where the stacks differ, in runs small enough to
/// work out by hand (1 ms delay, nothing lost).
struct PresetOutcomeTests {
    /// The endpoint that stands for the cloud: CloudKit's `server`, or your
    /// own server's `hub`.
    static func cloud(_ preset: String) -> String { preset == "ownserver" ? "hub" : "server" }

    // MARK: Two devices edit different fields of one record offline

    /// r1 edits `name` at 6.2 s, r2 edits `city` at 6.5 s (the later edit in
    /// true time), both cut off from the cloud, r2's clock 5 s behind (its
    /// edit reads 1.5 s). r1 reconnects first and saves; r2 reconnects at
    /// 8 s and meets r1's version with its own edit pending.
    static func fieldsText(_ preset: String) -> String {
        """
        {
          name: "fields",
          replicas: 2,
          preset: "\(preset)",
          clocks: { r2: { skew: "-5s" } },
          network: { delay: ["1ms", "1ms"] },
          until: "30s",
          steps: [
            { at: "0s", on: "r1", create: { entity: "User", fields: { email: "ann@example.com", name: "Ann", city: "Oslo" } } },
            { at: "6s", partition: [["\(cloud(preset))"]] },
            { at: "6200ms", on: "r1", update: { entity: "User", key: { email: "ann@example.com" }, set: { name: "Ann (r1)" } } },
            { at: "6500ms", on: "r2", update: { entity: "User", key: { email: "ann@example.com" }, set: { city: "Lyon" } } },
            { at: "7s", partition: [["r2"]] },
            { at: "8s", heal: true },
          ],
        }
        """
    }

    struct FieldsCase: CustomTestStringConvertible, Sendable {
        let preset: String
        let strategy: String
        /// The (name, city) every replica ends with.
        let name: String
        let city: String
        let conflicts: Int

        var lost: Int { (name == "Ann (r1)" ? 0 : 1) + (city == "Lyon" ? 0 : 1) }
        var testDescription: String { "\(preset) \(strategy) → \(name), \(city)" }
    }

    /// - nspckc: r2 fetches and saves at once; its fetch reaches the server
    ///   first, its importer keeps the city it has not exported and takes
    ///   r1's name, and its export then writes both (docs/sources/
    ///   stack-code.md, N4; the order is unknown, N7: StackMergeRuleTests
    ///   runs both orders).
    /// - cksyncengine: the later device date wins the whole record (Apple's
    ///   sample): r2's date is behind, so r2 adopts r1's copy and its city
    ///   is lost; crdt merges per field whatever the policy.
    /// - sqlitedata: field by field, each edit stamps only its own field:
    ///   both edits stay.
    /// - ownserver: the peer engine ships field changes; record-level `lww`
    ///   keeps the record with the later hybrid stamp (r1's), `crdt` merges.
    static let fieldsCases = [
        FieldsCase(preset: "nspckc", strategy: "lww", name: "Ann (r1)", city: "Lyon", conflicts: 1),
        FieldsCase(preset: "nspckc", strategy: "dedupe", name: "Ann (r1)", city: "Lyon", conflicts: 1),
        FieldsCase(preset: "cksyncengine", strategy: "lww", name: "Ann (r1)", city: "Oslo", conflicts: 1),
        FieldsCase(preset: "cksyncengine", strategy: "unique:objectTrump", name: "Ann (r1)", city: "Oslo", conflicts: 1),
        FieldsCase(preset: "cksyncengine", strategy: "crdt", name: "Ann (r1)", city: "Lyon", conflicts: 1),
        FieldsCase(preset: "sqlitedata", strategy: "lww:field", name: "Ann (r1)", city: "Lyon", conflicts: 1),
        FieldsCase(preset: "sqlitedata", strategy: "dedupe", name: "Ann (r1)", city: "Lyon", conflicts: 1),
        FieldsCase(preset: "ownserver", strategy: "lww", name: "Ann (r1)", city: "Oslo", conflicts: 0),
        FieldsCase(preset: "ownserver", strategy: "crdt", name: "Ann (r1)", city: "Lyon", conflicts: 0),
    ]

    @Test(arguments: fieldsCases)
    func editsOfDifferentFieldsOffline(_ testCase: FieldsCase) throws {
        let scenario = try CloudKitEngineFixtures.parse(Self.fieldsText(testCase.preset))
        let (result, simulation) = try CloudKitEngineFixtures.run(scenario, strategy: testCase.strategy)
        let key = ScenarioFileTesting.emailKey("ann@example.com")
        let everyone = simulation.nodes.count
        #expect(CloudKitEngineFixtures.values(simulation, key: key, field: 1) == Array(repeating: .string(testCase.name), count: everyone))
        #expect(CloudKitEngineFixtures.values(simulation, key: key, field: 2) == Array(repeating: .string(testCase.city), count: everyone))
        if let engine = simulation.engine as? CloudKitEngine {
            #expect(engine.server.liveRecords.map { [$0.payload.value(1), $0.payload.value(2)] } == [[.string(testCase.name), .string(testCase.city)]])
        }
        #expect(result.lostWrites.fields == testCase.lost)
        #expect(result.conflicts == testCase.conflicts)
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }

    // MARK: First-launch seeding

    /// N devices, cut off from the cloud, each import the same K users, then
    /// heal (the seeding that Apple's sample README says makes duplicates
    /// "inevitable"). With no dedupe each device's K records are its own:
    /// K·(N−1) duplicates on every replica, and on the server where there is
    /// one. A name derived from the key (`crdt`) or a unique index on your
    /// own server leaves none.
    static let users = 4

    static func seedingText(_ preset: String, devices: Int) -> String {
        """
        {
          name: "seeding",
          replicas: \(devices),
          preset: "\(preset)",
          network: { delay: ["1ms", "1ms"] },
          until: "30s",
          steps: [
            { at: "0s", partition: [["\(cloud(preset))"]] },
            { at: "100ms", on: "all", import: { entity: "User", count: \(users), values: { email: "user{n}@example.com" } } },
            { at: "1s", heal: true },
          ],
        }
        """
    }

    @Test(arguments: ["nspckc", "cksyncengine", "sqlitedata", "ownserver"], [2, 3])
    func seedingWithoutDedupeKeepsEveryDevicesCopy(preset: String, devices: Int) throws {
        let strategy = preset == "sqlitedata" ? "lww:field" : "lww"
        let duplicates = Self.users * (devices - 1)
        let scenario = try CloudKitEngineFixtures.parse(Self.seedingText(preset, devices: devices))
        let (result, simulation) = try CloudKitEngineFixtures.run(scenario, strategy: strategy)
        // ownserver's hub is a replica with a store: it holds every copy too.
        #expect(simulation.nodes.map(\.store.duplicateCount) == Array(repeating: duplicates, count: simulation.nodes.count))
        #expect(result.serverDuplicates == (preset == "ownserver" ? 0 : duplicates))
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }

    @Test(arguments: ["cksyncengine", "sqlitedata", "ownserver"])
    func seedingByKeyDerivedNamesLeavesNoDuplicate(preset: String) throws {
        let devices = 3
        let scenario = try CloudKitEngineFixtures.parse(Self.seedingText(preset, devices: devices))
        let (result, simulation) = try CloudKitEngineFixtures.run(scenario, strategy: "crdt")
        #expect(result.duplicates.peak == 0)
        #expect(result.serverDuplicates == 0)
        // On CloudKit the N creates of one name meet as conflicts on the server.
        if preset != "ownserver" { #expect(result.conflicts >= Self.users * (devices - 1)) }
        #expect(simulation.nodes.allSatisfy { $0.store.allRecords().filter(\.isLive).count == Self.users })
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }

    /// Your own server's unique index (a database constraint CloudKit cannot
    /// have) refuses the later imports: no device ends with a duplicate.
    @Test func ownServersUniqueIndexLeavesNoDuplicate() throws {
        let scenario = try CloudKitEngineFixtures.parse(Self.seedingText("ownserver", devices: 3))
        let (result, simulation) = try CloudKitEngineFixtures.run(scenario, strategy: "unique:objectTrump")
        #expect(result.duplicates.peak == 0)
        #expect(simulation.nodes.allSatisfy { $0.store.allRecords().filter(\.isLive).count == Self.users })
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }
}
