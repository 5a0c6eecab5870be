@testable import SyncSimulation
import SyncModel
import Testing

/// A shipped app adds a unique constraint (the workflows issue; seeds 002
/// and 004): v1 declares no key, v2 declares `Tag.name` unique. Every
/// device imports the same 3 tags under v1, so after sync each holds 9
/// records of 3 keys (6 duplicates); at 2 s r1 upgrades to v2.
struct UpgradeWorkflowTests {
    typealias T = ScenarioFileTesting

    static func scenario(migration: String, extraSteps: String = "") -> String {
        """
        { name: "x", replicas: 3, until: "20s",
          versions: {
            v1: { schema: { entities: [ { name: "Tag", fields: ["name", "colour"] } ] } },
            v2: { schema: { entities: [ { name: "Tag", fields: ["name", "colour"], unique: [["name"]] } ] }, migration: "\(migration)" },
          },
          steps: [
            { at: "10ms", on: "all", import: { entity: "Tag", count: 3, values: { name: "tag{n}" } } },
            \(extraSteps)
            { at: "2s", on: "r1", upgrade: "v2" },
          ] }
        """
    }

    /// Core Data's lightweight migration cannot add the constraint over
    /// the duplicates: r1's store does not open, and stays as v1 left it.
    @Test(arguments: ["peer", "cloudkit"])
    func lightweightMigrationOverDuplicatesLeavesTheStoreClosed(engine: String) throws {
        let run = try RelationshipRun(Self.scenario(migration: "lightweight"), strategy: "unique:error", engine: engine)
        #expect(run.result.storeOpenFailures == 1 && run.result.lostOnReset == 0, "\(engine)")
        #expect(run.result.duplicates.final == 6, "\(engine)")
        #expect(run.simulation.devices[ReplicaID(0)].isDown && !run.simulation.devices[ReplicaID(1)].isDown && !run.simulation.devices[ReplicaID(2)].isDown, "\(engine)")
        #expect(!run.simulation.nodes[0].store.enforcesUniqueness && run.simulation.nodes[0].store.allRecords().count == 9, "\(engine)")
    }

