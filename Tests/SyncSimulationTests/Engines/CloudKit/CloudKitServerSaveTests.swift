import SyncModel
import SyncSimulation
import Testing

/// Save policies and server-assigned metadata of one CloudKit zone.
struct CloudKitServerSaveTests {
    typealias F = CloudKitServerFixtures

    @Test func newRecordSavedTwiceGetsServerRecordChangedCarryingTheFirst() throws {
        var server = CloudKitServer()
        let first = F.user(7, email: "ada@x.org", userName: "Ada", stamp: ts(1_000, 0, 1))
        let second = F.user(7, email: "ada@x.org", userName: "Bea", stamp: ts(1_500, 0, 2))
        let saved = try server.save(CloudKitRecordSave(record: first, baseChangeTag: nil), atMicros: 10_000).get()

        let answer = server.save(CloudKitRecordSave(record: second, baseChangeTag: nil), atMicros: 20_000)

        #expect(answer == .failure(.serverRecordChanged(serverRecord: saved)))
        #expect(saved.payload == first)
        #expect(server.records == [saved])
        #expect(server.changeCounter == 1)
    }

    @Test func staleBaseTagGetsServerRecordChangedCarryingTheLatest() throws {
        var server = CloudKitServer()
        let created = try server.save(CloudKitRecordSave(record: F.user(7, email: "ada@x.org", userName: "Ada"),
                                                         baseChangeTag: nil), atMicros: 10_000).get()
        let renamed = F.editing(created.payload, field: Fixtures.userName, to: "Bea", stamp: ts(2_000))
        let latest = try server.save(CloudKitRecordSave(record: renamed, baseChangeTag: created.changeTag),
                                     atMicros: 20_000).get()
        #expect(latest.changeTag == CloudKitChangeTag(rawValue: 2))

        // A second device edits the version it fetched first (tag 1).
        let moved = F.editing(created.payload, field: Fixtures.city, to: "Rome", stamp: ts(2_500))
        let answer = server.save(CloudKitRecordSave(record: moved, baseChangeTag: created.changeTag), atMicros: 30_000)

        #expect(answer == .failure(.serverRecordChanged(serverRecord: latest)))
        #expect(server.record(named: rid(7)) == latest)
        #expect(server.record(named: rid(7))?.payload.value(Fixtures.city) == nil)
    }

    @Test func ifServerRecordUnchangedWritesOnlyTheChangedKeys() throws {
        var server = CloudKitServer()
        let created = try server.save(CloudKitRecordSave(record: F.user(7, email: "ada@x.org", userName: "Ada", city: "Paris"),
                                                         baseChangeTag: nil), atMicros: 10_000).get()
        var edited = F.editing(created.payload, field: Fixtures.userName, to: "Bea", stamp: ts(2_000))
        edited = F.editing(edited, field: Fixtures.city, to: "Rome", stamp: ts(2_000))
        let keys = CloudKitRecordKeys(fields: [Fixtures.userName], relations: [], existence: false)

        let saved = try server.save(CloudKitRecordSave(record: edited, baseChangeTag: created.changeTag, changedKeys: keys),
                                    atMicros: 20_000).get()

        #expect(saved.payload.value(Fixtures.userName) == .string("Bea"))
        #expect(saved.payload.value(Fixtures.city) == .string("Paris"))
    }

    @Test func changedKeysIgnoresTheTagAndMergesOnlyListedFields() throws {
        var server = CloudKitServer()
        _ = try server.save(CloudKitRecordSave(record: F.user(7, email: "ada@x.org", userName: "Ada", city: "Paris"),
                                           baseChangeTag: nil), atMicros: 10_000).get()
        // Another device's copy, never fetched (no tag), with two new values
        // but only the name listed as changed.
        let theirs = F.user(7, email: "ada@x.org", userName: "Bea", city: "Rome", stamp: ts(3_000, 0, 2))
        let keys = CloudKitRecordKeys(fields: [Fixtures.userName], relations: [], existence: false)

        let saved = try server.save(CloudKitRecordSave(record: theirs, baseChangeTag: nil, changedKeys: keys),
                                    policy: .changedKeys, atMicros: 20_000).get()

        #expect(saved.payload.value(Fixtures.userName) == .string("Bea"))
        #expect(saved.payload.fields[Fixtures.userName]?.stamp == ts(3_000, 0, 2))
        #expect(saved.payload.value(Fixtures.city) == .string("Paris"))
        #expect(saved.payload.fields[Fixtures.city]?.stamp == ts(1_000))
        #expect(saved.changeTag == CloudKitChangeTag(rawValue: 2))
        #expect(saved.creationMicros == 10_000)
    }

