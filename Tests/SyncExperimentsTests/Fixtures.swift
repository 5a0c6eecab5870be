import Foundation
@testable import SyncExperiments
import SyncSimulation

/// Scenario texts the tests explore and shrink.
enum Fixtures {
    /// r2 creates a user r1 created 250 ms earlier. With sync working, the
    /// `dedupe` strategy's fetch finds r1's record and never makes a
    /// duplicate (checked on seeds 1…40 with no faults); a partition or
    /// crash that keeps r1's create from r2 for 250 ms makes one.
    static let lateCreate = """
    // A fetch-first create that only a fault turns into a duplicate.
    {
      name: "late-create",
      description: "A fetch-first create that only a fault turns into a duplicate.",
      replicas: 3,
      until: "2s",
      network: { delay: ["1ms", "10ms"] },
      sync: { every: "50ms", jitter: "10ms" },
      steps: [
        { at: "0s", on: "r1", create: { entity: "User", fields: { email: "elena@example.com", name: "Elena" } } },
        { at: "0s", on: "r3", import: { entity: "User", count: 20 } },
        { at: "100ms", on: "all", random: { entity: "User", ops: 5, keys: 20, over: "500ms", mix: { update: 1 } } },
        { at: "250ms", on: "r2", create: { entity: "User", fields: { email: "elena@example.com", name: "Elena" } } },
      ],
      strategies: ["dedupe", "crdt"],
      expect: [
        { strategy: "dedupe", metric: "duplicates.peak", equals: 0 },
        { strategy: "*", metric: "converged", equals: 1 },
      ],
    }
    """

    /// The package root, three levels above this file.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Invariant checks stay off in these tests to keep them fast; the CLI
    /// tests run with them on (debug builds).
    static func target(_ text: String = lateCreate, seeds: [UInt64] = [1], nemesis: ExploreNemesis = ExploreNemesis()) throws -> Explore.Target {
        try Explore.prepare(Explore.Plan(file: "late-create.json5", text: text, seeds: seeds, nemesis: nemesis, checksInvariants: false))
    }

    /// Reads a document as `simulate run` would read the file, and runs it.
    static func run(_ document: JSON5Value) throws -> (document: ScenarioDocument, failures: [ExploreFailure]) {
        let runner = DocumentRunner(file: "shrunk.json5", checksInvariants: false)
        let scenario = try ScenarioFile.parse(Data(document.rendered().utf8), file: "shrunk.json5")
        return (scenario, runner.run(scenario).failures)
    }
}
