import Foundation
@testable import SyncSimulation
import SyncModel
import Testing

/// `Scenarios/dedupe-late-links.json5`: a dedupe pass moves both directions
/// of a relationship. Posts whose to-one `tag` points at a loser move to
/// the winner (so the winner's inverse `posts` shows all three), and a link
/// the loser owns (its `category`) moves to the winner when the winner has
/// none.
struct DedupeInverseTests {
    /// `Scenarios/dedupe-late-links.json5`, which make-reports also runs.
    static let text = (try? String(contentsOf: ScenarioFileTesting.scenariosFolder.appendingPathComponent("dedupe-late-links.json5"),
                                   encoding: .utf8)) ?? ""

    /// Every variant, on the seeds where no pass races another: one tag,
    /// all three posts on it, its category moved, nothing dangling.
    @Test(arguments: ["peer", "cloudkit"], ["dedupe:apple", "dedupe:merge", "dedupe:deferred"])
    func bothDirectionsMoveToTheWinner(engine: String, strategy: String) throws {
        for seed: UInt64 in [1, 3] { try Self.checkEverythingMoved(engine: engine, strategy: strategy, seed: seed) }
    }

    /// `dedupe:deferred` on 20 seeds: never a dangling link.
    @Test(arguments: ["peer", "cloudkit"])
    func deferredNeverLeavesALinkDangling(engine: String) throws {
        for seed in UInt64(1) ... 20 { try Self.checkEverythingMoved(engine: engine, strategy: "dedupe:deferred", seed: seed) }
    }

    /// Why Apple's sharing sample defers the delete, caught on cloudkit,
    /// seed 2: r1, which has not yet seen r3's copy, moves its post Lisbon
    /// to r2's copy (the lowest id it knows), while r3, which has not yet
    /// seen that move, deletes r2's copy in favour of its own. Lisbon's link
    /// then points at a deleted tag; no later pass looks at it, since the
    /// tag has no duplicate left. The immediate variants end with one
    /// dangling link; the deferred one keeps r2's copy, marked, until the
    /// move has reached it.
    @Test func anImmediateDeleteRacesALateMove() throws {
        for strategy in ["dedupe:apple", "dedupe:merge"] {
            let run = try RelationshipRun(Self.text, strategy: strategy, engine: "cloudkit", seed: 2)
            #expect(run.result.quiesced && run.result.diverged == 0 && run.result.duplicates.final == 0)
            #expect(run.result.dangling == 1 && run.result.links == 3, "\(strategy)")
            for device in 0 ..< run.deviceCount {
                #expect(run.targets("Post", "Lisbon", "tag", on: device) == ["?"], "\(strategy) r\(device + 1)")
                #expect(run.inverse("Tag", "travel", "posts", on: device) == ["Kyoto", "Quito"], "\(strategy) r\(device + 1)")
            }
        }
        try Self.checkEverythingMoved(engine: "cloudkit", strategy: "dedupe:deferred", seed: 2)
    }

    static func checkEverythingMoved(engine: String, strategy: String, seed: UInt64) throws {
        let run = try RelationshipRun(Self.text, strategy: strategy, engine: engine, seed: seed)
        let context = "\(engine) \(strategy) seed \(seed)"
        #expect(run.result.quiesced && run.result.diverged == 0 && run.result.duplicates.final == 0, "\(context)")
        #expect(run.result.dangling == 0 && run.result.links == 4, "\(context)")
        for device in 0 ..< run.deviceCount {
            #expect(run.live("Tag", on: device).count == 1, "\(context) r\(device + 1)")
            #expect(run.inverse("Tag", "travel", "posts", on: device) == ["Kyoto", "Lisbon", "Quito"], "\(context) r\(device + 1)")
            #expect(run.targets("Tag", "travel", "category", on: device) == ["trips"], "\(context) r\(device + 1)")
            #expect(run.inverse("Category", "trips", "tags", on: device) == ["travel"], "\(context) r\(device + 1)")
        }
    }
}
