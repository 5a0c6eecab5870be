// swift-tools-version:6.0
import PackageDescription

// A package outside SyncSim that adds a strategy of its own, through the
// SyncSim library product only: what SyncSim's CI builds and tests so its
// public API cannot break silently.
let package = Package(
    name: "CustomStrategy",
    dependencies: [.package(name: "SyncSim", path: "../..")],
    targets: [
        .target(name: "NewestWins", dependencies: [.product(name: "SyncSim", package: "SyncSim")]),
        // A simulate-like tool of its own that knows the new strategy.
        .executableTarget(name: "custom-simulate", dependencies: ["NewestWins", .product(name: "SyncSim", package: "SyncSim")]),
        // The library's DocC landing page example, compiled and run by CI.
        .executableTarget(name: "landing-page-example", dependencies: [.product(name: "SyncSim", package: "SyncSim")]),
        .testTarget(name: "NewestWinsTests", dependencies: ["NewestWins", .product(name: "SyncSim", package: "SyncSim")]),
    ],
    swiftLanguageModes: [.v6]
)
