import Foundation
import SyncModel
import SyncSimulation
import Testing

/// The swarm on the cloudkit engine: the same generated faults and
/// workloads (``SwarmScenarioGenerator``), devices syncing through one
/// record zone with a drawn conflict policy, clock, save policy, batch size
/// and atomicity. The same properties hold (``SwarmRun/problems(_:strategy:)``):
/// the convergent strategies converge after the final heal, `crdt` and
/// `unique:*` never hold a duplicate on a device, `dedupe` ends with none.
///
/// 60 quick cases, every strategy each, every third case also running one
/// strategy (in rotation) with invariant checks. `SYNCSIM_RUN_SOAK=1 swift
/// test --filter CloudKitSwarmTests` adds 1,000 larger ones
/// (SYNCSIM_SWARM_SCENARIOS sets how many). Replay one with
/// `SYNCSIM_SWARM_REPLAY=ckquick:N swift test --filter SwarmReplay`.
struct CloudKitSwarmTests {
    static let quickCount = 60
    static var soakCount: Int { Int(ProcessInfo.processInfo.environment["SYNCSIM_SWARM_SCENARIOS"] ?? "") ?? 1_000 }

    static func quickChecked(_ index: Int) -> [String] {
        index % 3 == 0 ? SwarmTests.rotating(index / 3, count: 1) : []
    }

    @Test(arguments: 0 ..< quickCount)
    func quick(index: Int) {
        SwarmRun.check(SwarmScenarioGenerator.make(.cloudkitQuick, index: index), invariantsOn: Self.quickChecked(index))
    }

    @Test(.enabled(if: SwarmRun.soakEnabled, "set SYNCSIM_RUN_SOAK=1 to run the cloudkit swarm soak"), arguments: 0 ..< soakCount)
    func soak(index: Int) {
        SwarmRun.check(SwarmScenarioGenerator.make(.cloudkitSoak, index: index), invariantsOn: SwarmTests.rotating(index, count: 1))
    }

    /// The quick cases run on the cloudkit engine with every conflict
    /// policy, both clocks, every save policy, small and full batches and
    /// atomic ones; every strategy is checked with invariants somewhere.
    @Test func quickCasesCoverTheEngineSettings() throws {
        var seen: Set<String> = []
        var checked: Set<String> = []
        for index in 0 ..< Self.quickCount {
            let scenario = SwarmScenarioGenerator.make(.cloudkitQuick, index: index).scenario
            #expect(scenario.topology == .mesh && scenario.server == ReplicaID(scenario.replicaCount), "ckquick #\(index)")
            let settings = try #require(scenario.engine as? CloudKitEngineSettings)
            seen.formUnion(settings.settings.map { "\($0.name) \($0.valueText)" })
            checked.formUnion(Self.quickChecked(index))
        }
        var expected = SwarmScenarioGenerator.convergentCloudKitPolicies.map { "conflict \($0.rawValue)" } + CloudKitConflict.Clock.allCases.map { "clock \($0.rawValue)" }
        expected += CloudKitSavePolicy.allCases.map { "savePolicy \($0.name)" } + ["batch 1", "batch 400", "atomic true", "atomic false"]
        for name in expected { #expect(seen.contains(name), "no quick case has \(name)") }
        #expect(checked == Set(StrategyCatalog.allNames))
    }
}
