import SyncModel
import SyncScenarioFile
@testable import SyncSimulation
import Testing

/// The stacks as CloudKit itself answers them (issue 42): a second creator
/// of one record name meets `serverRecordChanged`, and SQLiteData merges
/// against the record it sent; a deletion fetched between an `unknownItem`
/// answer and the re-upload wins, in the reading where a fetch lands there.
/// Runs small enough to derive by hand (1 ms delay, nothing lost).
struct CloudKitAnswerTests {
    static let ann = ScenarioFileTesting.emailKey("ann@example.com")
    static let name = 1
    static let city = 2

    static func everyone(_ simulation: Simulation, _ value: FieldValue?) -> [FieldValue?] {
        Array(repeating: value, count: simulation.nodes.count)
    }

    // MARK: A second creator of one key (SQLiteData, keyid)

    /// r1 creates ann with a name at 0.1 s, r2 creates ann with a city at
    /// 0.2 s, both offline; r1 reaches the server first; r2 sends before
    /// it fetches. CloudKit answers r2's new record with
    /// `serverRecordChanged`; SQLiteData cached the record it sent (no
    /// server copy yet), so the merge keeps each of its columns whose
    /// stamp is not older than the server's: r2's whole row, the name
    /// null. r1's name is the one lost write.
    static func twoCreators(_ cloudkit: String) -> String {
        """
        {
          name: "two-creators", replicas: 2, preset: "sqlitedata", cloudkit: { \(cloudkit) },
          network: { delay: ["1ms", "1ms"] }, until: "30s",
          steps: [
            { at: "0s", partition: [["r1"], ["r2"]] },
            { at: "100ms", on: "r1", create: { entity: "User", fields: { email: "ann@example.com", name: "Ann r1" } } },
            { at: "200ms", on: "r2", create: { entity: "User", fields: { email: "ann@example.com", city: "Oslo" } } },
            { at: "1s", partition: [["r2"]] },
            { at: "3s", heal: true },
          ],
        }
        """
    }