    /// Until the fix ships: v2's lightweight migration fails on r1 and r2,
    /// which stay down; at 4 s v3 (the same model, migrated with a dedupe
    /// stage) opens both stores, and no duplicate is left anywhere.
    @Test(arguments: ["peer", "cloudkit"])
    func aLaterVersionThatDedupesFirstOpensTheStoresTheLightweightOneCouldNot(engine: String) throws {
        let v3 = #"v3: { schema: { entities: [ { name: "Tag", fields: ["name", "colour"], unique: [["name"]] } ] }, migration: "dedupeFirst" },"#
        let text = Self.scenario(migration: "lightweight", extraSteps: #"{ at: "2s", on: "r2", upgrade: "v2" },"#)
            .replacingOccurrences(of: "  },\n  steps", with: "  \(v3)\n  },\n  steps")
            .replacingOccurrences(of: #"{ at: "2s", on: "r1", upgrade: "v2" },"#,
                                  with: #"{ at: "2s", on: "r1", upgrade: "v2" }, { at: "4s", on: ["r1", "r2"], upgrade: "v3" },"#)
        let before = try RelationshipRun(text.replacingOccurrences(of: #"until: "20s""#, with: #"until: "3s""#)
                                            .replacingOccurrences(of: #"{ at: "4s", on: ["r1", "r2"], upgrade: "v3" },"#, with: ""),
                                         strategy: "unique:error", engine: engine)
        #expect(before.result.storeOpenFailures == 2, "\(engine)")
        let run = try RelationshipRun(text, strategy: "unique:error", engine: engine)
        #expect(run.result.storeOpenFailures == 0 && run.result.duplicates.final == 0 && run.result.quiesced, "\(engine)")
        #expect(!run.simulation.devices[ReplicaID(0)].isDown && !run.simulation.devices[ReplicaID(1)].isDown && run.simulation.nodes[1].store.enforcesUniqueness, "\(engine)")
    }

    /// A custom stage dedupes first (seed 004): r1 deletes 6 losers, the
    /// deletes sync to the v1 devices, and every store opens with no
    /// duplicate left.
    @Test(arguments: ["peer", "cloudkit"])
    func dedupeFirstOpensEveryStoreWithNoDuplicates(engine: String) throws {
        let run = try RelationshipRun(Self.scenario(migration: "dedupeFirst"), strategy: "unique:error", engine: engine)
        #expect(run.result.quiesced && run.result.storeOpenFailures == 0 && run.result.duplicates.final == 0, "\(engine)")
        #expect(run.result.diverged == 0 && run.result.lostWrites.records == 0, "\(engine)")
        #expect(run.simulation.nodes[0].store.enforcesUniqueness && !run.simulation.nodes[1].store.enforcesUniqueness, "\(engine)")
        for device in 0 ..< 3 { #expect(run.live("Tag", on: device).count == 3, "\(engine) r\(device + 1)") }
    }

    /// When the migration fails the app deletes the store and rebuilds it
    /// from sync. A tag r1 created just before the update never left it:
    /// 1 record lost on reset.
    @Test(arguments: ["peer", "cloudkit"])
    func resetRebuildsFromSyncAndCountsWhatHadNotSynced(engine: String) throws {
        let unsynced = #"{ at: "2s", on: "r1", create: { entity: "Tag", fields: { name: "new" } } },"#
        let run = try RelationshipRun(Self.scenario(migration: "reset", extraSteps: unsynced), strategy: "unique:error", engine: engine)
        #expect(run.result.storeOpenFailures == 0 && run.result.lostOnReset == 1, "\(engine)")
        #expect(run.simulation.nodes[0].store.enforcesUniqueness && run.live("Tag", on: 0)["new"] == nil, "\(engine)")
        // Rebuilt under the constraint: one record of each key.
        #expect(run.simulation.nodes[0].store.duplicateCount == 0 && run.live("Tag", on: 0).count == 3, "\(engine)")
    }

    /// Strategies without a store constraint cannot fail to migrate. The
    /// dedupe pass ships with v2, so r1 removes the duplicates for all;
    /// `lww` has no dedupe code in either version; `crdt` derives ids only
    /// for records a version with the key created, so v1's stay apart.
    @Test(arguments: ["peer", "cloudkit"])
    func strategiesWithoutAConstraintMigrateAndKeepWhatTheyHad(engine: String) throws {
        let text = Self.scenario(migration: "lightweight")
        let apple = try RelationshipRun(text, strategy: "dedupe:apple", engine: engine)
        #expect(apple.result.storeOpenFailures == 0 && apple.result.duplicates.final == 0 && apple.result.duplicates.peak == 6, "\(engine)")
        let lww = try RelationshipRun(text, strategy: "lww", engine: engine)
        #expect(lww.result.storeOpenFailures == 0 && lww.result.duplicates.final == 6, "\(engine)")
        let crdt = try RelationshipRun(text, strategy: "crdt", engine: engine)
        #expect(crdt.result.storeOpenFailures == 0 && crdt.result.duplicates.final == 6, "\(engine)")
    }

    /// Without versions nothing changes: every device declares the keys.
    @Test func devicesStartOnTheVersionsTheyAreGiven() throws {
        let text = Self.scenario(migration: "lightweight").replacingOccurrences(of: "until: \"20s\",", with: "until: \"20s\", appVersion: { r3: \"v2\" },")
        let document = try T.parse(text)
        #expect(document.scenario.startingVersions == [0, 0, 1])
        #expect(document.scenario.versions.map(\.declaresUniqueKeys) == [false, true])
        #expect(document.scenario.schema.allUniqueKeys.count == 1)
    }

    @Test func errorsNameTheirPlace() {
        let v1 = #"v1: { schema: { entities: [ { name: "Tag", fields: ["name"] } ] } }"#
        let v2 = #"v2: { schema: { entities: [ { name: "Tag", fields: ["name"], unique: [["name"]] } ] } }"#
        T.expectFailure(#"{ name: "x", versions: { \#(v1), \#(v2) }, schema: { entities: [ { name: "Tag", fields: ["name"] } ] } }"#,
                        "t.json5: schema: with 'versions', each version has its schema: drop the top-level 'schema'")
        T.expectFailure(#"{ name: "x", versions: { \#(v1) } }"#,
                        "t.json5: versions: expected at least two versions, such as { v1: { schema: … }, v2: { schema: … } }")
        T.expectFailure(#"{ name: "x", versions: { \#(v1), v2: { schema: { entities: [ { name: "Tag", fields: ["name"] } ] } } } }"#,
                        "t.json5: versions.v2: the last version declares no unique key: there would be nothing to count duplicates by")
        T.expectFailure(#"{ name: "x", versions: { v1: { schema: { entities: [ { name: "Tag", fields: ["name", "x"] } ] } }, \#(v2) } }"#,
                        "t.json5: versions.v1.schema: versions may differ only in their unique keys; v1 has other entities, fields or relations than v2")
        T.expectFailure(#"{ name: "x", versions: { v1: { schema: { entities: [ { name: "Tag", fields: ["name"] } ] }, migration: "reset" }, \#(v2) } }"#,
                        "t.json5: versions.v1.migration: the first version is installed, not migrated to: 'migration' goes on later versions")
        T.expectFailure(#"{ name: "x", versions: { \#(v1), v2: { schema: { entities: [ { name: "Tag", fields: ["name"], unique: [["name"]] } ] }, migration: "magic" } } }"#,
                        #"t.json5: versions.v2.migration: expected one of "lightweight", "reset", "dedupeFirst", found "magic""#)
        T.expectFailure(#"{ name: "x", versions: { \#(v1), \#(v2) }, appVersion: { r1: "v3" } }"#,
                        "t.json5: appVersion.r1: unknown version 'v3'; versions: v1, v2")
        T.expectFailure(#"{ name: "x", appVersion: { r1: "v1" } }"#, "t.json5: appVersion: 'appVersion' needs 'versions'")
        T.expectFailure(#"{ name: "x", steps: [ { at: "1s", on: "r1", upgrade: "v2" } ] }"#, "t.json5: steps[0].upgrade: 'upgrade' needs 'versions'")
        T.expectFailure(#"{ name: "x", versions: { \#(v1), \#(v2) }, appVersion: { r1: "v2" }, steps: [ { at: "1s", on: "r1", upgrade: "v2" } ] }"#,
                        "t.json5: steps[0]: r1 runs v2 by then: an upgrade goes to a later version")
    }
}
