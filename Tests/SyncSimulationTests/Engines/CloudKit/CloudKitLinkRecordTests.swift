import Foundation
import SyncModel
@testable import SyncSimulation
import Testing

/// Links are writes (issue 42, item 3): NSPersistentCloudKitContainer keeps
/// each many-to-many link as a `CDMR` record of its own (observed in
/// OpenCloudData, docs/sources/stack-code.md N13), and every stack counts a
/// link its user made and no device keeps as a lost write
/// (`lostWritesDetail.links`).
struct CloudKitLinkRecordTests {
    /// Scenarios/many-to-many-links.json5: r1 makes a post and two tags,
    /// both devices sync; with the server out of reach r1 adds the post to
    /// "swift" at 3.0 s and r2 to "ios" at 3.4 s; r1 reconnects at 5 s, r2
    /// at 8 s.
    static func text(preset: String, cloudkit: String = "") -> String {
        """
        {
          name: "links", replicas: 2, preset: "\(preset)", \(cloudkit)
          network: { delay: ["1ms", "1ms"] }, until: "30s",
          schema: { entities: [
            { name: "Post", fields: ["title"], unique: [["title"]], relations: { tags: { to: "Tag", inverse: "posts" } } },
            { name: "Tag", fields: ["name"], unique: [["name"]] },
          ] },
          steps: [
            { at: "0s", on: "r1", create: { entity: "Post", fields: { title: "p" } } },
            { at: "10ms", on: "r1", create: { entity: "Tag", fields: { name: "swift" } } },
            { at: "20ms", on: "r1", create: { entity: "Tag", fields: { name: "ios" } } },
            { at: "2s", partition: [["server"]] },
            { at: "3s", on: "r1", link: { entity: "Post", key: { title: "p" }, relation: "tags", to: { name: "swift" } } },
            { at: "3400ms", on: "r2", link: { entity: "Post", key: { title: "p" }, relation: "tags", to: { name: "ios" } } },
            { at: "5s", partition: [["r2"]] },
            { at: "8s", heal: true },
          ],
        }
        """
    }

    static func tags(_ run: RelationshipRun) -> [[String]] {
        (0 ..< run.simulation.nodes.count).map { run.targets("Post", "p", "tags", on: $0) }
    }

