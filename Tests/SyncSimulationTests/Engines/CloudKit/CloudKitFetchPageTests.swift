import SyncModel
@testable import SyncSimulation
import Testing

/// Paged zone fetches (`cloudkit.fetchPage`): each page is a prefix of the
/// zone's change order, its token points after its last change, and the
/// pages together are the whole fetch.
struct CloudKitFetchPageTests {
    typealias F = CloudKitServerFixtures

    /// Copies 1 and 2 exist; 1 is deleted, then 2 is saved again: the
    /// delete of 1 now comes before the only version of 2.
    static func zoneWhereADeleteComesBeforeTheRecordThatReplacedIt() throws -> CloudKitServer {
        var server = CloudKitServer()
        let created = server.create([F.user(1, email: "a@x.org"), F.user(2, email: "a@x.org")], atMicros: 1_000)
        let two = try created.saves[1].get()
        #expect(server.delete(rid(1), atMicros: 2_000) == .success(rid(1)))
        _ = try server.save(CloudKitRecordSave(record: F.editing(two.payload, field: Fixtures.city, to: "Oslo", stamp: ts(3_000)),
                                               baseChangeTag: two.changeTag), atMicros: 3_000).get()
        return server
    }

    @Test func pagesFollowTheChangeOrderAndAddUpToTheWholeFetch() throws {
        let server = try Self.zoneWhereADeleteComesBeforeTheRecordThatReplacedIt()
        let whole = server.fetchChanges(since: nil)
        #expect(!whole.moreComing && whole.deletedNames == [rid(1)] && whole.changed.map(\.name) == [rid(2)])

        let first = server.fetchChanges(since: nil, limit: 1)
        #expect(first.deletedNames == [rid(1)] && first.changed.isEmpty)
        #expect(first.moreComing && first.token == CloudKitChangeToken(counter: 3))
        let second = server.fetchChanges(since: first.token, limit: 1)
        #expect(second.changed.map(\.name) == [rid(2)] && second.deletedNames.isEmpty)
        #expect(!second.moreComing && second.token == whole.token)
        // A page as large as what is left is the last one.
        #expect(!server.fetchChanges(since: nil, limit: 2).moreComing)
    }

    /// A device that fetches page by page asks for the next page as soon
    /// as it has saved one, and settles only after the last.
    @Test func aDeviceFetchesEveryPageInTurn() throws {
        let text = """
        { name: "x", replicas: 2, engine: "cloudkit", cloudkit: { fetchPage: 1 },
          steps: [ { at: "10ms", on: "r1", import: { entity: "User", count: 6 } } ] }
        """
        let run = try RelationshipRun(text, strategy: "lww", engine: "cloudkit")
        #expect(run.result.quiesced && run.result.diverged == 0)
        #expect(run.simulation.nodes[1].store.allRecords().count { $0.isLive } == 6)
    }

    @Test func theSettingIsParsedAndReported() throws {
        let document = try ScenarioFileTesting.parse(#"{ name: "x", engine: "cloudkit", cloudkit: { fetchPage: 20 } }"#)
        let settings = try #require(document.scenario.engine as? CloudKitEngineSettings)
        #expect(settings.fetchPage == 20)
        #expect(settings.settings.map(\.name) == ["conflict", "clock", "savePolicy", "batch", "atomic", "fetchPage"])
        #expect(CloudKitEngineSettings().settings.map(\.name) == ["conflict", "clock", "savePolicy", "batch", "atomic"])
        ScenarioFileTesting.expectFailure(#"{ name: "x", engine: "cloudkit", cloudkit: { fetchPage: 0 } }"#,
                                          "t.json5: cloudkit.fetchPage: expected a whole number from 1 to 10000, found 0")
    }
}
