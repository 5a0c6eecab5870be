import Foundation
import SyncModel
import SyncScenarioFile
import Testing
@testable import SyncSimulation

/// Random steps too large to draw when the file is read are drawn window
/// by window while the run goes.
struct RandomWindowTests {
    static func file(ops: Int, replicas: Int, over: String = "10s") -> String {
        """
        { name: "windows", replicas: \(replicas),
          schema: { entities: [ { name: "User", fields: ["email", "city"], unique: [["email"]] } ] },
          steps: [ { at: "0s", on: "all", import: { entity: "User", count: 10 } },
                   { at: "1s", on: "all", random: { entity: "User", ops: \(ops), keys: 10, over: "\(over)", mix: { update: 1 } } } ],
          until: "60s" }
        """
    }

    @Test func aStepOfAtMostTenThousandOperationsIsDrawnWhenTheRunStarts() throws {
        let scenario = try ScenarioFile.parse(Data(Self.file(ops: 5_000, replicas: 2).utf8), file: "w.json5").scenario
        // Read from the file, the import and the step are data; a run draws them from its seed.
        #expect(scenario.steps.count == 2)
        guard case .drawn(.random(_, let targets, _)) = scenario.steps[1].action else {
            Issue.record("not kept as data")
            return
        }
        #expect(targets.count == 2)
        #expect(scenario.drawingWorkload(seed: 1).steps.count == 2 + 10_000)
        #expect(scenario.drawingWorkload(seed: 1).steps != scenario.drawingWorkload(seed: 2).steps)
    }

    @Test func aLargerStepIsOnePlanCutIntoWindowsOfAtMostTenThousand() throws {
        let steps = try ScenarioFile.parse(Data(Self.file(ops: 25_001, replicas: 2).utf8), file: "w.json5").scenario.steps
        #expect(steps.count == 2)
        guard case .randomInWindows(let plan) = steps[1].action else {
            Issue.record("not a plan")
            return
        }
        // 50,002 operations: 6 windows; each device's 25,001 split 4,167 ×1 then 4,166 ×5.
        #expect(plan.windows == 6)
        let sizes = (0 ..< plan.windows).map { plan.steps(ofWindow: $0, seed: 1).count }
        #expect(sizes == [8_334, 8_334, 8_334, 8_334, 8_334, 8_332])
        #expect(sizes.allSatisfy { $0 <= RandomPlan.operationsPerWindow })
        // Windows follow each other in time and cover the span.
        for window in 0 ..< plan.windows {
            let times = plan.steps(ofWindow: window, seed: 1).map(\.atMicros)
            #expect(times.min()! >= plan.startMicros(ofWindow: window))
            if window + 1 < plan.windows { #expect(times.max()! < plan.startMicros(ofWindow: window + 1)) }
            #expect(times.max()! <= 11_000_000)
        }
    }

    @Test func aWindowedStepRunsEveryOperationItDraws() throws {
        let scenario = try ScenarioFile.parse(Data(Self.file(ops: 12_000, replicas: 1, over: "2s").utf8), file: "w.json5").scenario
        guard case .randomInWindows(let plan) = scenario.steps[1].action else {
            Issue.record("not a plan")
            return
        }
        #expect(plan.windows == 2)
        #expect((0 ..< 2).map { plan.steps(ofWindow: $0, seed: 1).count } == [6_000, 6_000])
        let result = Simulation.run(scenario: scenario, strategy: StrategyCatalog.strategy(named: "lww")!, seed: 1)
        // Every update found its key, and the run ended on a fact.
        #expect(result.quiesced)
        #expect(result.missedIntents == 0)
        #expect(result.events > 12_000)
    }
}
