import Foundation
@testable import SyncScenarioFile
import SyncSimulation
import Testing

/// The work estimate comes before any pass over a file's imports and keys
/// (issue 41): a small file asking for twenty million-row imports and one
/// update of a key none of them creates spent 32 CPU s and 220 MB
/// expanding the imports to check the update's key, then failed; a command
/// that holds it to the estimate (``ScenarioSizeCheck``) refuses it at once.
struct SizeCheckBeforeKeysTests {
    /// Twenty imports of a million users on one device, then an update of
    /// `updatedKey` (`nobody` is created by none; `email-07` by every import of 10).
    static func text(imports: Int = 20, count: Int = 1_000_000, updatedKey: String = "nobody", expect: String = "") -> Data {
        let steps = (0 ..< imports).map { _ in #"{ at: "0s", on: "r1", import: { entity: "User", count: \#(count) } }"# }
        return Data("""
        { name: "twenty-imports", replicas: 2,
          schema: { entities: [ { name: "User", fields: ["email", "name"], unique: [["email"]] } ] },
          steps: [ \(steps.joined(separator: ", ")),
                   { at: "1s", on: "r1", update: { entity: "User", key: { email: "\(updatedKey)" }, set: { name: "x" } } } ],
          \(expect)
          until: "60s" }
        """.utf8)
    }

    static func failure(_ data: Data, sizeCheck: ScenarioSizeCheck?) -> ScenarioFileError? {
        do {
            _ = try ScenarioFile.parse(data, file: "t.json5", seed: nil, overrides: [], sizeCheck: sizeCheck)
            return nil
        } catch {
            return error
        }
    }

    @Test func aFileOverTheBudgetIsRefusedBeforeItsImportsAreExpanded() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(Self.failure(Self.text(), sizeCheck: ScenarioSizeCheck(limits: RunLimits())))
        #expect(error.path == "")
        #expect(error.message.hasPrefix("too large: 1,000,000 imported User records, each kept on 2 devices = 4×10^7 records"), "\(error.message)")
        #expect(error.message.hasSuffix("--allow-large runs it anyway"))
        // Expanding the imports took 32 s; the estimate takes milliseconds. A generous bound, not a timing.
        #expect(clock.now - start < .seconds(5))
    }

    @Test func aSweepPointSaysWhichPointIsTooLarge() throws {
        let error = try #require(Self.failure(Self.text(), sizeCheck: ScenarioSizeCheck(limits: RunLimits(), place: "at network.drop=0.1")))
        #expect(error.message.hasPrefix("too large at network.drop=0.1: 1,000,000 imported User records"))
    }

    @Test func aReaderThatRunsNoStepsSkipsTheKeyPassesInstead() throws {
        // Advise reads only the schema: the file is read at once, its
        // update and its value expectation not checked against the imports.
        let data = Self.text(expect: #"expect: [{ strategy: "lww", record: { entity: "User", key: { email: "nobody" } }, field: "name", on: "*", equals: "x" }],"#)
        #expect(Self.failure(data, sizeCheck: ScenarioSizeCheck(limits: RunLimits(), overBudget: .skipKeyPasses)) == nil)
    }

    @Test func withinTheBudgetTheKeysAreStillChecked() throws {
        let small = Self.text(imports: 2, count: 10)
        let error = try #require(Self.failure(small, sizeCheck: ScenarioSizeCheck(limits: RunLimits())))
        #expect(error.path == "steps[2]")
        #expect(error.message.hasPrefix("no step before this one creates User { email: \"nobody\" }"))
        #expect(Self.failure(Self.text(imports: 2, count: 10, updatedKey: "email-07"), sizeCheck: ScenarioSizeCheck(limits: RunLimits())) == nil)
    }

    @Test func onlyAFileEveryStrategyAloneIsTooLargeForIsRefused() throws {
        // 2 devices × 150,000 users: under `lww` each keeps both devices'
        // copies (600,000 records), under a unique strategy one per key; with
        // a budget between the two, a command running only the latter runs it.
        let data = Data("""
        { name: "mixed", replicas: 2, strategies: ["lww", "unique:overwrite"],
          schema: { entities: [ { name: "User", fields: ["email"], unique: [["email"]] } ] },
          steps: [ { at: "0s", on: "all", import: { entity: "User", count: 150000 } } ] }
        """.utf8)
        let scenario = try ScenarioFile.parse(data, file: "t.json5").scenario
        let lww = StrategyCatalog.strategy(named: "lww")!, unique = StrategyCatalog.strategy(named: "unique:overwrite")!
        let lwwBytes = WorkEstimate(scenario: scenario, strategies: [lww]).bytes
        let uniqueBytes = WorkEstimate(scenario: scenario, strategies: [unique]).bytes
        try #require(uniqueBytes < lwwBytes)
        let between = RunLimits(budget: WorkBudget(bytes: (lwwBytes + uniqueBytes) / 2, work: .infinity))
        #expect(Self.failure(data, sizeCheck: ScenarioSizeCheck(limits: between)) == nil)
        let below = RunLimits(budget: WorkBudget(bytes: uniqueBytes / 2, work: .infinity))
        #expect(Self.failure(data, sizeCheck: ScenarioSizeCheck(limits: below))?.message.hasPrefix("too large: ") == true)
    }
}
