@testable import SyncSimulation
import SyncModel
import Testing

/// Delete rules, applied by the device that deletes and carried to the
/// others by sync. r1 writes two posts tagged "t", each owning one file;
/// once every device has them, r2 deletes the tag (and, for cascade, r3
/// deletes post p2 too). Tag.posts carries the rule under test; Post.files
/// always cascades.
struct DeleteRuleTests {
    static let engines = ["peer", "cloudkit"]
    static let strategies = ["lww", "dedupe", "crdt"]

    static func run(tagRule: String, engine: String, strategy: String, extraSteps: String = "") throws -> RelationshipRun {
        try RelationshipRun("""
        { name: "x", \(blogSchema(tagRule: tagRule)), steps: [
          { at: "10ms", on: "r1", create: { entity: "Tag", fields: { name: "t", colour: "red" } } },
          { at: "10ms", on: "r1", create: { entity: "Post", fields: { title: "p1" } } },
          { at: "10ms", on: "r1", create: { entity: "Post", fields: { title: "p2" } } },
          { at: "10ms", on: "r1", create: { entity: "File", fields: { path: "f1" } } },
          { at: "10ms", on: "r1", create: { entity: "File", fields: { path: "f2" } } },
          { at: "20ms", on: "r1", link: { entity: "Tag", key: { name: "t" }, relation: "posts", to: { title: "p1" } } },
          { at: "20ms", on: "r1", link: { entity: "Tag", key: { name: "t" }, relation: "posts", to: { title: "p2" } } },
          { at: "20ms", on: "r1", link: { entity: "Post", key: { title: "p1" }, relation: "files", to: { path: "f1" } } },
          { at: "20ms", on: "r1", link: { entity: "Post", key: { title: "p2" }, relation: "files", to: { path: "f2" } } },
          { at: "2s", on: "r2", delete: { entity: "Tag", key: { name: "t" } } },
          \(extraSteps)
        ] }
        """, strategy: strategy, engine: engine)
    }

    @Test(arguments: engines, strategies)
    func nullifyClearsThePostsTag(engine: String, strategy: String) throws {
        let run = try Self.run(tagRule: "nullify", engine: engine, strategy: strategy)
        #expect(run.result.quiesced && run.result.diverged == 0 && run.result.lostWrites.total == 0)
        #expect(run.result.dangling == 0 && run.result.links == 2)   // the two files
        for device in 0 ..< run.deviceCount {
            #expect(run.live("Tag", on: device).isEmpty)
            #expect(run.live("Post", on: device).keys.sorted() == ["p1", "p2"], "\(engine) \(strategy) r\(device + 1)")
            #expect(run.targets("Post", "p1", "tag", on: device) == [], "\(engine) \(strategy) r\(device + 1)")
        }
    }

    /// Cascade deletes the posts, and through Post.files their files: the
    /// app deleted them, so none is a lost write.
    @Test(arguments: engines, strategies)
    func cascadeDeletesThePostsAndTheirFiles(engine: String, strategy: String) throws {
        let run = try Self.run(tagRule: "cascade", engine: engine, strategy: strategy)
        #expect(run.result.quiesced && run.result.diverged == 0)
        #expect(run.result.lostWrites.total == 0 && run.result.resurrected == 0 && run.result.dangling == 0 && run.result.links == 0)
        for device in 0 ..< run.deviceCount {
            #expect(run.live("Tag", on: device).isEmpty && run.live("Post", on: device).isEmpty, "\(engine) \(strategy) r\(device + 1)")
            #expect(run.live("File", on: device).isEmpty, "\(engine) \(strategy) r\(device + 1)")
        }
    }

