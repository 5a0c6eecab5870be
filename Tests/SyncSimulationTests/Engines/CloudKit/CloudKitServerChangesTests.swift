import SyncModel
import SyncSimulation
import Testing

/// Zone changes by change token: coalesced, ordered, with tombstones.
struct CloudKitServerChangesTests {
    typealias F = CloudKitServerFixtures

    @Test func threeEditsBetweenTokensArriveAsOneRecordWithTheLastValues() throws {
        var server = CloudKitServer()
        var latest = try server.save(CloudKitRecordSave(record: F.user(7, email: "ada@x.org", userName: "n0"),
                                                        baseChangeTag: nil), atMicros: 1_000).get()
        let token = server.fetchChanges(since: nil).token
        #expect(token == CloudKitChangeToken(counter: 1))

        for (index, name) in ["n1", "n2", "n3"].enumerated() {
            let edited = F.editing(latest.payload, field: Fixtures.userName, to: name, stamp: ts(2_000 + Int64(index)))
            latest = try server.save(CloudKitRecordSave(record: edited, baseChangeTag: latest.changeTag),
                                     atMicros: 2_000 + Int64(index)).get()
        }
        let changes = server.fetchChanges(since: token)

        #expect(changes.changed.count == 1)
        #expect(changes.changed.first?.payload.value(Fixtures.userName) == .string("n3"))
        #expect(changes.changed.first?.changeTag == CloudKitChangeTag(rawValue: 4))
        #expect(changes.changed.first?.modificationMicros == 2_002)
        #expect(changes.deletedNames.isEmpty)
        #expect(changes.token == CloudKitChangeToken(counter: 4))
    }

    @Test func changedRecordsComeInOrderOfTheirLastChange() throws {
        var server = CloudKitServer()
        let created = server.create([F.user(1, email: "a@x.org"), F.user(2, email: "b@x.org")], atMicros: 1_000)
        var one = try created.saves[0].get()
        var two = try created.saves[1].get()
        let token = server.currentToken

        one = try server.save(CloudKitRecordSave(record: F.editing(one.payload, field: Fixtures.city, to: "x", stamp: ts(2_000)),
                                                 baseChangeTag: one.changeTag), atMicros: 2_000).get()
        two = try server.save(CloudKitRecordSave(record: F.editing(two.payload, field: Fixtures.city, to: "y", stamp: ts(3_000)),
                                                 baseChangeTag: two.changeTag), atMicros: 3_000).get()
        one = try server.save(CloudKitRecordSave(record: F.editing(one.payload, field: Fixtures.city, to: "z", stamp: ts(4_000)),
                                                 baseChangeTag: one.changeTag), atMicros: 4_000).get()

        #expect(server.fetchChanges(since: token).changed == [two, one])
        #expect(server.fetchChanges(since: token).changed.map(\.changeTag.rawValue) == [4, 5])
    }

    @Test func aDeviceHoldingAnOldTokenLearnsOfTheDelete() throws {
        var server = CloudKitServer()
        let created = server.create([F.user(1, email: "a@x.org"), F.user(2, email: "b@x.org")], atMicros: 1_000)
        let two = try created.saves[1].get()
        let oldToken = server.fetchChanges(since: nil).token

        #expect(server.delete(rid(1), atMicros: 2_000) == .success(rid(1)))

        let changes = server.fetchChanges(since: oldToken)
        #expect(changes.changed.isEmpty)
        #expect(changes.deletedNames == [rid(1)])
        #expect(changes.token == CloudKitChangeToken(counter: 3))
        #expect(server.fetchChanges(since: changes.token).isEmpty)
        let everything = server.fetchChanges(since: nil)
        #expect(everything.changed == [two])
        #expect(everything.deletedNames == [rid(1)])
    }

    @Test func aRecordCreatedAndDeletedBetweenTokensAppearsOnlyAsDeleted() throws {
        var server = CloudKitServer()
        server.create([F.user(1, email: "a@x.org")], atMicros: 1_000)
        let token = server.currentToken

        server.create([F.user(3, email: "c@x.org")], atMicros: 2_000)
        _ = server.delete(rid(3), atMicros: 3_000)

        let changes = server.fetchChanges(since: token)
        #expect(changes.changed.isEmpty)
        #expect(changes.deletedNames == [rid(3)])
    }

    @Test func aRecordDeletedAndCreatedAgainAppearsOnlyAsChanged() throws {
        var server = CloudKitServer()
        server.create([F.user(1, email: "a@x.org")], atMicros: 1_000)
        let token = server.currentToken
        _ = server.delete(rid(1), atMicros: 2_000)

        let again = try server.create([F.user(1, email: "a@x.org", stamp: ts(3_000))], atMicros: 3_000).saves[0].get()

        let changes = server.fetchChanges(since: token)
        #expect(changes.changed == [again])
        #expect(changes.deletedNames.isEmpty)
        #expect(again.changeTag == CloudKitChangeTag(rawValue: 3))
    }

    @Test func failedSavesChangeNothingAFetchSees() throws {
        var server = CloudKitServer()
        server.create([F.user(1, email: "a@x.org")], atMicros: 1_000)
        let token = server.currentToken

        let answer = server.save(CloudKitRecordSave(record: F.user(1, email: "a@x.org", userName: "Z"), baseChangeTag: nil),
                                 atMicros: 2_000)

        #expect(answer == .failure(.serverRecordChanged(serverRecord: try #require(server.record(named: rid(1))))))
        #expect(server.fetchChanges(since: token) == CloudKitZoneChanges(changed: [], deletedNames: [], token: token))
    }
}