    @Test func changedKeysWritesListedRelationsAndExistence() throws {
        var server = CloudKitServer()
        var product = Record(id: rid(20), entity: Fixtures.product, schema: Fixtures.schema)
        product.markCreated(ts(1_000))
        product.set(Fixtures.sku, to: .string("p1"), stamp: ts(1_000))
        let created = try server.save(CloudKitRecordSave(record: product, baseChangeTag: nil), atMicros: 1_000).get()

        // Tagged and deleted in the payload, but only the relation listed.
        var taggedAndDeleted = created.payload
        taggedAndDeleted.relations[Fixtures.tags].add(rid(10), tag: ts(2_000))
        taggedAndDeleted.markDeleted(observing: created.payload)
        let relationOnly = CloudKitRecordKeys(fields: [], relations: [Fixtures.tags], existence: false)
        let tagged = try server.save(CloudKitRecordSave(record: taggedAndDeleted, baseChangeTag: nil, changedKeys: relationOnly),
                                     policy: .changedKeys, atMicros: 2_000).get()
        #expect(tagged.payload.relations[Fixtures.tags].elements == [rid(10)])
        #expect(tagged.payload.isLive)

        // Deleted in a copy without the tag, existence listed: the delete is
        // written and the server's relation kept.
        var deleted = created.payload
        deleted.markDeleted(observing: created.payload)
        let existenceOnly = CloudKitRecordKeys(fields: [], relations: [], existence: true)
        let gone = try server.save(CloudKitRecordSave(record: deleted, baseChangeTag: nil, changedKeys: existenceOnly),
                                   policy: .changedKeys, atMicros: 3_000).get()
        #expect(!gone.payload.isLive)
        #expect(gone.payload.relations[Fixtures.tags].elements == [rid(10)])
        #expect(gone.payload.value(Fixtures.sku) == .string("p1"))
    }

    @Test func allKeysOverwritesEveryKeyTheSavedRecordHolds() throws {
        var server = CloudKitServer()
        _ = try server.save(CloudKitRecordSave(record: F.user(7, email: "ada@x.org", userName: "Ada", city: "Paris"),
                                           baseChangeTag: nil), atMicros: 10_000).get()
        let theirs = F.user(7, email: "ada@x.org", userName: "Bea", city: "Rome", stamp: ts(3_000, 0, 2))
        // Only the name is listed as changed; allKeys sends every key anyway.
        let keys = CloudKitRecordKeys(fields: [Fixtures.userName], relations: [], existence: false)

        let saved = try server.save(CloudKitRecordSave(record: theirs, baseChangeTag: CloudKitChangeTag(rawValue: 99),
                                                       changedKeys: keys),
                                    policy: .allKeys, atMicros: 20_000).get()

        #expect(saved.payload == theirs)
    }

    @Test func allKeysKeepsServerKeysTheSavedRecordLacks() throws {
        var server = CloudKitServer()
        _ = try server.save(CloudKitRecordSave(record: F.user(7, email: "ada@x.org", userName: "Ada", city: "Paris"),
                                           baseChangeTag: nil), atMicros: 10_000).get()
        let theirs = F.user(7, email: "ada@x.org", userName: "Bea", stamp: ts(3_000, 0, 2))

        let saved = try server.save(CloudKitRecordSave(record: theirs, baseChangeTag: nil), policy: .allKeys,
                                    atMicros: 20_000).get()

        #expect(saved.payload.value(Fixtures.userName) == .string("Bea"))
        #expect(saved.payload.value(Fixtures.city) == .string("Paris"))
    }

