import SyncModel
import SyncStore
import Testing
@testable import SyncSimulation

/// The delete rules applied after an import read only the records the
/// imports since the last pass touched and the records linking to them
/// (issue 31), driven here by hand on two nodes so that each pass sees
/// exactly one import. Debug builds check every pass against a read of
/// every record, so a pass that misses a record stops the test.
@Suite struct DeleteRulesOnImportTests {
    /// Posts with a to-one `tag` whose inverse nullifies: deleting a tag
    /// clears the posts that hold it.
    static let schema = Schema(entities: [
        EntitySchema(name: "Post", fields: ["title"], uniqueKeys: [["title"]],
                     relations: [.init(name: "tag", target: "Tag", toMany: false, inverse: .init(name: "posts", deleteRule: .nullify))]),
        EntitySchema(name: "Tag", fields: ["name"], uniqueKeys: [["name"]]),
    ])
    static let post = EntityIndex(0)
    static let tag = EntityIndex(1)

    static func node(_ index: Int) -> ReplicaNode {
        ReplicaNode(id: ReplicaID(index), strategy: namedStrategy("lww"), store: MemoryStore(schema: schema, enforcesUniqueness: false),
                    clock: PhysicalClock(), seed: UInt64(index + 1))
    }

    static func key(_ entity: EntityIndex, _ value: String) -> NaturalKey {
        NaturalKey(uniqueKey: UniqueKeyID(entity: entity, key: 0), values: [.string(value)])
    }

    static func row(_ entity: EntityIndex, _ value: String) -> Row {
        Row(entity: entity, writes: [FieldWrite(field: 0, value: .string(value))])
    }

    /// Runs `intent` on `node` and wraps what it saved as the next change set of `origin`.
    static func save(_ intent: Intent, on node: inout ReplicaNode, seq: inout UInt32, atMicros now: Int64) throws -> ChangeSet {
        guard case .saved(let changes) = node.perform(intent, atMicros: now) else { throw SaveRefused() }
        seq += 1
        return ChangeSet(origin: node.id, seq: seq, dependencies: VersionVector(replicaCount: 2), changes: changes, committedAtMicros: now)
    }

    struct SaveRefused: Error {}

    /// r2 links its post to the tag, then runs the rules on an import that
    /// does not touch the post; when r1's delete of the tag arrives, that
    /// import touches only the tag, and the post is found through the
    /// index of owners and nullified.
    @Test func aLinkNotTouchedSinceTheLastPassIsFoundThroughItsTarget() throws {
        var r1 = Self.node(0)
        var r2 = Self.node(1)
        var seq: UInt32 = 0
        let tag = try Self.save(.save([Self.row(Self.tag, "t")]), on: &r1, seq: &seq, atMicros: 1_000)
        let post = try Self.save(.save([Self.row(Self.post, "p")]), on: &r1, seq: &seq, atMicros: 2_000)
        for changeSet in [tag, post] { #expect(r2.applyRemote(changeSet, atMicros: 3_000).appliedMissed == 0) }
        // The first pass reads every record, and starts the list of touched records.
        #expect(r2.applyDeleteRulesAfterImport(atMicros: 3_000).isEmpty)

        guard case .saved = r2.perform(.link(key: Self.key(Self.post, "p"), relation: 0, target: Self.key(Self.tag, "t")), atMicros: 4_000) else {
            Issue.record("the link was refused")
            return
        }
        let other = try Self.save(.save([Self.row(Self.tag, "u")]), on: &r1, seq: &seq, atMicros: 5_000)
        #expect(r2.applyRemote(other, atMicros: 6_000).appliedMissed == 0)
        // The tag is live: nothing to do; the list starts over.
        #expect(r2.applyDeleteRulesAfterImport(atMicros: 6_000).isEmpty)

        let delete = try Self.save(.delete(key: Self.key(Self.tag, "t")), on: &r1, seq: &seq, atMicros: 7_000)
        #expect(delete.changes.count == 1, "r1 has not seen the link, so its delete nullifies nothing")
        #expect(r2.applyRemote(delete, atMicros: 8_000).appliedMissed == 0)
        let nullified = r2.applyDeleteRulesAfterImport(atMicros: 8_000)
        let postID = try #require(r2.store.liveRecordIDs(holding: Self.key(Self.post, "p")).first)
        #expect(nullified.map(\.id) == [postID])
        #expect(r2.store.record(postID)?.relations[0].elements == [])
    }
}
