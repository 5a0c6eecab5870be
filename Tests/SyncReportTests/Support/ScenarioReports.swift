import Foundation
import SyncReport
import SyncScenarioFile
import SyncSimulation
import TestSupport

/// Reports of scenario files as `simulate run` makes them, chosen to reach
/// every part of the report's shape: the peer and cloudkit engines, a
/// preset, a workflow with upgrades, crashes and restarts with per-replica
/// series, a hub, and one with timing. Computed once per test process.
enum ScenarioReports {
    struct Run: Sendable {
        let file: String
        var engine: String?
        var preset: String?
        var perReplica = false
        var includesTiming = false
    }

    static let runs = [
        Run(file: "default.json5"),
        Run(file: "default.json5", engine: "cloudkit", includesTiming: true),
        Run(file: "default.json5", preset: "sqlitedata"),
        Run(file: "cloudkit-conflicts.json5"),
        Run(file: "rollout-reset.json5"),
        Run(file: "crash-restart.json5", perReplica: true),
        Run(file: "own-server-hub.json5"),
    ]

    static var all: [Report] { allOnce.value }
    private static let allOnce = ComputedOnce<[Report]> {
        runs.map { run in
            do { return try report(run) } catch { fatalError("\(run.file): \(error)") }
        }
    }

    static let scenariosDirectory = PackageRoot.url.appendingPathComponent("Scenarios", isDirectory: true)

    static func report(_ run: Run) throws -> Report {
        let path = scenariosDirectory.appendingPathComponent(run.file).path
        let document = try ScenarioFile.load(path, engine: run.engine, preset: run.preset)
        var scenario = document.scenario
        scenario.seriesPerReplica = run.perReplica
        // Without invariant checks, which a debug build would make after every
        // event: the shape is the same, at a fraction of the time.
        let results = try Comparison.run(scenario: scenario, strategies: Fixtures.strategies(document.strategyNames), seed: document.seed,
                                         store: .memory, checksInvariants: false)
        return Report(scenario: scenario, seed: document.seed, results: results, includesTiming: run.includesTiming,
                      file: "Scenarios/\(run.file)", expectations: ExpectationOutcome.check(document.expectations, against: results))
    }
}
