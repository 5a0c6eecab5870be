// The landing page's example (Sources/SyncSim/SyncSim.docc/SyncSim.md), as
// a program CI builds and runs, so the page can never show code that does
// not compile. The lines between the markers are the page's code block,
// byte for byte; `DocCLandingExampleTests` in SyncSim's own suite checks it.
// Run it from a folder that holds Scenarios/default.json5 (CI runs it from a
// scratch copy); it writes out/default there.

// landing-page-example: begin
import Foundation  // exit
import SyncSim

let document = try ScenarioFile.load("Scenarios/default.json5")
let strategies = document.strategyNames.compactMap(StrategyCatalog.strategy(named:))
// `simulate run` checks the simulator's invariants only with --check-invariants:
// they multiply a run's cost, and a run without them gives the same figures.
let results = try Comparison.run(scenario: document.scenario, strategies: strategies, seed: document.seed,
                                 store: .memory, checksInvariants: false)
// The file's expectations, judged as `simulate run` judges them: without
// them the report prints no PASS or FAIL line.
var report = Report(scenario: document.scenario, seed: document.seed, results: results, includesTiming: false,
                    file: document.file, expectations: ExpectationOutcome.check(document.expectations, against: results))
report.valueExpectations = ValueOutcome.check(document.valueExpectations, against: results)
print(report.table())
try ReportFiles.write(report, to: "out/default")
exit(ExitStatus.of([report]).rawValue)  // 1 when an expectation failed, as `simulate run`
// landing-page-example: end
