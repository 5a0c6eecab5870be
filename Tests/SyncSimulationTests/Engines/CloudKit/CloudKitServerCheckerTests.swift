import SyncModel
import SyncSimulation
import Testing

/// What the checker reads of the zone: the server enforces no uniqueness.
struct CloudKitServerCheckerTests {
    typealias F = CloudKitServerFixtures

    @Test func twoNamesOfOneNaturalKeyAreBothKeptAndCountAsOneDuplicate() {
        var server = CloudKitServer()
        let result = server.create([F.user(1, email: "ada@x.org", userName: "Ada"),
                                    F.user(2, email: "ada@x.org", userName: "Ada L.")], atMicros: 1_000)

        #expect(!result.isPartialFailure)
        #expect(server.liveRecords.map(\.name) == [rid(1), rid(2)])
        #expect(server.duplicateCount(schema: Fixtures.schema) == 1)

        server.create([F.user(3, email: "ada@x.org"), F.user(4, email: "bea@x.org"), F.user(5, email: nil)], atMicros: 2_000)
        #expect(server.duplicateCount(schema: Fixtures.schema) == 2)
    }

    @Test func duplicatesCountPerEntity() {
        var server = CloudKitServer()
        var tag = Record(id: rid(10), entity: Fixtures.tag, schema: Fixtures.schema)
        tag.markCreated(ts(1_000))
        tag.set(Fixtures.tagName, to: .string("ada@x.org"), stamp: ts(1_000))
        // A tag and a user that share a key value are not duplicates.
        server.create([F.user(1, email: "ada@x.org"), tag], atMicros: 1_000)
        #expect(server.duplicateCount(schema: Fixtures.schema) == 0)
    }

    @Test func liveRecordsAreSortedByNameAndSkipPayloadsMarkedDeleted() throws {
        var server = CloudKitServer()
        let created = server.create([F.user(9, email: "a@x.org"), F.user(3, email: "a@x.org"), F.user(5, email: "a@x.org")],
                                    atMicros: 1_000)
        #expect(server.liveRecords.map(\.name) == [rid(3), rid(5), rid(9)])
        #expect(server.duplicateCount(schema: Fixtures.schema) == 2)

        // A device that records deletes in the payload instead of deleting
        // the CKRecord: the server still holds it, the app does not show it.
        let five = try created.saves[2].get()
        var tombstoned = five.payload
        tombstoned.markDeleted(observing: five.payload)
        _ = try server.save(CloudKitRecordSave(record: tombstoned, baseChangeTag: five.changeTag), atMicros: 2_000).get()

        #expect(server.records.map(\.name) == [rid(3), rid(5), rid(9)])
        #expect(server.liveRecords.map(\.name) == [rid(3), rid(9)])
        #expect(server.duplicateCount(schema: Fixtures.schema) == 1)
    }

    @Test func digestDependsOnValuesNotOnSaveOrderOrTags() {
        let records = [F.user(1, email: "a@x.org", userName: "Ada"), F.user(2, email: "b@x.org")]
        var forward = CloudKitServer()
        forward.create(records, atMicros: 1_000)
        var backward = CloudKitServer()
        backward.create([records[1]], atMicros: 1_000)
        backward.create([records[0]], atMicros: 2_000)

        #expect(forward.records != backward.records)
        #expect(forward.digest == backward.digest)
        #expect(forward.digest == records[0].materialisedDigest + records[1].materialisedDigest)

        _ = backward.delete(rid(2), atMicros: 3_000)
        #expect(backward.digest == records[0].materialisedDigest)
    }
}
