@testable import SyncSimulation
import SyncModel
import Testing

/// A to-one relationship shows one target: a link replaces it, and of two
/// links made concurrently on different devices the later one shows on
/// every device. The inverse (`Tag.posts`) is derived from it, so the two
/// directions always agree.
struct ToOneRelationshipTests {
    static let engines = ["peer", "cloudkit"]
    static let strategies = ["lww", "dedupe", "crdt"]

    static let creates = """
    { at: "10ms", on: "r1", create: { entity: "Tag", fields: { name: "a", colour: "red" } } },
    { at: "10ms", on: "r1", create: { entity: "Tag", fields: { name: "b", colour: "blue" } } },
    { at: "10ms", on: "r1", create: { entity: "Post", fields: { title: "p" } } },
    """

    @Test(arguments: engines, strategies)
    func aLinkReplacesTheTarget(engine: String, strategy: String) throws {
        let run = try RelationshipRun("""
        { name: "x", \(blogSchema()), steps: [ \(Self.creates)
          { at: "20ms", on: "r1", link: { entity: "Post", key: { title: "p" }, relation: "tag", to: { name: "a" } } },
          { at: "30ms", on: "r1", link: { entity: "Tag", key: { name: "b" }, relation: "posts", to: { title: "p" } } },
        ] }
        """, strategy: strategy, engine: engine)
        #expect(run.result.quiesced && run.result.diverged == 0 && run.result.links == 1 && run.result.dangling == 0)
        for device in 0 ..< run.deviceCount {
            #expect(run.targets("Post", "p", "tag", on: device) == ["b"], "\(engine) \(strategy) r\(device + 1)")
            #expect(run.inverse("Tag", "a", "posts", on: device) == [], "\(engine) \(strategy) r\(device + 1)")
            #expect(run.inverse("Tag", "b", "posts", on: device) == ["p"], "\(engine) \(strategy) r\(device + 1)")
        }
    }

    /// r1 tags the post "a" at 600 ms and r2 tags it "b" at 700 ms, each
    /// offline: after the heal "b", the later, shows everywhere (on
    /// cloudkit by the default conflict rule, the later device date).
    @Test(arguments: engines, strategies)
    func ofTwoConcurrentLinksTheLaterShows(engine: String, strategy: String) throws {
        let run = try RelationshipRun("""
        { name: "x", \(blogSchema()), steps: [ \(Self.creates)
          { at: "500ms", partition: "each" },
          { at: "600ms", on: "r1", link: { entity: "Post", key: { title: "p" }, relation: "tag", to: { name: "a" } } },
          { at: "700ms", on: "r2", link: { entity: "Post", key: { title: "p" }, relation: "tag", to: { name: "b" } } },
          { at: "1s", heal: true },
        ] }
        """, strategy: strategy, engine: engine)
        #expect(run.result.quiesced && run.result.diverged == 0 && run.result.links == 1, "\(engine) \(strategy)")
        for device in 0 ..< run.deviceCount {
            #expect(run.targets("Post", "p", "tag", on: device) == ["b"], "\(engine) \(strategy) r\(device + 1)")
            #expect(run.inverse("Tag", "a", "posts", on: device) == [], "\(engine) \(strategy) r\(device + 1)")
        }
    }
}
