import Foundation
import SyncReport
import SyncSimulation

/// Prints a one-line usage error and exits with status 2.
func exitWithUsageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("simulate: \(message)\n".utf8))
    exit(2)
}

let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    exitWithUsageError(error.message)
}

if options.showHelp {
    print(Usage.text)
    exit(0)
}

let scenario = DefaultScenario.make(replicas: options.replicas, seed: options.seed)
let strategies = options.strategyNames.map { StrategyCatalog.strategy(named: $0)! }
let showsProgress = isatty(STDERR_FILENO) == 1
let results = Comparison.run(scenario: scenario, strategies: strategies, seed: options.seed) { position, name in
    guard showsProgress else { return }
    let line = "[\(position)/\(strategies.count)] \(name)…"
    FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
}
if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }

let report = Report(scenario: scenario, seed: options.seed, results: results, includesTiming: options.includesTiming)
switch options.format {
case .table: print(report.table(), terminator: "")
case .json: print(report.json().rendered(), terminator: "")
case .markdown: print(report.markdown(), terminator: "")
}
