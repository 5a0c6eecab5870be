@testable import SyncSimulation
import SyncModel
import Testing

/// A strategy registered by name is accepted wherever a built-in one is;
/// presets judge it by what it declares. The registry is one per process,
/// so these tests register for their own task only (`withRegistered`):
/// other tests, which list every name in messages, never see the names.
struct StrategyRegistryTests {
    typealias T = ScenarioFileTesting

    /// `lww` under another name, declaring a store constraint when asked.
    struct Renamed: Strategy {
        let name: String
        var enforces = false
        var clockKind: StampClockKind { .wall }
        var enforcesUniqueness: Bool { enforces }
        var promisesConvergence: Bool { true }
        func save(_ intent: Intent, fetched: Fetched, in context: inout StrategyContext) -> IntentOutcome {
            LastWriterWinsStrategy(granularity: .record).save(intent, fetched: fetched, in: &context)
        }
        func applyRemote(_ changeSet: ChangeSet, in context: inout StrategyContext) -> RemoteOutcome {
            context.mergeRemote(changeSet)
        }
    }

    @Test func aRegisteredNameRunsFromAScenarioFileLikeTheBuiltInOne() throws {
        try StrategyRegistry.withRegistered("test:lww-alias", { Renamed(name: "test:lww-alias") }) {
            #expect(StrategyCatalog.allNames.last == "test:lww-alias")
            try runsLikeLWW()
        }
        #expect(StrategyCatalog.strategy(named: "test:lww-alias") == nil)
    }

    private func runsLikeLWW() throws {
        let text = T.document(#"strategies: ["lww", "test:lww-alias"], expect: [ { strategy: "test:lww-alias", metric: "quiesced", equals: 1 } ]"#)
        let document = try T.parse(text)
        #expect(document.strategyNames == ["lww", "test:lww-alias"] && document.expectations.count == 1)
        let results = Comparison.run(scenario: document.scenario, strategies: document.strategyNames.map { StrategyCatalog.strategy(named: $0)! },
                                     seed: 1)
        // The same app code under two names: the same figures.
        #expect(results[1].strategy == "test:lww-alias" && results[1].duplicates == results[0].duplicates
                && results[1].lostWrites == results[0].lostWrites)
    }

    @Test func namesAreCheckedWhenRegistered() throws {
        #expect(throws: StrategyRegistry.RegistrationError.self) { try StrategyRegistry.register("crdt") { CRDTStrategy() } }
        #expect(throws: StrategyRegistry.RegistrationError.self) { try StrategyRegistry.register("bad name") { CRDTStrategy() } }
        #expect(throws: StrategyRegistry.RegistrationError.self) { try StrategyRegistry.register("") { CRDTStrategy() } }
        _ = try StrategyRegistry.withRegistered("test:twice", { CRDTStrategy() }) {
            #expect(throws: StrategyRegistry.RegistrationError.self) { try StrategyRegistry.register("test:twice") { CRDTStrategy() } }
        }
    }

    /// NSPersistentCloudKitContainer allows no unique constraint: a
    /// registered strategy whose store enforces one is refused as
    /// `unique:*` is, with the same reason; one without runs.
    @Test func presetsJudgeARegisteredStrategyByWhatItDeclares() throws {
        try StrategyRegistry.withRegistered("test:constrained", { Renamed(name: "test:constrained", enforces: true) }) {
            try StrategyRegistry.withRegistered("test:plain", { Renamed(name: "test:plain") }) { judged() }
        }
    }

    private func judged() {
        let nspckc = PresetCatalog.preset(named: "nspckc")!
        #expect(nspckc.exclusion(of: "test:constrained")?.label == "unique:*")
        #expect(nspckc.exclusion(of: "test:plain")?.label == nil)
        #expect(PresetCatalog.preset(named: "ownserver")!.exclusion(of: "test:constrained")?.label == nil)
    }
}