    /// Both links survive on every device, whichever of import and export
    /// runs first: each is a link record the server applies on its own.
    @Test(arguments: ["importFirst", "exportFirst"])
    func nspckcKeepsBothDevicesLinks(order: String) throws {
        let run = try RelationshipRun(Self.text(preset: "nspckc", cloudkit: #"cloudkit: { syncOrder: "\#(order)" },"#),
                                      strategy: "lww", engine: nil)
        #expect(Self.tags(run) == [["ios", "swift"], ["ios", "swift"]])
        let post = try #require(CloudKitEngineFixtures.engine(run.simulation).server.liveRecords.first { $0.payload.entity == run.schema.entityIndex("Post") })
        #expect(post.payload.relations[0].elements.count == 2)
        #expect(run.result.lostWrites.total == 0)
        #expect(run.result.lostWrites.links == 0)
        #expect(run.result.links == 2)
        #expect(run.result.diverged == 0)
        #expect(run.result.quiesced)
    }

    /// The same devices with the links kept on the post (the rule off): the
    /// later exporter's or the importer's copy of the whole set wins, and a
    /// link is lost and counted. What the nspckc test above would see
    /// without link records.
    @Test(arguments: ["importFirst", "exportFirst"])
    func withoutLinkRecordsNspckcLosesALinkAndCountsIt(order: String) throws {
        let settings = #"cloudkit: { syncOrder: "\#(order)", manyToManyLinks: "onRecord" },"#
        let run = try RelationshipRun(Self.text(preset: "nspckc", cloudkit: settings), strategy: "lww", engine: nil)
        #expect(Self.tags(run).allSatisfy { $0.count == 1 })
        #expect(run.result.lostWrites.links == 1)
        #expect(run.result.lostWrites.total == 1)
    }

    /// Apple's CKSyncEngine sample keeps the links on the post and merges
    /// whole records by device date: r2's later copy (the "ios" link) wins,
    /// as before; now r1's "swift" link is a lost write.
    @Test func cksyncengineKeepsOneLinkAndCountsTheOther() throws {
        let run = try RelationshipRun(Self.text(preset: "cksyncengine"), strategy: "lww", engine: nil)
        #expect(Self.tags(run) == [["ios"], ["ios"]])
        #expect(run.result.lostWrites.total == 1)
        #expect(run.result.lostWrites.links == 1)
        #expect(Metric.lostLinks.value(in: run.result) == 1)
        #expect(run.result.diverged == 0)
    }

    // MARK: The server's rule for one link: the later arrival

    static let schema = Schema(entities: [
        EntitySchema(name: "Post", fields: ["title"], uniqueKeys: [["title"]],
                     relations: [.init(name: "tags", target: "Tag", inverse: .init(name: "posts"))]),
        EntitySchema(name: "Tag", fields: ["name"], uniqueKeys: [["name"]]),
    ])
    static let tag = rid(50)

    /// A post named `rid(1)` holding a link to ``tag`` added at `stamp`.
    static func linkedPost(stamp: Timestamp) -> Record {
        var post = Record(id: rid(1), entity: EntityIndex(0), schema: schema)
        post.markCreated(ts(1_000))
        post.set(0, to: .string("p"), stamp: ts(1_000))
        post.relations[0].add(tag, tag: stamp)
        return post
    }

    /// The server holds the post linked to the tag (r1's add, tag t1);
    /// r2 saw it and removes the link; r1 meanwhile links again (as Core
    /// Data would after its user unlinked and linked again: a new add).
    /// Whichever arrives last decides, whatever the other saw.
    @Test(arguments: [(removalFirst: true, linked: true), (removalFirst: false, linked: false)])
    func aRemovalAndAnAddOfOneLinkResolveByArrival(removalFirst: Bool, linked: Bool) throws {
        var server = CloudKitServer()
        let first = Self.linkedPost(stamp: ts(2_000, 0, 0))
        let base = try server.save(CloudKitRecordSave(record: first, baseChangeTag: nil), atMicros: 10).get()

        var unlinked = first
        unlinked.relations[0].remove(tags: unlinked.relations[0].liveTags(of: Self.tag))
        let removal = CloudKitRecordSave(record: unlinked, baseChangeTag: base.changeTag, changedKeys: .none,
                                         linkChanges: [CloudKitLinkChange(relation: 0, added: [], removed: [Self.tag])])
        var relinked = unlinked
        relinked.relations[0].add(Self.tag, tag: ts(3_000, 0, 0))
        let add = CloudKitRecordSave(record: relinked, baseChangeTag: base.changeTag, changedKeys: .none,
                                     linkChanges: [CloudKitLinkChange(relation: 0, added: [Self.tag], removed: [])])

        for save in removalFirst ? [removal, add] : [add, removal] {
            _ = try server.save(save, policy: .changedKeys, atMicros: 20).get()
        }
        let held = try #require(server.record(named: rid(1)))
        #expect(held.payload.relations[0].elements == (linked ? [Self.tag] : []))
    }

    /// The device's save carries the links it added and removed since its
    /// last known server record, and not the relationship as a key.
    @Test func aSaveCarriesLinksNotTheSet() throws {
        let base = CloudKitServerRecord(payload: Self.linkedPost(stamp: ts(2_000)), changeTag: CloudKitChangeTag(rawValue: 1),
                                        creationMicros: 0, modificationMicros: 0)
        var local = base.payload
        local.relations[0].remove(tags: local.relations[0].liveTags(of: Self.tag))
        local.relations[0].add(rid(51), tag: ts(3_000))
        let save = CloudKitLinkRecords.save(local, base: base, changedKeys: .present(in: local), links: .linkRecords, schema: Self.schema)
        #expect(save.changedKeys.relations.isEmpty)
        #expect(save.linkChanges == [CloudKitLinkChange(relation: 0, added: [rid(51)], removed: [Self.tag])])
        let onRecord = CloudKitLinkRecords.save(local, base: base, changedKeys: .present(in: local), links: .onRecord, schema: Self.schema)
        #expect(onRecord.changedKeys.relations == [0] && onRecord.linkChanges.isEmpty)
    }

    // MARK: Every engine counts a lost link

    /// The peer engine under `lww`: both devices create the post offline
    /// (no fetch first, so two records of one key) and each adds its copy
    /// to a different tag. A fetch by key returns one copy everywhere, with
    /// one link: the other device's link is on a duplicate the app never
    /// reads, a lost write.
    @Test func peerLWWLosesALinkOnADuplicateAndCountsIt() throws {
        let text = """
            {
              name: "peer-links", replicas: 2, until: "10s", network: { delay: ["1ms", "1ms"] },
              schema: { entities: [
                { name: "Post", fields: ["title"], unique: [["title"]], relations: { tags: { to: "Tag", inverse: "posts" } } },
                { name: "Tag", fields: ["name"], unique: [["name"]] },
              ] },
              steps: [
                { at: "0s", on: "r1", create: { entity: "Tag", fields: { name: "swift" } } },
                { at: "10ms", on: "r1", create: { entity: "Tag", fields: { name: "ios" } } },
                { at: "1s", partition: "each" },
                { at: "2s", on: "all", create: { entity: "Post", fields: { title: "p" } } },
                { at: "3s", on: "r1", link: { entity: "Post", key: { title: "p" }, relation: "tags", to: { name: "swift" } } },
                { at: "3400ms", on: "r2", link: { entity: "Post", key: { title: "p" }, relation: "tags", to: { name: "ios" } } },
                { at: "5s", heal: true },
              ],
            }
            """
        let run = try RelationshipRun(text, strategy: "lww", engine: "peer")
        #expect(run.result.duplicates.final == 1)
        #expect(run.result.lostWrites.links == 1)
        #expect(run.result.lostWrites.total == 1)
        // dedupe moves the loser's links to the winner: nothing lost.
        let deduped = try RelationshipRun(text, strategy: "dedupe", engine: "peer")
        #expect(deduped.result.lostWrites.links == 0)
    }
}