    /// A post's own cascade: deleting p2 takes f2 with it, not the tag.
    @Test(arguments: engines, strategies)
    func deletingAnOwnerCascadesToItsTargets(engine: String, strategy: String) throws {
        let run = try Self.run(tagRule: "deny", engine: engine, strategy: strategy,
                               extraSteps: #"{ at: "1s", on: "r3", delete: { entity: "Post", key: { title: "p2" } } },"#)
        for device in 0 ..< run.deviceCount {
            #expect(run.live("File", on: device).keys.sorted() == ["f1"], "\(engine) \(strategy) r\(device + 1)")
        }
        #expect(run.result.lostWrites.total == 0)
    }

    /// Deny refuses the delete while a post holds the tag: a rejected local
    /// save, and the tag stays everywhere.
    @Test(arguments: engines, strategies)
    func denyRefusesTheDelete(engine: String, strategy: String) throws {
        let run = try Self.run(tagRule: "deny", engine: engine, strategy: strategy)
        #expect(run.result.quiesced && run.result.diverged == 0 && run.result.rejected.localSaves == 1)
        #expect(run.result.links == 4)
        for device in 0 ..< run.deviceCount {
            #expect(run.live("Tag", on: device).keys.sorted() == ["t"], "\(engine) \(strategy) r\(device + 1)")
            #expect(run.inverse("Tag", "t", "posts", on: device) == ["p1", "p2"], "\(engine) \(strategy) r\(device + 1)")
        }
    }

    /// No action leaves the posts pointing at the deleted tag: two dangling
    /// links on every device.
    @Test(arguments: engines, strategies)
    func noActionLeavesTheLinksDangling(engine: String, strategy: String) throws {
        let run = try Self.run(tagRule: "noAction", engine: engine, strategy: strategy)
        #expect(run.result.quiesced && run.result.diverged == 0 && run.result.dangling == 2 && run.result.links == 2)
        for device in 0 ..< run.deviceCount {
            #expect(run.targets("Post", "p1", "tag", on: device) == ["?"], "\(engine) \(strategy) r\(device + 1)")
        }
    }

    /// r2 tags the post offline while r1 deletes the tag.
    static func concurrentLinkAndDelete(tagRule: String, onImport: Bool, engine: String, strategy: String) throws -> RelationshipRun {
        try RelationshipRun("""
        { name: "x", deleteRulesOnImport: \(onImport), \(blogSchema(tagRule: tagRule)), steps: [
          { at: "10ms", on: "r1", create: { entity: "Tag", fields: { name: "t", colour: "red" } } },
          { at: "10ms", on: "r1", create: { entity: "Post", fields: { title: "p" } } },
          { at: "1s", partition: "each" },
          { at: "1100ms", on: "r1", delete: { entity: "Tag", key: { name: "t" } } },
          { at: "1200ms", on: "r2", link: { entity: "Post", key: { title: "p" }, relation: "tag", to: { name: "t" } } },
          { at: "2s", heal: true },
        ] }
        """, strategy: strategy, engine: engine)
    }

    /// The rules run where the delete is made: a link made offline to the
    /// tag while another device deletes it is not nullified, and dangles
    /// (`deleteRulesOnImport: false`, the default).
    @Test(arguments: engines, strategies)
    func aLinkMadeWhileTheTagWasDeletedDangles(engine: String, strategy: String) throws {
        let run = try Self.concurrentLinkAndDelete(tagRule: "nullify", onImport: false, engine: engine, strategy: strategy)
        #expect(run.result.quiesced && run.result.diverged == 0 && run.result.dangling == 1 && run.result.links == 0, "\(engine) \(strategy)")
    }

    /// With `deleteRulesOnImport`, the devices that import the delete (or
    /// the late link) apply the rule: nullify clears the link everywhere;
    /// cascade deletes the post everywhere, and that is no lost write.
    @Test(arguments: engines, strategies)
    func rulesOnImportNullifyOrCascadeTheLateLink(engine: String, strategy: String) throws {
        let nullified = try Self.concurrentLinkAndDelete(tagRule: "nullify", onImport: true, engine: engine, strategy: strategy)
        #expect(nullified.result.quiesced && nullified.result.diverged == 0, "\(engine) \(strategy)")
        #expect(nullified.result.dangling == 0 && nullified.result.links == 0, "\(engine) \(strategy)")
        let cascaded = try Self.concurrentLinkAndDelete(tagRule: "cascade", onImport: true, engine: engine, strategy: strategy)
        #expect(cascaded.result.quiesced && cascaded.result.diverged == 0 && cascaded.result.dangling == 0, "\(engine) \(strategy)")
        #expect(cascaded.result.lostWrites.total == 0 && cascaded.result.resurrected == 0, "\(engine) \(strategy)")
        for device in 0 ..< cascaded.deviceCount {
            #expect(nullified.live("Post", on: device).keys.sorted() == ["p"], "\(engine) \(strategy) r\(device + 1)")
            #expect(cascaded.live("Post", on: device).isEmpty, "\(engine) \(strategy) r\(device + 1)")
        }
    }

    /// A link r2 made before an import it ran the rules on meets the delete
    /// of its tag at a later import: r2 nullifies it then, although that
    /// import changes only the tag. The rules read the records the imports
    /// touched and those linking to them (the owners index); debug builds
    /// check that against every record, which a pass that skipped the
    /// linking records fails.
    @Test func aLinkMadeBeforeAnEarlierImportIsNullifiedWhenItsTagsDeleteArrives() throws {
        let run = try RelationshipRun("""
        { name: "x", replicas: 3, deleteRulesOnImport: true, \(blogSchema(tagRule: "nullify")), steps: [
          { at: "10ms", on: "r1", create: { entity: "Tag", fields: { name: "t", colour: "red" } } },
          { at: "10ms", on: "r1", create: { entity: "Post", fields: { title: "p" } } },
          { at: "1s", partition: [["r1"]] },
          { at: "1100ms", on: "r1", delete: { entity: "Tag", key: { name: "t" } } },
          { at: "1200ms", on: "r2", link: { entity: "Post", key: { title: "p" }, relation: "tag", to: { name: "t" } } },
          { at: "1500ms", on: "r3", create: { entity: "Tag", fields: { name: "u", colour: "blue" } } },
          { at: "3s", heal: true },
        ] }
        """, strategy: "lww", engine: "peer")
        #expect(run.result.quiesced && run.result.diverged == 0)
        #expect(run.result.dangling == 0 && run.result.links == 0)
        for device in 0 ..< run.deviceCount {
            #expect(run.live("Tag", on: device).keys.sorted() == ["u"], "r\(device + 1)")
            #expect(run.targets("Post", "p", "tag", on: device) == [], "r\(device + 1)")
        }
    }

    /// Without the setting, the same cascade leaves the late link dangling.
    @Test(arguments: engines, strategies)
    func withoutRulesOnImportACascadeMissesTheLateLink(engine: String, strategy: String) throws {
        let run = try Self.concurrentLinkAndDelete(tagRule: "cascade", onImport: false, engine: engine, strategy: strategy)
        #expect(run.result.quiesced && run.result.diverged == 0 && run.result.dangling == 1, "\(engine) \(strategy)")
        for device in 0 ..< run.deviceCount {
            #expect(run.live("Post", on: device).keys.sorted() == ["p"], "\(engine) \(strategy) r\(device + 1)")
        }
    }
}
