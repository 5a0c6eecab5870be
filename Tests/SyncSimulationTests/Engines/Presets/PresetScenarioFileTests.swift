import Foundation
import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing

/// `preset` in scenario files, and `--preset`/`--engine` as overrides: what
/// each preset sets, how a file's own settings combine with it, which
/// strategies it runs, and the errors for what a stack cannot do.
struct PresetScenarioFileTests {
    typealias T = ScenarioFileTesting

    static func settings(_ scenario: Scenario) -> [String] {
        scenario.engine.settings.map { "\($0.name)=\($0.valueText)" }
    }

    @Test func eachPresetSetsItsEngineSettingsTopologyAndStrategies() throws {
        let nspckc = try T.parse(T.document(#"preset: "nspckc""#))
        #expect(nspckc.scenario.preset?.name == "nspckc")
        #expect(nspckc.scenario.engine.name == "cloudkit" && nspckc.scenario.topology == .mesh)
        #expect(Self.settings(nspckc.scenario) == ["conflict=pendingColumns", "clock=server", "savePolicy=changedKeys", "batch=400", "atomic=false", "exportKeys=all",
                                                  "manyToManyLinks=linkRecords"])
        #expect(nspckc.strategyNames == ["lww", "dedupe"])

        let cksyncengine = try T.parse(T.document(#"preset: "cksyncengine""#))
        #expect(cksyncengine.scenario.engine.name == "cloudkit")
        #expect(Self.settings(cksyncengine.scenario) == ["conflict=deviceDateMerge", "clock=device", "savePolicy=ifServerRecordUnchanged", "batch=400", "atomic=false"])
        #expect(cksyncengine.strategyNames == StrategyCatalog.defaultNames)

        let sqlitedata = try T.parse(T.document(#"preset: "sqlitedata""#))
        #expect(Self.settings(sqlitedata.scenario) == ["conflict=pendingColumns", "clock=device", "savePolicy=ifServerRecordUnchanged", "batch=400", "atomic=false"])
        #expect(sqlitedata.strategyNames == ["lww:field", "dedupe", "keyid"])

        let ownserver = try T.parse(T.document(#"preset: "ownserver""#))
        #expect(ownserver.scenario.engine.name == "peer" && ownserver.scenario.topology == .hub)
        #expect(ownserver.scenario.replicaNames == ["r1", "r2", "r3", "hub"])
        #expect(ownserver.scenario.hub == ReplicaID(3))
        #expect(ownserver.strategyNames == StrategyCatalog.defaultNames)
    }

    /// A behaviour no source settles is a setting: the file's own member
    /// wins over the preset's, the preset's others stay.
    @Test func theFilesOwnEngineSettingsWinMemberByMember() throws {
        let scenario = try T.parse(T.document(#"preset: "nspckc", cloudkit: { conflict: "fieldLWW", batch: 10 }"#)).scenario
        #expect(Self.settings(scenario) == ["conflict=fieldLWW", "clock=server", "savePolicy=changedKeys", "batch=10", "atomic=false", "exportKeys=all",
                                            "manyToManyLinks=linkRecords"])
        #expect(scenario.preset?.name == "nspckc")
    }

    @Test func theFilesEngineAndTopologyMayRepeatThePresetsOnly() throws {
        #expect(try T.parse(T.document(#"preset: "nspckc", engine: "cloudkit""#)).scenario.engine.name == "cloudkit")
        #expect(try T.parse(T.document(#"preset: "ownserver", topology: "hub""#)).scenario.topology == .hub)
        T.expectFailure(T.document(#"preset: "nspckc", engine: "peer""#),
                        #"t.json5: engine: preset "nspckc" runs the cloudkit engine; leave out 'engine' or name "cloudkit""#)
        T.expectFailure(T.document(#"preset: "ownserver", topology: "mesh""#),
                        #"t.json5: topology: preset "ownserver" has topology "hub"; leave out 'topology' or name "hub""#)
        T.expectFailure(T.document(#"preset: "sqlitedata", topology: "hub""#),
                        #"t.json5: topology: preset "sqlitedata" has topology "mesh"; leave out 'topology' or name "mesh""#)
        T.expectFailure(T.document(#"preset: "ownserver", cloudkit: { batch: 1 }"#),
                        #"t.json5: cloudkit: 'cloudkit' settings go with engine: "cloudkit", and this scenario runs the peer engine"#)
        T.expectFailure(T.document(#"preset: "coredata""#),
                        #"t.json5: preset: expected one of "nspckc", "cksyncengine", "sqlitedata", "ownserver", found "coredata""#)
    }

    /// A strategy the file lists and the stack cannot run is an error that
    /// says why, with its source.
    @Test func aListedStrategyTheStackCannotRunIsRefusedWithItsReason() throws {
        let error = try #require(T.failure(T.document(#"preset: "nspckc", strategies: ["lww", "unique:objectTrump"]"#)))
        #expect(error.path == "strategies[1]")
        #expect(error.message.hasPrefix(#"preset "nspckc" cannot run unique:objectTrump: Core Data with CloudKit: "Unique constraints aren't supported""#))
        #expect(error.message.contains("seed 002"))
        let crdt = try #require(T.failure(T.document(#"preset: "nspckc", strategies: ["crdt"]"#)))
        #expect(crdt.message.contains("Reading CloudKit Records for Core Data"))
        let keyid = try #require(T.failure(T.document(#"preset: "nspckc", strategies: ["keyid"]"#)))
        #expect(keyid.message == #"preset "nspckc" cannot run keyid: the container names every record itself "#
                + "(Apple, Reading CloudKit Records for Core Data; documented), so a record cannot be named after its key")
        let lww = try #require(T.failure(T.document(#"preset: "sqlitedata", strategies: ["lww"]"#)))
        #expect(lww.message.contains("its rule is lww:field"))
        let sqliteCRDT = try #require(T.failure(T.document(#"preset: "sqlitedata", strategies: ["crdt"]"#)))
        #expect(sqliteCRDT.message.contains("CRDT synchronization"))
        #expect(try T.parse(T.document(#"preset: "sqlitedata", strategies: ["keyid", "lww:field"]"#)).strategyNames == ["keyid", "lww:field"])
    }

    /// With no list, expectations about a default strategy the stack does
    /// not run are dropped (the report says it was not run); others stay.
    @Test func expectationsAboutStrategiesThePresetDoesNotRunAreDropped() throws {
        let text = T.document("""
            preset: "sqlitedata",
            expect: [
              { strategy: "unique:error", metric: "diverged", equals: 0 },
              { strategy: "lww", metric: "diverged", equals: 0 },
              { strategy: "lww:field", metric: "diverged", equals: 0 },
              { strategy: "*", metric: "quiesced", equals: 1 },
            ]
            """)
        #expect(try T.parse(text).expectations.map(\.strategy) == ["lww:field", "*"])
    }

    /// `--preset` replaces the file's stack whole: its engine, topology and
    /// every engine setting go. `--engine` drops the file's preset and the
    /// other engines' settings.
    @Test func presetAndEngineOverridesReplaceTheStack() throws {
        let file = Data(T.document(#"engine: "cloudkit", cloudkit: { conflict: "serverWins" }"#).utf8)
        let asPreset = try ScenarioFile.parse(file, file: "t.json5", seed: nil, overrides: [], preset: "sqlitedata")
        #expect(Self.settings(asPreset.scenario).first == "conflict=pendingColumns")
        let asHub = try ScenarioFile.parse(file, file: "t.json5", seed: nil, overrides: [], preset: "ownserver")
        #expect(asHub.scenario.engine.name == "peer" && asHub.scenario.topology == .hub)

        let presetFile = Data(T.document(#"preset: "nspckc", cloudkit: { batch: 5 }"#).utf8)
        let asPeer = try ScenarioFile.parse(presetFile, file: "t.json5", seed: nil, overrides: [], engine: "peer")
        #expect(asPeer.scenario.preset == nil && asPeer.scenario.engine.name == "peer")
        #expect(asPeer.strategyNames == StrategyCatalog.defaultNames)
        let asCloudKit = try ScenarioFile.parse(presetFile, file: "t.json5", seed: nil, overrides: [], engine: "cloudkit")
        #expect(Self.settings(asCloudKit.scenario) == ["conflict=recordLWW", "clock=device", "savePolicy=ifServerRecordUnchanged", "batch=5", "atomic=false"])
    }

    /// A sweep's `--vary engine=…` or `preset=…` switches the stack as the
    /// options do, so a file with `cloudkit` settings sweeps onto `peer`.
    @Test func sweepOverridesOfEngineAndPresetSwitchTheStack() throws {
        let file = Data(T.document(#"engine: "cloudkit", cloudkit: { conflict: "serverWins" }"#).utf8)
        let peer = try ScenarioFile.parse(file, file: "t.json5", seed: nil, overrides: [("engine", "peer")])
        #expect(peer.scenario.engine.name == "peer" && peer.scenario.endpointCount == 3)
        let hub = try ScenarioFile.parse(file, file: "t.json5", seed: nil, overrides: [("preset", "ownserver")])
        #expect(hub.scenario.preset?.name == "ownserver" && hub.scenario.topology == .hub)
        #expect(throws: ScenarioFileError.self) {
            try ScenarioFile.parse(file, file: "t.json5", seed: nil, overrides: [("preset", "coredata")])
        }
    }

    /// The built-in scenario on a preset is `Scenarios/default.json5` under
    /// `--preset`: the same scenario, so `simulate --preset X` and `simulate
    /// run Scenarios/default.json5 --preset X` agree.
    @Test(arguments: PresetCatalog.allNames)
    func theBuiltInScenarioOnAPresetIsTheDefaultFileUnderIt(_ name: String) throws {
        let preset = try #require(PresetCatalog.preset(named: name))
        let path = T.scenariosFolder.appendingPathComponent("default.json5").path
        let document = try ScenarioFile.load(path, preset: name)
        let file = document.scenario
        let builtIn = DefaultScenario.make(replicas: 5, seed: 1, preset: preset)
        #expect(document.strategyNames == preset.strategies)
        #expect(file.replicaNames == builtIn.replicaNames)
        #expect(file.topology == builtIn.topology && file.hub == builtIn.hub)
        #expect(file.engine.name == builtIn.engine.name && file.engine.settings == builtIn.engine.settings)
        #expect(file.preset?.name == builtIn.preset?.name)
        #expect(file.clocks == builtIn.clocks)
        #expect(file.steps == builtIn.steps)
    }
}
