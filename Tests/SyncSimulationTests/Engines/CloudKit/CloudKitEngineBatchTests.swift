import SyncModel
@testable import SyncSimulation
import Testing

/// The engine driven by hand, message by message, to order a device's
/// requests as the tests need.
struct CloudKitEngineBatchTests {
    static let ann = Fixtures.emailKey("ann@example.com")
    static let bob = Fixtures.emailKey("bob@example.com")

    /// r1 creates Ann and both devices sync; r1 then edits her and saves.
    static func annEditedOnR1(atomic: Bool) -> CloudKitHarness {
        var harness = CloudKitHarness(devices: 2, strategy: "lww", settings: CloudKitEngineSettings(atomic: atomic))
        harness.perform(.save([Fixtures.userRow("ann@example.com", name: "Ann")]), on: 0)
        harness.sync(0)
        harness.sync(1)
        harness.perform(.update(key: ann, writes: [Fixtures.setName("Ann (r1)")]), on: 0)
        harness.sync(0)
        return harness
    }

    /// r2 edits Ann (now stale) and creates Bob; its batch [Ann, Bob] meets
    /// the server before its fetch does. Atomic: Ann fails with
    /// `serverRecordChanged`, Bob with `batchRequestFailed`, nothing is
    /// saved that round; Ann's conflict is resolved (recordLWW: r2's edit is
    /// later) and the next round saves both. Non-atomic: Bob is saved in the
    /// first round, Ann in the next.
    @Test(arguments: [true, false])
    func atomicBatchSavesNothingWhenOneRecordConflicts(atomic: Bool) throws {
        var harness = Self.annEditedOnR1(atomic: atomic)
        harness.perform(.update(key: Self.ann, writes: [Fixtures.setName("Ann (r2)")]), on: 1)
        harness.perform(.save([Fixtures.userRow("bob@example.com", name: "Bob")]), on: 1)
        let savedBefore = harness.engine.savedRecords
        harness.tick(1)
        harness.deliver(where: CloudKitHarness.isModify)
        harness.deliver(where: CloudKitHarness.isModifyResult)   // the fetch is still in flight
        let bob = try #require(harness.nodes[1].store.liveRecordIDs(holding: Self.bob).first)
        #expect((harness.server.record(named: bob) != nil) == !atomic)
        #expect(harness.engine.savedRecords == savedBefore + (atomic ? 0 : 1))
        #expect(harness.engine.conflicts == 1)
        #expect(harness.engine.devices[1].pendingCount == (atomic ? 2 : 1))

        harness.deliverAll()
        harness.sync(1)
        harness.sync(0)
        #expect(harness.server.record(named: bob) != nil)
        #expect(harness.engine.savedRecords == savedBefore + 2)
        #expect(harness.engine.devices.allSatisfy { $0.pendingCount == 0 })
        #expect(harness.engine.conflicts == 1)
        let annID = try #require(harness.nodes[0].store.liveRecordIDs(holding: Self.ann).first)
        #expect(harness.server.record(named: annID)?.payload.value(Fixtures.userName) == .string("Ann (r2)"))
        #expect(harness.nodes.allSatisfy { $0.store.record(annID)?.value(Fixtures.userName) == .string("Ann (r2)") })
        harness.sync(1)
        let settled = harness.engine.isSettled(nodes: harness.nodes)
        #expect(settled)
    }

    /// A batch holds at most `batch` records, by name; the rest go next round.
    @Test func batchesTakeAtMostBatchRecordsByName() {
        var harness = CloudKitHarness(devices: 1, strategy: "lww", settings: CloudKitEngineSettings(batch: 2))
        harness.perform(.save((1 ... 5).map { Fixtures.userRow("user\($0)@example.com") }), on: 0)
        harness.tick(0)
        let modify = harness.inFlight.compactMap { envelope -> [RecordID]? in
            if case .modify(_, _, let saves, _, _, _) = envelope.message as? CloudKitMessage { return saves.map(\.name) }
            return nil
        }
        let names = harness.nodes[0].store.allRecords().map(\.id)
        #expect(modify == [Array(names.prefix(2))])
        harness.deliverAll()
        harness.sync(0)
        harness.sync(0)
        #expect(harness.server.recordCount == 5)
        #expect(harness.engine.devices[0].pendingCount == 0)
    }

