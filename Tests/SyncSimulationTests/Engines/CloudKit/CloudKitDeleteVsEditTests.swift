@testable import SyncSimulation
import SyncModel
import Testing

/// r1 deletes Ann while r2, which has not seen the delete, edits her. What
/// happens depends on `deleteVsEdit` and on which r2 learns first: that
/// the zone deleted her (its fetch), or that its save found nothing to
/// update (`unknownItem`).
struct CloudKitDeleteVsEditTests {
    static let ann = Fixtures.emailKey("ann@example.com")

    enum Learns: CaseIterable { case byFetch, bySaveFailing }

    /// Ann synced on both devices, then deleted by r1, and edited by r2.
    static func deletedWhileEdited(_ policy: DeleteVsEdit, learns: Learns) throws -> (CloudKitHarness, RecordID) {
        var harness = CloudKitHarness(devices: 2, strategy: "lww", deleteVsEdit: policy)
        harness.perform(.save([Fixtures.userRow("ann@example.com", name: "Ann")]), on: 0)
        harness.sync(0)
        harness.sync(1)
        let annID = try #require(harness.nodes[0].store.liveRecordIDs(holding: Self.ann).first)
        harness.perform(.delete(key: Self.ann), on: 0)
        harness.sync(0)
        #expect(harness.server.record(named: annID) == nil)
        harness.perform(.update(key: Self.ann, writes: [Fixtures.setCity("Oslo")]), on: 1)
        harness.tick(1)
        switch learns {
        case .byFetch:
            harness.deliver(where: CloudKitHarness.isFetch)
            harness.deliver { !CloudKitHarness.isModify($0) }   // the zone's changes: Ann's deletion
        case .bySaveFailing:
            harness.deliver(where: CloudKitHarness.isModify)
            harness.deliver(where: CloudKitHarness.isModifyResult)   // unknownItem
        }
        harness.deliverAll()
        for _ in 0 ..< 2 {
            harness.sync(1)
            harness.sync(0)
        }
        let settled = harness.engine.isSettled(nodes: harness.nodes)
        #expect(settled)
        return (harness, annID)
    }

    /// Whether the edit won: Ann is back, with r2's city, on the server and
    /// both devices; otherwise she is gone from all three.
    static func editWon(_ harness: CloudKitHarness, _ annID: RecordID) -> Bool {
        let server = harness.server.record(named: annID)
        let copies = harness.nodes.map { $0.store.record(annID) }
        if let server {
            #expect(server.payload.value(Fixtures.city) == .string("Oslo"))
            #expect(copies.allSatisfy { $0?.isLive == true && $0?.value(Fixtures.city) == .string("Oslo") })
            return true
        }
        #expect(copies.allSatisfy { $0?.isLive != true })
        return false
    }

    @Test(arguments: DeleteVsEdit.allCases, Learns.allCases)
    func theEditWinsOrLosesAsThePolicySays(policy: DeleteVsEdit, learns: Learns) throws {
        let (harness, annID) = try Self.deletedWhileEdited(policy, learns: learns)
        let expected = switch policy {
        case .deleteWins: false
        case .editWins: true
        // Apple's sample: a save answered unknownItem is re-uploaded; a
        // fetched deletion deletes the local copy first.
        case .arrivalOrder: learns == .bySaveFailing
        }
        #expect(Self.editWon(harness, annID) == expected, "\(policy), \(learns)")
        // A fetched deletion meets the pending edit: a conflict. A save
        // answered unknownItem is one only when the device gives up its
        // edit (deleteWins); a re-upload is not.
        let conflicts = learns == .byFetch || policy == .deleteWins ? 1 : 0
        #expect(harness.engine.conflicts == conflicts, "\(policy), \(learns)")
        #expect(harness.engine.devices[1].pendingCount == 0)
    }
}
