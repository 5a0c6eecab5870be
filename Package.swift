// swift-tools-version:6.0
import PackageDescription

// Layers depend downward only (see DESIGN.md):
// SyncModel <- SyncStore <- SyncStoreSQLite (with CSQLite) <- SyncSimulation <- SyncScenarioFile <- SyncReport <- SyncExperiments <- simulate
// (SyncSimulation is the core: no Foundation, no files; SyncScenarioFile reads scenario files; SyncExperiments runs many of them:
// sweeps, race trials, explore and shrink)
// CAllocator <- SyncExperiments (the benchmark reads the allocator's statistics); SyncReport <- SyncExperiments (sweeps, race and
// explore write their tables, CSV, JSON, HTML pages, JUnit XML and GitHub annotations with the reports' shared pieces)
// SyncModel, SyncSimulation, SyncReport <- SyncLint <- simulate (the model linter reads app models; it writes scenario text as the
// simulation renders it, and its JSON, SARIF and GitHub annotations as the reports do)
// simulate <- LintCloudKit (a command plugin: `swift package lint-cloudkit` in a package that depends on this one)
let package = Package(
    name: "SyncSim",
    products: [
        .executable(name: "simulate", targets: ["simulate"]),
        // Everything a program of its own needs, in one import (Examples/CustomStrategy).
        .library(name: "SyncSim", targets: ["SyncSim"]),
        .library(name: "SyncSimulation", targets: ["SyncSimulation"]),
        .library(name: "SyncScenarioFile", targets: ["SyncScenarioFile"]),
        .plugin(name: "LintCloudKit", targets: ["LintCloudKit"]),
    ],
    targets: [
        // The system SQLite library (sqlite3.h), no package.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The C library's malloc.h (glibc's mallinfo2), which the Glibc module leaves out; no library to link.
        .systemLibrary(name: "CAllocator"),
        .target(name: "SyncModel"),
        .target(name: "SyncStore", dependencies: ["SyncModel"]),
        // The SQLite store, over the system library; it stages as the memory store does.
        .target(name: "SyncStoreSQLite", dependencies: ["SyncModel", "SyncStore", "CSQLite"]),
        .target(name: "SyncSimulation", dependencies: ["SyncModel", "SyncStore", "SyncStoreSQLite"]),
        // The scenario file: JSON5, the parser, overrides (`--vary`, `--preset`) and documents.
        .target(name: "SyncScenarioFile", dependencies: ["SyncModel", "SyncStore", "SyncSimulation"]),
        // Sweeps, the race experiment, explore and shrink: many runs of one scenario, in parallel (Dispatch lives here),
        // and what they write; the store benchmark: wall-clock rates and allocator bytes, never part of a simulation.
        .target(name: "SyncExperiments", dependencies: ["SyncModel", "SyncStore", "SyncStoreSQLite", "SyncSimulation", "SyncScenarioFile", "SyncReport", "CAllocator"]),
        .target(name: "SyncReport", dependencies: ["SyncSimulation", "SyncScenarioFile", "SyncModel"]),
        // The library product: re-exports the layers above (Sources/SyncSim/Exports.swift).
        .target(name: "SyncSim", dependencies: ["SyncModel", "SyncStore", "SyncStoreSQLite", "SyncSimulation", "SyncScenarioFile", "SyncExperiments",
                                                "SyncReport", "SyncLint"]),
        // Reads a Core Data model or SwiftData sources and reports what CloudKit refuses.
        .target(name: "SyncLint", dependencies: ["SyncModel", "SyncSimulation", "SyncScenarioFile", "SyncReport"]),
        .executableTarget(name: "simulate", dependencies: ["SyncSimulation", "SyncScenarioFile", "SyncExperiments", "SyncReport", "SyncLint"]),
        // `swift package lint-cloudkit [PATH...]`: `simulate lint` on each target's sources, built from source.
        .plugin(
            name: "LintCloudKit",
            capability: .command(intent: .custom(
                verb: "lint-cloudkit",
                description: "Lint the SwiftData models of each target (or the given paths) for what CloudKit refuses at launch")),
            dependencies: ["simulate"]),
        // Helpers shared by the test targets only.
        .target(name: "TestSupport", dependencies: ["SyncReport", "SyncScenarioFile"], path: "Tests/TestSupport"),
        .testTarget(name: "SyncModelTests", dependencies: ["SyncModel", "TestSupport"]),
        .testTarget(name: "SyncStoreTests", dependencies: ["SyncStore", "SyncStoreSQLite", "TestSupport"]),
        .testTarget(name: "SyncSimulationTests", dependencies: ["SyncSimulation", "SyncScenarioFile", "TestSupport"], exclude: ["Golden/Runs"]),
        .testTarget(name: "SyncExperimentsTests", dependencies: ["SyncExperiments", "SyncReport", "SyncSimulation", "SyncScenarioFile", "SyncModel",
                                                                 "SyncStore", "TestSupport"]),
        // SyncLint and SyncExperiments: lint's and explore's JSON are checked against docs/report-schema.json with the reports'
        // (sweeps' and race's: SimulateCLITests, through the built tool).
        .testTarget(name: "SyncReportTests", dependencies: ["SyncReport", "SyncLint", "SyncExperiments", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "SimulateCLITests", dependencies: ["simulate", "TestSupport"]),
        // Fixtures are found through #filePath, so they are not resources.
        // SyncExperiments: advise's habit scenarios run through its run matrix and verdict.
        .testTarget(name: "SyncLintTests", dependencies: ["SyncLint", "SyncSimulation", "SyncScenarioFile", "SyncExperiments"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
