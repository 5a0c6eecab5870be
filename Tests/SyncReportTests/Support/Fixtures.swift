import Foundation
import SyncScenarioFile
import TestSupport
import SyncReport
import SyncSimulation

/// Runs shared by several tests, computed once per test process.
enum Fixtures {
    /// The default scenario with 2 replicas and seed 3, strategies lww and
    /// crdt in that order.
    static var smallResults: [RunResult] { smallResultsOnce.value }
    private static let smallResultsOnce = ComputedOnce<[RunResult]> {
        let scenario = DefaultScenario.make(replicas: 2, seed: 3)
        return Comparison.run(scenario: scenario, strategies: strategies(["lww", "crdt"]), seed: 3)
    }

    static func smallReport(includesTiming: Bool) -> Report {
        Report(scenario: DefaultScenario.make(replicas: 2, seed: 3), seed: 3, results: smallResults, includesTiming: includesTiming)
    }

    /// The golden-file report: 3 replicas, seed 1, every default strategy,
    /// no timing.
    static var goldenReport: Report { goldenReportOnce.value }
    private static let goldenReportOnce = ComputedOnce<Report> {
        let scenario = DefaultScenario.make(replicas: 3, seed: 1)
        let results = Comparison.run(scenario: scenario, strategies: strategies(StrategyCatalog.defaultNames), seed: 1)
        return Report(scenario: scenario, seed: 1, results: results, includesTiming: false)
    }

    /// A run that cannot converge: the partition never heals, so the
    /// replicas keep their different edits.
    static var neverConvergingReport: Report { neverConvergingReportOnce.value }
    private static let neverConvergingReportOnce = ComputedOnce<Report> {
        var scenario = DefaultScenario.make(replicas: 2, seed: 1)
        scenario.steps.removeAll { $0.action == .heal }
        scenario.untilMicros = 4_000_000
        let results = Comparison.run(scenario: scenario, strategies: strategies(["crdt", "lww"]), seed: 1)
        return Report(scenario: scenario, seed: 1, results: results, includesTiming: false)
    }

    static func strategies(_ names: [String]) -> [any Strategy] {
        names.map { name in
            guard let strategy = StrategyCatalog.strategy(named: name) else { fatalError("no strategy \(name)") }
            return strategy
        }
    }

    static func parse(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        guard let dictionary = object as? [String: Any] else { throw FixtureError.notAnObject }
        return dictionary
    }

    enum FixtureError: Error { case notAnObject }
}
