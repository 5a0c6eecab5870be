import Foundation
import SyncReport
import SyncSimulation

/// Prints a one-line error and exits with status 2 (bad usage or input).
func exitWithUsageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("simulate: \(message)\n".utf8))
    exit(ExitStatus.badInput.rawValue)
}

/// Prints a broken invariant with the command that replays it and exits
/// with status 3: the simulator's own state is inconsistent (a SyncSim bug).
func exitWithInvariantViolation(_ violation: InvariantViolation, replay: ReplayCommand) -> Never {
    FileHandle.standardError.write(Data("simulate: \(violation)\n  replay: \(replay)\n".utf8))
    exit(ExitStatus.invariantBroken.rawValue)
}

let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    exitWithUsageError(error.message)
}

if options.showHelp {
    FileHandle.standardOutput.write(Data(CommandHelp.text(for: options.command).utf8))
    exit(0)
}
if options.showVersion {
    print("simulate \(ToolVersion.current)")
    exit(0)
}

// Off a terminal, check, run and the default command write this line to
// the log at most every 10 s (a CI job or a script runs them for minutes;
// a long run must never look hung); sweep and explore make their own bars.
let progress = Progress(style: .standardError(quiet: options.quiet, logs: [.check, .run, .compare].contains(options.command)),
                        log: ProgressLog(prefix: options.command.rawValue))

switch options.command {
case .compare:
    let seed = options.seed ?? 1
    var scenario: Scenario
    if let preset = options.preset.flatMap(PresetCatalog.preset(named:)) {
        scenario = DefaultScenario.make(replicas: options.replicas, seed: seed, preset: preset)
    } else {
        scenario = DefaultScenario.make(replicas: options.replicas, seed: seed,
                                        engine: EngineCatalog.configuration(named: options.engine ?? EngineCatalog.defaultName)!)
    }
    options.limits.apply(to: &scenario)
    let strategyNames = options.strategyNames ?? scenario.preset?.strategies ?? StrategyCatalog.defaultNames
    Commands.refuseIfTooLarge(scenario, strategyNames: strategyNames, limits: options.limits, file: nil)
    let report = Commands.compare(scenario: scenario, seed: seed, strategyNames: strategyNames,
                                  includesTiming: options.includesTiming, concurrency: options.concurrency, store: options.store,
                                  checksInvariants: options.checksInvariants, file: nil, expectations: [], progress: progress)
    if let out = options.out { OutputFiles.write(report, to: out) }
    Commands.print([report], format: options.format)

case .run:
    let documents = Commands.load(options.paths, seed: options.seed, engine: options.engine, preset: options.preset,
                                  strategyNames: options.strategyNames)
    for document in documents {
        Commands.refuseIfTooLarge(document.scenario, strategyNames: options.strategyNames ?? document.strategyNames, limits: options.limits,
                                  file: document.file)
    }
    let reports = documents.map { document in
        var scenario = document.scenario
        options.limits.apply(to: &scenario)
        return Commands.compare(scenario: scenario, seed: document.seed, strategyNames: options.strategyNames ?? document.strategyNames,
                         includesTiming: options.includesTiming, concurrency: options.concurrency, store: options.store,
                         checksInvariants: options.checksInvariants, file: document.file,
                         stack: ReplayCommand.Stack(preset: options.preset, engine: options.engine),
                         expectations: document.expectations, valueExpectations: document.valueExpectations, progress: progress)
    }
    if let out = options.out {
        for report in reports { OutputFiles.write(report, to: (out as NSString).appendingPathComponent(report.scenario.name)) }
    }
    Commands.print(reports, format: options.format)
    exit(ExitStatus.of(reports).rawValue)

case .check:
    CheckCommand.check(options, progress: progress)

case .race:
    Commands.race(options, progress: progress)

case .benchmark:
    BenchmarkCommand.benchmark(options, progress: progress)

case .sweep:
    SweepCommands.sweep(options)

case .merge:
    SweepCommands.merge(options)

case .explore:
    ExploreCommands.explore(options)

case .lint:
    LintCommand.lint(options)

case .completions:
    print(CompletionScript.text(for: options.shell), terminator: "")

case .help:
    // The parser sets showHelp for every `simulate help …`, printed above.
    preconditionFailure("simulate help is answered before any command runs")
}
