@testable import SyncSimulation
import SyncModel
import SyncStore
import Testing

/// A link that reaches a device before its target is held, and resolves
/// when the target arrives (CloudKit promises no order across records;
/// Apple asks for inverses "in case the records synchronize out of order").
struct PendingLinkTests {
    /// r1 creates a tag and a post and tags the post. Under `crdt` the
    /// record names come from the keys, and the post's sorts first, so with
    /// one record per save (`batch: 1`) the post reaches the zone, and r2,
    /// a round before its tag: r2 holds one pending link, which resolves.
    /// The peer engine applies change sets in causal order: never pending.
    @Test(arguments: ["peer", "cloudkit"])
    func aLinkArrivingBeforeItsTargetIsHeldThenResolves(engine: String) throws {
        let run = try RelationshipRun("""
        { name: "x", replicas: 2, cloudkit: { batch: 1 }, \(blogSchema()), steps: [
          { at: "10ms", on: "r1", create: { entity: "Tag", fields: { name: "travel", colour: "red" } } },
          { at: "10ms", on: "r1", create: { entity: "Post", fields: { title: "Lisbon" } } },
          { at: "20ms", on: "r1", link: { entity: "Tag", key: { name: "travel" }, relation: "posts", to: { title: "Lisbon" } } },
        ] }
        """.replacingOccurrences(of: "cloudkit: { batch: 1 },", with: engine == "cloudkit" ? "cloudkit: { batch: 1 }," : ""),
                                     strategy: "crdt", engine: engine)
        #expect(run.result.quiesced && run.result.diverged == 0 && run.result.dangling == 0 && run.result.links == 1)
        #expect(run.result.pendingLinksPeak == (engine == "cloudkit" ? 1 : 0))
        #expect(run.inverse("Tag", "travel", "posts", on: 1) == ["Lisbon"])
    }

    /// At the end, a target that never arrived counts as dangling; once it
    /// arrives the link counts as a link.
    @Test func aTargetThatNeverArrivesDangles() throws {
        let schema = Fixtures.schema
        var store: any Store = MemoryStore(schema: schema, enforcesUniqueness: false)
        let product = Fixtures.product
        let tags = Fixtures.tags
        let postID = RecordID(high: 1, low: 1), tagID = RecordID(high: 2, low: 2)
        let stamp = Timestamp(wallMicros: 1, counter: 0, replica: ReplicaID(0))
        var post = Record(id: postID, entity: product, schema: schema)
        post.markCreated(stamp)
        post.relations[tags].add(tagID, tag: stamp)
        try store.commit(Transaction([.merge(post)]))
        #expect(FinalCheck.links(stores: [store], schema: schema) == (dangling: 1, links: 0))
        var tag = Record(id: tagID, entity: Fixtures.tag, schema: schema)
        tag.markCreated(stamp)
        try store.commit(Transaction([.merge(tag)]))
        #expect(FinalCheck.links(stores: [store], schema: schema) == (dangling: 0, links: 1))
    }
}
