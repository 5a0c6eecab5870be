@testable import SyncSimulation
import SyncModel
import Testing

/// A device used with sync off turns it on (the workflows issue): what it
/// saved meanwhile is uploaded and meets what the others already synced.
struct EnableSyncWorkflowTests {
    typealias T = ScenarioFileTesting

    /// r1 and r3 each import the same 5 categories at 10 ms (grey on r1,
    /// red on r3); r3 has sync off, so r1's copies reach r2 and r3's stay
    /// home.
    static func scenario(_ extraSteps: String = "") -> String {
        """
        { name: "x", replicas: 3, syncOff: ["r3"],
          schema: { entities: [ { name: "Category", fields: ["name", "colour"], unique: [["name"]] } ] },
          steps: [
            { at: "10ms", on: "r1", import: { entity: "Category", count: 5, values: { name: "category{n}", colour: ["grey"] } } },
            { at: "10ms", on: "r3", import: { entity: "Category", count: 5, values: { name: "category{n}", colour: ["red"] } } },
            \(extraSteps)
          ] }
        """
    }

    /// With sync never turned on, r3 neither sends nor receives: it holds
    /// only its own 5 records, r1 and r2 only r1's. The run still quiesces
    /// (r3 chose not to sync, so nothing is owed), and r3 is the one
    /// diverged device.
    @Test(arguments: ["peer", "cloudkit"])
    func aDeviceWithSyncOffNeitherSendsNorReceives(engine: String) throws {
        let run = try RelationshipRun(Self.scenario(), strategy: "lww", engine: engine)
        #expect(run.result.quiesced && run.result.diverged == 1, "\(engine)")
        let r1 = Set(run.live("Category", on: 0).values.map(\.id))
        let r2 = Set(run.live("Category", on: 1).values.map(\.id))
        let r3 = Set(run.live("Category", on: 2).values.map(\.id))
        #expect(r1.count == 5 && r1 == r2 && r3.count == 5 && r1.isDisjoint(with: r3), "\(engine)")
        #expect(run.simulation.nodes[0].store.allRecords().count == 5 && run.simulation.nodes[2].store.allRecords().count == 5)
    }

    /// At 2 s r3 turns sync on: its 5 records meet r1's 5 of the same keys.
    /// `lww` keeps both copies of each: 5 duplicates on every device;
    /// the dedupe pass removes them; key-derived ids make one record of
    /// each key from the start.
    @Test(arguments: ["peer", "cloudkit"])
    func turningSyncOnUploadsWhatTheDeviceSavedMeanwhile(engine: String) throws {
        let text = Self.scenario(#"{ at: "2s", on: "r3", enableSync: true },"#)
        let lww = try RelationshipRun(text, strategy: "lww", engine: engine)
        #expect(lww.result.quiesced && lww.result.diverged == 0 && lww.result.duplicates.final == 5, "\(engine)")
        for device in 0 ..< 3 { #expect(lww.simulation.nodes[device].store.allRecords().count { $0.isLive } == 10, "\(engine)") }
        let apple = try RelationshipRun(text, strategy: "dedupe:apple", engine: engine)
        #expect(apple.result.quiesced && apple.result.diverged == 0 && apple.result.duplicates.final == 0, "\(engine)")
        #expect(apple.result.duplicates.peak >= 5 && apple.result.lostWrites.records == 0, "\(engine)")
        let crdt = try RelationshipRun(text, strategy: "crdt", engine: engine)
        #expect(crdt.result.quiesced && crdt.result.diverged == 0 && crdt.result.duplicates.peak == 0, "\(engine)")
    }

    /// With `syncOffSaves: "neverUploaded"` (the 2019 observation of
    /// NSPersistentCloudKitContainer on an existing store) r3's saves stay
    /// home: r1's 5 categories reach r3, which now holds 5 duplicates, and
    /// r1 and r2 never see r3's copies.
    @Test(arguments: ["peer", "cloudkit"])
    func savesMadeWithSyncOffCanStayHome(engine: String) throws {
        let text = Self.scenario(#"{ at: "2s", on: "r3", enableSync: true },"#)
            .replacingOccurrences(of: #"syncOff: ["r3"],"#, with: #"syncOff: ["r3"], syncOffSaves: "neverUploaded","#)
        let run = try RelationshipRun(text, strategy: "lww", engine: engine)
        #expect(run.result.quiesced && run.result.duplicates.final == 5 && run.result.diverged == 1, "\(engine)")
        #expect(run.simulation.nodes[0].store.allRecords().count == 5 && run.simulation.nodes[2].store.allRecords().count == 10, "\(engine)")
    }

    @Test func errorsNameTheirPlace() {
        T.expectFailure(Self.scenario(#"{ at: "2s", on: "r1", enableSync: true },"#),
                            "t.json5: steps[2].on: 'r1' syncs from the start: enableSync names devices listed in 'syncOff' (r3)")
        T.expectFailure(#"{ name: "x", replicas: 2, syncOff: ["r3"] }"#, "t.json5: syncOff[0]: unknown replica 'r3'; replicas: r1, r2")
        T.expectFailure(#"{ name: "x", replicas: 2, syncOff: ["r1", "r1"] }"#, "t.json5: syncOff[1]: 'r1' is listed twice")
        T.expectFailure(#"{ name: "x", replicas: 2, engine: "cloudkit", syncOff: ["server"] }"#, "t.json5: syncOff[0]: 'server' is the cloudkit engine's server, not a device: it runs no app, so intents, writers, crashes and restarts go on devices (r1, r2)")
        T.expectFailure(Self.scenario(#"{ at: "2s", on: "r3", enableSync: false },"#), "t.json5: steps[2].enableSync: expected true, found false")
    }
}
