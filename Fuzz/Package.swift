// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for SyncSim, in a package of their own so that the main
// package's `swift build` and `swift test` never see them. Built only with
// the fuzzer and address sanitizers (`scripts/fuzz`): libFuzzer supplies
// `main`, and each target defines `LLVMFuzzerTestOneInput`. The layout
// follows apple/swift-protobuf's FuzzTesting/ package (see README.md).
let package = Package(
    name: "SyncSimFuzz",
    dependencies: [
        .package(name: "SyncSim", path: ".."),
    ],
    targets: [
        // The scenario parser, as `simulate run FILE` reads a file.
        .executableTarget(
            name: "FuzzScenarioParser",
            dependencies: [.product(name: "SyncSimulation", package: "SyncSim"), .product(name: "SyncScenarioFile", package: "SyncSim")]
        ),
        // Parse, run small scenarios, check expectations, render reports.
        .executableTarget(
            name: "FuzzExpectations",
            dependencies: [.product(name: "SyncSim", package: "SyncSim")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
