import Foundation
import NewestWins
import SyncSim

// A simulate-like tool that knows `dedupe:newest`: runs each scenario file
// given, every strategy the file names, and prints SyncSim's table.
//   swift run custom-simulate Scenarios/newest-wins.json5
NewestWinsDedupe.register()
let paths = Array(CommandLine.arguments.dropFirst())
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data("usage: custom-simulate FILE...\n".utf8))
    exit(2)
}
var failed = 0
for path in paths {
    let document: ScenarioDocument
    do {
        document = try ScenarioFile.load(path)
    } catch {
        FileHandle.standardError.write(Data("custom-simulate: \(error)\n".utf8))
        exit(2)
    }
    let strategies = document.strategyNames.map { StrategyCatalog.strategy(named: $0)! }
    let results = Comparison.run(scenario: document.scenario, strategies: strategies, seed: document.seed)
    let outcomes = ExpectationOutcome.check(document.expectations, against: results)
    let report = Report(scenario: document.scenario, seed: document.seed, results: results, includesTiming: false,
                        file: path, expectations: outcomes)
    print(report.table())
    failed += outcomes.count { !$0.passed }
}
exit(failed > 0 ? 1 : 0)
