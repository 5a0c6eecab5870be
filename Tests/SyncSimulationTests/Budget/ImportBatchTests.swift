import Foundation
import SyncModel
import SyncScenarioFile
import Testing
@testable import SyncSimulation

/// Imports larger than one save run batch by batch, each batch one event.
struct ImportBatchTests {
    static func file(count: Int, batch: Int? = nil, replicas: Int = 2, extra: String = "") -> String {
        let batchText = batch.map { ", batch: \($0)" } ?? ""
        return """
        { name: "batches", replicas: \(replicas),
          schema: { entities: [ { name: "User", fields: ["email", "city"], unique: [["email"]] } ] },
          steps: [ { at: "0s", on: "all", import: { entity: "User", count: \(count)\(batchText), values: { city: ["Oslo", "Rome"] } } }\(extra) ],
          until: "10s" }
        """
    }

    @Test func batchesMakeExactlyTheRowsOfOneImportInOrder() throws {
        let document = try ScenarioFile.parse(Data(Self.file(count: 2_500, batch: 1_000).utf8), file: "batches.json5")
        guard case .importInBatches(_, let plan) = document.scenario.steps[0].action else {
            Issue.record("an import of 2,500 rows is not batched")
            return
        }
        var cursor = plan.start(seed: document.seed)
        var batches: [[Row]] = []
        while let rows = plan.nextBatch(&cursor) { batches.append(rows) }
        #expect(batches.map(\.count) == [1_000, 1_000, 500])
        let whole = WorkloadGenerator.importRows(entity: plan.entity, count: 2_500, values: [1: .choices([.string("Oslo"), .string("Rome")])],
                                                 schema: document.scenario.schema, seed: document.seed, stepIndex: 0)
        #expect(batches.flatMap { $0 } == whole)
    }

    @Test func anImportThatFitsOneBatchIsOneSaveAsBefore() throws {
        let document = try ScenarioFile.parse(Data(Self.file(count: 100).utf8), file: "batches.json5")
        guard case .intent(_, .save(let rows)) = document.scenario.drawingWorkload(seed: document.seed).steps[0].action else {
            Issue.record("an import of 100 rows is not one save")
            return
        }
        #expect(rows.count == 100)
        let larger = try ScenarioFile.parse(Data(Self.file(count: 101).utf8), file: "batches.json5")
        guard case .importInBatches(_, let plan) = larger.scenario.steps[0].action else {
            Issue.record("an import of 101 rows is one save")
            return
        }
        #expect(plan.batches == 2)
    }

    @Test func eachBatchIsAnEventSoMaxEventsCutsAnImportMidway() throws {
        // 2 devices × 5 batches of 100 rows; the first 3 events are device
        // 1's first batch, device 2's first batch, device 1's second.
        var scenario = try ScenarioFile.parse(Data(Self.file(count: 500, batch: 100).utf8), file: "batches.json5").scenario
        scenario.maxEvents = 3
        let result = Simulation.run(scenario: scenario, strategy: StrategyCatalog.strategy(named: "lww")!, seed: 1)
        #expect(result.stoppedAt == .events)
        #expect(result.events == 3)
        #expect(result.timeline.events.filter { $0.kind == .save }.map(\.count) == [100, 100, 100])
    }

    @Test func aFullImportInBatchesSavesEveryRowOnEveryDevice() throws {
        let scenario = try ScenarioFile.parse(Data(Self.file(count: 1_234, batch: 500).utf8), file: "batches.json5").scenario
        let result = Simulation.run(scenario: scenario, strategy: StrategyCatalog.strategy(named: "unique:overwrite")!, seed: 1)
        // Three saves per device (500, 500, 234); the same keys on both
        // devices merge under the constraint: 1,234 records each.
        #expect(result.timeline.events.filter { $0.kind == .save }.map(\.count) == [500, 500, 500, 500, 234, 234])
        #expect(result.duplicates.final == 0)
        #expect(result.quiesced)
    }

    @Test func aSeedInBatchesIsSkippedWhereTheStoreAlreadyHoldsTheEntity() throws {
        let extra = """
        , { at: "1s", on: "all", seedIfEmpty: { entity: "User", count: 1500 } }
        """
        let scenario = try ScenarioFile.parse(Data(Self.file(count: 3, extra: extra).utf8), file: "batches.json5").scenario
        let result = Simulation.run(scenario: scenario, strategy: StrategyCatalog.strategy(named: "lww")!, seed: 1)
        // Each device holds the imported users at 1 s, so no seed batch is saved.
        #expect(result.timeline.events.filter { $0.kind == .save }.map(\.count) == [3, 3])
    }

    @Test func writersTakeAnImportOfOneBatchOnly() throws {
        let text = Self.file(count: 5_000).replacingOccurrences(of: "on: \"all\", import", with: "on: \"all\", writers: 2, import")
        #expect(throws: ScenarioFileError.self) { try ScenarioFile.parse(Data(text.utf8), file: "batches.json5") }
    }
}
