import Foundation
import SyncReport
import SyncScenarioFile
import SyncSimulation

/// `simulate` (the built-in scenario) and `simulate run FILE...`: run,
/// report, write `--out`, exit with the expectations' status.
enum ScenarioCommands {
    static func compare(_ options: CompareOptions) {
        let progress = Progress(for: .compare, quiet: options.comparison.quiet)
        let seed = options.seed
        let limits = options.comparison.limits.runLimits
        var scenario: Scenario
        if let preset = options.stack.preset.flatMap(PresetCatalog.preset(named:)) {
            scenario = DefaultScenario.make(replicas: options.replicas, seed: seed, preset: preset)
        } else {
            scenario = DefaultScenario.make(replicas: options.replicas, seed: seed,
                                            engine: EngineCatalog.configuration(named: options.stack.engine ?? EngineCatalog.defaultName)!)
        }
        limits.apply(to: &scenario)
        let strategyNames = options.comparison.strategyNames ?? scenario.preset?.strategies ?? StrategyCatalog.defaultNames
        Commands.refuseIfTooLarge(scenario, strategyNames: strategyNames, limits: limits, file: nil)
        let report = Commands.compare(scenario: scenario, seed: seed, strategyNames: strategyNames,
                                      includesTiming: options.comparison.includesTiming, concurrency: options.comparison.concurrency, store: options.comparison.store,
                                      checksInvariants: options.comparison.checksInvariants, file: nil, expectations: [], progress: progress)
        if let out = options.comparison.out { OutputFiles.write(report, to: out) }
        Commands.print([report], format: options.comparison.format)
    }

    static func run(_ options: RunOptions) -> Never {
        let progress = Progress(for: .run, quiet: options.comparison.quiet)
        let limits = options.comparison.limits.runLimits
        let documents = Commands.load(options.paths, seed: options.seed, overrides: options.stack.overrides, engine: options.stack.engine, preset: options.stack.preset,
                                      strategyNames: options.comparison.strategyNames, limits: limits)
        for document in documents {
            Commands.refuseIfTooLarge(document.scenario, strategyNames: options.comparison.strategyNames ?? document.strategyNames, limits: limits,
                                      file: document.file)
        }
        let reports = documents.map { document in
            var scenario = document.scenario
            limits.apply(to: &scenario)
            return Commands.compare(scenario: scenario, seed: document.seed, strategyNames: options.comparison.strategyNames ?? document.strategyNames,
                                    includesTiming: options.comparison.includesTiming, concurrency: options.comparison.concurrency, store: options.comparison.store,
                                    checksInvariants: options.comparison.checksInvariants, file: document.file, stack: options.stack.replay,
                                    expectations: document.expectations, valueExpectations: document.valueExpectations, progress: progress)
        }
        if let out = options.comparison.out {
            for report in reports { OutputFiles.write(report, to: (out as NSString).appendingPathComponent(report.scenario.name)) }
        }
        Commands.print(reports, format: options.comparison.format)
        StandardOutput.exit(ExitStatus.of(reports).rawValue)
    }
}
