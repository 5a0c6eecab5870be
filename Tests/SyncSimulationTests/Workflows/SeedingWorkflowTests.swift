@testable import SyncSimulation
import SyncModel
import Testing

/// First-launch seeding and reinstalling (the workflows issue): every
/// device inserts the same default records when its store holds none of
/// them, before its first import has brought the others' copies.
struct SeedingWorkflowTests {
    typealias T = ScenarioFileTesting

    static func scenario(_ extraSteps: String = "") -> String {
        """
        { name: "x", replicas: 3,
          schema: { entities: [ { name: "Category", fields: ["name", "colour"], unique: [["name"]] } ] },
          steps: [
            { at: "10ms", on: "all", seedIfEmpty: { entity: "Category", count: 5, values: { name: "category{n}" } } },
            \(extraSteps)
          ] }
        """
    }

    /// Three devices each seed 5 categories at first launch, 10 ms in,
    /// before their first sync round (every 100 ms): 15 records of 5 keys.
    @Test(arguments: ["peer", "cloudkit"])
    func threeDevicesSeedingAtFirstLaunch(engine: String) throws {
        let lww = try RelationshipRun(Self.scenario(), strategy: "lww", engine: engine)
        #expect(lww.result.quiesced && lww.result.duplicates.final == 10 && lww.result.diverged == 0, "\(engine)")
        let crdt = try RelationshipRun(Self.scenario(), strategy: "crdt", engine: engine)
        #expect(crdt.result.quiesced && crdt.result.duplicates.peak == 0 && crdt.result.diverged == 0, "\(engine)")
        let apple = try RelationshipRun(Self.scenario(), strategy: "dedupe:apple", engine: engine)
        #expect(apple.result.quiesced && apple.result.duplicates.final == 0 && apple.result.duplicates.peak >= 5, "\(engine)")
        for run in [lww, crdt, apple] {
            for device in 0 ..< run.deviceCount {
                #expect(Set(run.live("Category", on: device).keys) == Set((1 ... 5).map { "category\($0)" }), "\(engine) r\(device + 1)")
            }
        }
    }

    /// After everything synced, r3 reinstalls the app and seeds again at
    /// once: 5 more records under `lww` (15 duplicates), none under
    /// `crdt`, whose ids come from the keys. r1, whose store has the
    /// categories, seeds nothing.
    @Test(arguments: ["peer", "cloudkit"])
    func reinstallAndReseed(engine: String) throws {
        let steps = """
        { at: "2s", on: "r3", reinstall: true },
        { at: "2s", on: "r3", seedIfEmpty: { entity: "Category", count: 5, values: { name: "category{n}" } } },
        { at: "2s", on: "r1", seedIfEmpty: { entity: "Category", count: 5, values: { name: "category{n}" } } },
        """
        let lww = try RelationshipRun(Self.scenario(steps), strategy: "lww", engine: engine)
        #expect(lww.result.quiesced && lww.result.duplicates.final == 15 && lww.result.diverged == 0, "\(engine)")
        let crdt = try RelationshipRun(Self.scenario(steps), strategy: "crdt", engine: engine)
        #expect(crdt.result.quiesced && crdt.result.duplicates.peak == 0 && crdt.result.diverged == 0, "\(engine)")
        #expect(crdt.simulation.nodes[2].store.allRecords().count { $0.isLive } == 5)
    }

    @Test func stepsParseAndErrorsNameTheirPlace() throws {
        let document = try T.parse(Self.scenario(#"{ at: "2s", on: "r2", reinstall: true },"#))
        let actions = document.scenario.drawingWorkload(seed: document.seed).steps.map(\.action)
        #expect(actions.contains(.crash(ReplicaID(1), wipe: true)) && actions.contains(.restart(ReplicaID(1))))
        guard case .seedIfEmpty(_, let entity, let rows)? = actions.first else { Issue.record("no seeding step"); return }
        #expect(entity == EntityIndex(0) && rows.count == 5)
        T.expectFailure(Self.scenario(#"{ at: "2s", on: "r2", reinstall: false },"#), "t.json5: steps[1].reinstall: expected true, found false")
        T.expectFailure(Self.scenario(#"{ at: "2s", reinstall: true },"#),
                        #"t.json5: steps[1]: 'reinstall' needs 'on': "all", a replica name or a list of names"#)
        T.expectFailure(Self.scenario(#"{ at: "2s", on: "r2", writers: 2, seedIfEmpty: { entity: "Category", count: 1 } },"#),
                        "t.json5: steps[1].writers: 'writers' goes with import, create, update, delete and link, not with 'seedIfEmpty'")
        T.expectFailure(Self.scenario(#"{ at: "2s", crash: "r2" }, { at: "2s", on: "r2", reinstall: true },"#),
                        "t.json5: steps[2]: crash of 'r2', which is already down at 2s")
    }
}