    /// r1 deletes Ann while r2, not yet synced, edits her. r2's fetch comes
    /// first: the deletion wins over the pending edit (a conflict), as
    /// Apple's sample and SQLiteData do when the deletion is fetched first.
    @Test func aFetchedDeletionWinsOverAPendingEdit() throws {
        var harness = Self.annEditedOnR1(atomic: false)
        let annID = try #require(harness.nodes[0].store.liveRecordIDs(holding: Self.ann).first)
        harness.perform(.delete(key: Self.ann), on: 0)
        harness.sync(0)
        #expect(harness.server.record(named: annID) == nil)
        harness.perform(.update(key: Self.ann, writes: [Fixtures.setCity("Oslo")]), on: 1)
        harness.sync(1)
        #expect(harness.engine.conflicts == 1)
        #expect(harness.nodes[1].store.record(annID)?.isLive == false)
        #expect(harness.engine.devices[1].pendingCount == 0)
        harness.sync(1)
        harness.sync(0)
        #expect(harness.server.record(named: annID) == nil)
        let settled = harness.engine.isSettled(nodes: harness.nodes)
        #expect(settled)
    }

    /// The same, but r2's save reaches the server before its fetch: it is
    /// answered `unknownItem`, and the device re-uploads (Apple's sample:
    /// "let's re-upload the local data"), so Ann comes back, on r1 too.
    @Test func anEditSentAfterADeleteIsReuploaded() throws {
        var harness = Self.annEditedOnR1(atomic: false)
        let annID = try #require(harness.nodes[0].store.liveRecordIDs(holding: Self.ann).first)
        harness.perform(.delete(key: Self.ann), on: 0)
        harness.sync(0)
        harness.perform(.update(key: Self.ann, writes: [Fixtures.setCity("Oslo")]), on: 1)
        harness.tick(1)
        harness.deliver(where: CloudKitHarness.isModify)
        harness.deliver(where: CloudKitHarness.isModifyResult)   // unknownItem
        #expect(harness.engine.devices[1].pendingCount == 1)
        harness.deliverAll()            // the fetch: the deletion is known already, the re-upload stays
        #expect(harness.engine.conflicts == 0)
        harness.sync(1)
        let server = try #require(harness.server.record(named: annID))
        #expect(server.payload.isLive && server.payload.value(Fixtures.city) == .string("Oslo"))
        harness.sync(0)
        #expect(harness.nodes[0].store.record(annID)?.isLive == true)
        #expect(harness.nodes[0].store.record(annID)?.value(Fixtures.city) == .string("Oslo"))
        harness.sync(1)
        let settled = harness.engine.isSettled(nodes: harness.nodes)
        #expect(settled)
    }

    /// A save whose answer is lost lands anyway; the device recognises its
    /// own save when it comes back (in the next fetch here), with no conflict.
    @Test func aLostAnswerIsRecognisedWhenTheSaveComesBack() {
        var harness = CloudKitHarness(devices: 1, strategy: "lww")
        harness.perform(.save([Fixtures.userRow("ann@example.com", name: "Ann")]), on: 0)
        harness.tick(0)
        harness.deliver(where: CloudKitHarness.isModify)
        harness.dropAll()
        #expect(harness.server.recordCount == 1)
        harness.advance(byMicros: 2_000_000)   // past the request timeout
        harness.sync(0)
        #expect(harness.engine.conflicts == 0)
        #expect(harness.engine.devices[0].pendingCount == 0)
        #expect(harness.engine.savedRecords == 1)
        let settled = harness.engine.isSettled(nodes: harness.nodes)
        #expect(settled)
    }

    /// A copy of a request (the network duplicated it) is not answered again.
    @Test func theServerAnswersEachRequestOnce() {
        var harness = CloudKitHarness(devices: 1, strategy: "lww")
        harness.perform(.save([Fixtures.userRow("ann@example.com", name: "Ann")]), on: 0)
        harness.tick(0)
        let modify = harness.inFlight.first(where: CloudKitHarness.isModify)!
        harness.inFlight.append(modify)
        harness.deliverAll()
        #expect(harness.engine.savedRecords == 1)
        #expect(harness.server.changeCounter == 1)
        #expect(!harness.engine.carriesNews(modify.message, to: modify.to))
    }
}