    @Test func serverAssignsChangeTagsAndDatesAndLeavesPayloadStampsAlone() throws {
        var server = CloudKitServer()
        // The device's clock says 1_000 µs; the server's says 5_000.
        let payload = F.user(7, email: "ada@x.org", userName: "Ada", stamp: ts(1_000, 3, 2))
        let created = try server.save(CloudKitRecordSave(record: payload, baseChangeTag: nil), atMicros: 5_000).get()
        #expect(created.changeTag == CloudKitChangeTag(rawValue: 1))
        #expect(created.creationMicros == 5_000)
        #expect(created.modificationMicros == 5_000)
        #expect(created.payload == payload)

        let other = try server.save(CloudKitRecordSave(record: F.user(8, email: "bea@x.org"), baseChangeTag: nil),
                                    atMicros: 6_000).get()
        #expect(other.changeTag == CloudKitChangeTag(rawValue: 2))

        let edited = F.editing(payload, field: Fixtures.city, to: "Rome", stamp: ts(500, 0, 2))
        let updated = try server.save(CloudKitRecordSave(record: edited, baseChangeTag: created.changeTag),
                                      atMicros: 9_000).get()
        #expect(updated.changeTag == CloudKitChangeTag(rawValue: 3))
        #expect(updated.creationMicros == 5_000)
        #expect(updated.modificationMicros == 9_000)
        #expect(updated.payload.fields[Fixtures.city]?.stamp == ts(500, 0, 2))
        #expect(server.clockMicros == 9_000)
    }

    @Test func updateOfADeletedRecordGetsUnknownItem() throws {
        var server = CloudKitServer()
        let created = try server.save(CloudKitRecordSave(record: F.user(7, email: "ada@x.org", userName: "Ada"),
                                                         baseChangeTag: nil), atMicros: 10_000).get()
        #expect(server.delete(rid(7), atMicros: 20_000) == .success(rid(7)))
        let edited = F.editing(created.payload, field: Fixtures.userName, to: "Bea", stamp: ts(2_000))

        for policy in CloudKitSavePolicy.allCases {
            let answer = server.save(CloudKitRecordSave(record: edited, baseChangeTag: created.changeTag),
                                     policy: policy, atMicros: 30_000)
            #expect(answer == .failure(.unknownItem(name: rid(7))), "\(policy)")
        }
        #expect(server.records.isEmpty)
        #expect(server.changeCounter == 2)
    }

    @Test func overwriteOfADeletedRecordRecreatesItWhenSetTo() throws {
        var server = CloudKitServer(settings: CloudKitServerSettings(missingRecordOverwrite: .recreates))
        let created = try server.save(CloudKitRecordSave(record: F.user(7, email: "ada@x.org", userName: "Ada"),
                                                         baseChangeTag: nil), atMicros: 10_000).get()
        _ = server.delete(rid(7), atMicros: 20_000)
        let edited = F.editing(created.payload, field: Fixtures.userName, to: "Bea", stamp: ts(2_000))

        let strict = server.save(CloudKitRecordSave(record: edited, baseChangeTag: created.changeTag), atMicros: 30_000)
        #expect(strict == .failure(.unknownItem(name: rid(7))))

        let recreated = try server.save(CloudKitRecordSave(record: edited, baseChangeTag: created.changeTag),
                                        policy: .changedKeys, atMicros: 40_000).get()
        #expect(recreated.payload == edited)
        #expect(recreated.creationMicros == 40_000)
        #expect(recreated.changeTag == CloudKitChangeTag(rawValue: 3))
    }

    @Test func newSaveOfADeletedNameCreatesTheRecordAgain() throws {
        var server = CloudKitServer()
        _ = try server.save(CloudKitRecordSave(record: F.user(7, email: "ada@x.org"), baseChangeTag: nil), atMicros: 10_000).get()
        _ = server.delete(rid(7), atMicros: 20_000)
        #expect(server.tombstoneCount == 1)

        let again = try server.save(CloudKitRecordSave(record: F.user(7, email: "ada@x.org", stamp: ts(3_000)),
                                                       baseChangeTag: nil), atMicros: 30_000).get()

        #expect(again.creationMicros == 30_000)
        #expect(again.changeTag == CloudKitChangeTag(rawValue: 3))
        #expect(server.tombstoneCount == 0)
    }
}
