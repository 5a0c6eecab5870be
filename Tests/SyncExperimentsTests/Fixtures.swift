import Foundation
@testable import SyncExperiments
import SyncScenarioFile
import SyncSimulation
import TestSupport

/// What the explore and shrink tests share (their scenario text is
/// `ExploreFixtures.lateCreate`, shared with the command-line tests).
enum Fixtures {
    /// The package root (``PackageRoot``).
    static var packageRoot: URL { PackageRoot.url }

    /// `Scenarios/`, the scenario files the sweep tests read.
    static var scenariosFolder: URL { packageRoot.appendingPathComponent("Scenarios") }

    /// Invariant checks stay off in these tests to keep them fast; the CLI
    /// tests run with them on (debug builds).
    static func target(_ text: String = ExploreFixtures.lateCreate, seeds: [UInt64] = [1], nemesis: ExploreNemesis = ExploreNemesis()) throws -> Explore.Target {
        try Explore.prepare(Explore.Plan(file: "late-create.json5", text: text, seeds: seeds, nemesis: nemesis, checksInvariants: false))
    }

    /// Reads a document as `simulate run` would read the file, and runs it.
    static func run(_ document: JSON5Value) throws -> (document: ScenarioDocument, failures: [ExploreFailure]) {
        let runner = DocumentRunner(file: "shrunk.json5", checksInvariants: false)
        let scenario = try ScenarioFile.parse(Data(document.rendered().utf8), file: "shrunk.json5")
        return (scenario, runner.run(scenario).failures)
    }
}