    @Test(arguments: ["localWins", "laterEditWins"])
    func theLaterCreatorSendingFirstWinsItsWholeRow(rule: String) throws {
        let text = Self.twoCreators(#"syncOrder: "exportFirst", pendingColumnRule: "\#(rule)""#)
        let (result, simulation) = try CloudKitEngineFixtures.run(try CloudKitEngineFixtures.parse(text), strategy: "keyid")
        #expect(CloudKitEngineFixtures.values(simulation, key: Self.ann, field: Self.name) == Self.everyone(simulation, nil))
        #expect(CloudKitEngineFixtures.values(simulation, key: Self.ann, field: Self.city) == Self.everyone(simulation, .string("Oslo")))
        let server = CloudKitEngineFixtures.engine(simulation).server.liveRecords
        #expect(server.map { $0.payload.value(Self.name) } == [nil])
        #expect(server.map { $0.payload.value(Self.city) } == [.string("Oslo")])
        #expect(result.lostWrites.total == 1)
        #expect(result.duplicates.final == 0)
        #expect(result.duplicates.peak == 0)
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }

    /// SQLiteData's mock answers the same save `serverRejectedRequest`: the
    /// library clears its cache and queues nothing, then fetches r1's
    /// record with no cache and takes it whole (S8, S13).
    @Test func onTheLibrarysMockTheFirstCreatorWins() throws {
        let text = Self.twoCreators(#"syncOrder: "exportFirst", newRecordConflict: "serverRejectedRequest""#)
        let (result, simulation) = try CloudKitEngineFixtures.run(try CloudKitEngineFixtures.parse(text), strategy: "keyid")
        #expect(CloudKitEngineFixtures.values(simulation, key: Self.ann, field: Self.name) == Self.everyone(simulation, .string("Ann r1")))
        #expect(CloudKitEngineFixtures.values(simulation, key: Self.ann, field: Self.city) == Self.everyone(simulation, nil))
        #expect(result.lostWrites.total == 1)
        #expect(result.duplicates.final == 0)
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }

    /// Fetching first, r2's row was never sent and has no cached record:
    /// the fetched record overwrites it whole (S8), r1's row wins.
    @Test func theLaterCreatorFetchingFirstIsOverwrittenWhole() throws {
        let text = Self.twoCreators(#"syncOrder: "importFirst""#)
        let (result, simulation) = try CloudKitEngineFixtures.run(try CloudKitEngineFixtures.parse(text), strategy: "keyid")
        #expect(CloudKitEngineFixtures.values(simulation, key: Self.ann, field: Self.name) == Self.everyone(simulation, .string("Ann r1")))
        #expect(CloudKitEngineFixtures.values(simulation, key: Self.ann, field: Self.city) == Self.everyone(simulation, nil))
        #expect(result.lostWrites.total == 1)
        #expect(result.diverged == 0)
    }

    /// The server side alone: a save with no change tag of a name the zone
    /// holds is refused with the zone's record, or as the mock refuses it.
    @Test func aNewRecordWhoseNameExistsIsRefused() {
        let first = Record(id: rid(1), entity: Fixtures.user, schema: Fixtures.schema)
        for (answer, code) in [(CloudKitNewRecordConflict.serverRecordChanged, CloudKitServerError.Code.serverRecordChanged),
                               (.serverRejectedRequest, .serverRejectedRequest)] {
            var server = CloudKitServer(settings: CloudKitServerSettings(newRecordConflict: answer))
            _ = server.modify(saves: [CloudKitRecordSave(record: first, baseChangeTag: nil, changedKeys: .none)], deletes: [],
                              policy: .ifServerRecordUnchanged, atomic: false, atMicros: 1)
            let second = server.modify(saves: [CloudKitRecordSave(record: first, baseChangeTag: nil, changedKeys: .none)], deletes: [],
                                       policy: .ifServerRecordUnchanged, atomic: false, atMicros: 2)
            guard case .failure(let error) = second.saves[0] else {
                Issue.record("a second creator's save landed")
                continue
            }
            #expect(error.code == code)
        }
    }

    // MARK: A deletion fetched between unknownItem and the re-upload

    /// r2, offline, edits two contacts; r1 deletes both after; r2
    /// reconnects and sends first, and both saves meet `unknownItem`; then
    /// it fetches the deletions. The deletes are the latest intents, so a
    /// contact live at the end is resurrected.
    static func deleteWhileEditing(_ order: String) -> String {
        """
        {
          name: "delete-while-editing", replicas: 3, preset: "cksyncengine",
          cloudkit: { syncOrder: "exportFirst", reuploadOrder: "\(order)" },
          network: { delay: ["1ms", "1ms"] }, until: "30s",
          steps: [
            { at: "0s", on: "r1", create: { entity: "User", fields: { email: "a@example.com", name: "A" } } },
            { at: "10ms", on: "r1", create: { entity: "User", fields: { email: "b@example.com", name: "B" } } },
            { at: "2s", partition: [["r2"]] },
            { at: "3s", on: "r2", update: { entity: "User", key: { email: "a@example.com" }, set: { name: "A edited" } } },
            { at: "3010ms", on: "r2", update: { entity: "User", key: { email: "b@example.com" }, set: { name: "B edited" } } },
            { at: "4s", on: "r1", delete: { entity: "User", key: { email: "a@example.com" } } },
            { at: "4010ms", on: "r1", delete: { entity: "User", key: { email: "b@example.com" } } },
            { at: "6s", heal: true },
          ],
        }
        """
    }

    @Test func whenAFetchLandsFirstTheDeletionWins() throws {
        let text = Self.deleteWhileEditing("fetchBetween")
        let (result, simulation) = try CloudKitEngineFixtures.run(try CloudKitEngineFixtures.parse(text), strategy: "lww")
        #expect(simulation.nodes.allSatisfy { $0.store.allRecords().filter(\.isLive).isEmpty })
        #expect(CloudKitEngineFixtures.engine(simulation).server.liveRecords.isEmpty)
        #expect(result.resurrected == 0)
        #expect(result.conflicts == 2)
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }

    @Test func whenTheReuploadGoesFirstBothComeBack() throws {
        let text = Self.deleteWhileEditing("reuploadFirst")
        let (result, simulation) = try CloudKitEngineFixtures.run(try CloudKitEngineFixtures.parse(text), strategy: "lww")
        #expect(simulation.nodes.allSatisfy { $0.store.allRecords().filter(\.isLive).count == 2 })
        #expect(CloudKitEngineFixtures.engine(simulation).server.liveRecords.count == 2)
        #expect(result.resurrected == 2)
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }
}
