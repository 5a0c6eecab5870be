import SyncModel
import SyncSimulation
import Testing

/// Atomic and non-atomic modify calls, and deletes.
struct CloudKitServerBatchTests {
    typealias F = CloudKitServerFixtures

    /// A zone holding users 1 (tag 1) and 3 (tag 2), and a batch that saves
    /// new user 2, saves user 1 again as new (a conflict) and deletes user 3.
    static func zoneAndBatch() throws -> (CloudKitServer, CloudKitServerRecord, CloudKitServerRecord, [CloudKitRecordSave]) {
        var server = CloudKitServer()
        let created = server.create([F.user(1, email: "a@x.org"), F.user(3, email: "c@x.org")], atMicros: 1_000)
        let one = try created.saves[0].get()
        let three = try created.saves[1].get()
        let saves = [
            CloudKitRecordSave(record: F.user(2, email: "b@x.org", stamp: ts(2_000)), baseChangeTag: nil),
            CloudKitRecordSave(record: F.user(1, email: "a@x.org", userName: "Other", stamp: ts(2_000, 0, 1)), baseChangeTag: nil),
        ]
        return (server, one, three, saves)
    }

    @Test func atomicBatchWithOneConflictAppliesNothing() throws {
        var (server, one, three, saves) = try Self.zoneAndBatch()

        let result = server.modify(saves: saves, deletes: [rid(3)], policy: .ifServerRecordUnchanged,
                                   atomic: true, atMicros: 5_000)

        #expect(result.saves == [.failure(.batchRequestFailed), .failure(.serverRecordChanged(serverRecord: one))])
        #expect(result.deletes == [.failure(.batchRequestFailed)])
        #expect(result.isPartialFailure)
        #expect(result.savedRecords.isEmpty && result.deletedNames.isEmpty)
        #expect(server.records == [one, three])
        #expect(server.changeCounter == 2)
        #expect(server.fetchChanges(since: CloudKitChangeToken(counter: 2)).isEmpty)
    }

    @Test func nonAtomicBatchAppliesTheItemsThatSucceed() throws {
        var (server, one, _, saves) = try Self.zoneAndBatch()

        let result = server.modify(saves: saves, deletes: [rid(3)], policy: .ifServerRecordUnchanged,
                                   atomic: false, atMicros: 5_000)

        let two = try result.saves[0].get()
        #expect(two.changeTag == CloudKitChangeTag(rawValue: 3))
        #expect(result.saves[1] == .failure(.serverRecordChanged(serverRecord: one)))
        #expect(result.deletes == [.success(rid(3))])
        #expect(result.isPartialFailure)
        #expect(server.records == [one, two])
        #expect(server.changeCounter == 4)
        let changes = server.fetchChanges(since: CloudKitChangeToken(counter: 2))
        #expect(changes.changed == [two])
        #expect(changes.deletedNames == [rid(3)])
    }

    @Test func atomicBatchWithNoFailureAppliesEverything() throws {
        var (server, _, _, saves) = try Self.zoneAndBatch()

        let result = server.modify(saves: [saves[0]], deletes: [rid(3)], policy: .ifServerRecordUnchanged,
                                   atomic: true, atMicros: 5_000)

        #expect(!result.isPartialFailure)
        #expect(result.savedRecords.map(\.name) == [rid(2)])
        #expect(result.deletedNames == [rid(3)])
        #expect(server.records.map(\.name) == [rid(1), rid(2)])
    }

    @Test func deleteOfAMissingRecordGetsUnknownItemAndFailsAnAtomicBatch() {
        var server = CloudKitServer()
        let result = server.modify(saves: [CloudKitRecordSave(record: F.user(2, email: "b@x.org"), baseChangeTag: nil)],
                                   deletes: [rid(9)], policy: .ifServerRecordUnchanged, atomic: true, atMicros: 1_000)

        #expect(result.saves == [.failure(.batchRequestFailed)])
        #expect(result.deletes == [.failure(.unknownItem(name: rid(9)))])
        #expect(server.recordCount == 0)
        #expect(server.changeCounter == 0)
    }

    @Test func deleteOfAMissingRecordSucceedsWhenSetTo() {
        var server = CloudKitServer(settings: CloudKitServerSettings(missingRecordDelete: .succeeds))
        let result = server.modify(saves: [CloudKitRecordSave(record: F.user(2, email: "b@x.org"), baseChangeTag: nil)],
                                   deletes: [rid(9)], policy: .ifServerRecordUnchanged, atomic: true, atMicros: 1_000)

        #expect(!result.isPartialFailure)
        #expect(result.deletedNames == [rid(9)])
        #expect(server.records.map(\.name) == [rid(2)])
        #expect(server.changeCounter == 1)
        #expect(server.tombstoneCount == 0)
    }

    @Test func deleteWinsOverAnEditItNeverSaw() throws {
        var server = CloudKitServer()
        let created = try server.save(CloudKitRecordSave(record: F.user(7, email: "ada@x.org"), baseChangeTag: nil),
                                      atMicros: 1_000).get()
        let edited = F.editing(created.payload, field: Fixtures.userName, to: "Bea", stamp: ts(2_000))
        _ = try server.save(CloudKitRecordSave(record: edited, baseChangeTag: created.changeTag), atMicros: 2_000).get()

        #expect(server.delete(rid(7), atMicros: 3_000) == .success(rid(7)))
        #expect(server.records.isEmpty)
    }

    @Test func errorsNameTheirCloudKitCode() throws {
        var (server, one, _, saves) = try Self.zoneAndBatch()
        let result = server.modify(saves: saves, deletes: [rid(3)], policy: .ifServerRecordUnchanged,
                                   atomic: true, atMicros: 5_000)
        let codes = result.saves.map { result -> CloudKitServerError.Code? in
            if case .failure(let error) = result { error.code } else { nil }
        }
        #expect(codes == [.batchRequestFailed, .serverRecordChanged])
        #expect(CloudKitServerError.serverRecordChanged(serverRecord: one).description
            == "serverRecordChanged: the server holds record \(rid(1)) at tag1")
    }
}
