// The library product: `import SyncSim` gives a program of its own what
// `simulate` is built from. Records, schemas and change sets (SyncModel),
// stores (SyncStore, SyncStoreSQLite), scenarios, strategies, engines and runs
// (SyncSimulation), scenario files (SyncScenarioFile), sweeps, the race experiment, explore and shrink (SyncExperiments),
// and reports (SyncReport, with ``ReportFiles`` writing what `--out DIR` writes; a sweep's files through SyncExperiments), and the
// model linter (SyncLint: `ModelLint.lintAll`). A strategy of your own is registered with
// `StrategyRegistry.register(_:_:)`; Examples/CustomStrategy shows one.
@_exported import SyncExperiments
@_exported import SyncLint
@_exported import SyncModel
@_exported import SyncReport
@_exported import SyncScenarioFile
@_exported import SyncSimulation
@_exported import SyncStore
@_exported import SyncStoreSQLite
