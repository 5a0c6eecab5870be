import Foundation
import SyncModel
import SyncScenarioFile
import SyncStore
import SyncSimulation
import Testing
import TestSupport

/// `--store sqlite:DIR`: one file per run, strategy and replica, named
/// without loss (``StoreLayout``), refused while another live run holds it,
/// and giving the figures of the memory store (sweeps: SyncExperimentsTests'
/// `SweepFileStoreTests`).
struct SQLiteLayoutTests {
    /// Two replicas whose names differ only in punctuation, editing apart
    /// and then syncing: the old layout gave both one file.
    static let punctuationScenario = """
    {
      name: "punctuation",
      replicas: ["a:b", "a-b"],
      network: { drop: 0.1, delay: ["5ms", "40ms"] },
      steps: [
        { at: "0s", partition: [["a:b"], ["a-b"]] },
        { at: "0s", on: "a:b", import: { entity: "User", count: 6, values: { email: "u{n}@example.com" } } },
        { at: "100ms", on: "a-b", import: { entity: "User", count: 6, values: { email: "v{n}@example.com" } } },
        { at: "1s", heal: true },
      ],
      strategies: ["lww", "unique:objectTrump", "dedupe", "crdt"],
    }
    """

    static func fingerprints(_ document: ScenarioDocument, store: StoreKind) throws -> [RunFingerprint] {
        try document.strategyNames.map { name in
            let strategy = try #require(StrategyCatalog.strategy(named: name))
            return RunFingerprint(try Simulation.run(scenario: document.scenario, strategy: strategy, seed: document.seed, store: store))
        }
    }

    // MARK: Names

    @Test func replicasNamedAlikeConvergeAsInMemoryInFilesOfTheirOwn() throws {
        let document = try ScenarioFile.parse(Data(Self.punctuationScenario.utf8), file: "punctuation.json5", seed: 3)
        #expect(document.scenario.replicaNames == ["a:b", "a-b"])
        let memory = try Self.fingerprints(document, store: .memory)
        #expect(memory.allSatisfy { $0.figures.contains("diverged=0") }, "the memory runs converge: \(memory)")
        try TestFolder.with("sqlite-layout") { folder in
            let files = try Self.fingerprints(document, store: .sqliteFiles(directory: folder.path))
            #expect(files == memory)
            var expected: [String] = []
            for strategy in document.strategyNames {
                let folder = "punctuation/seed-3/\(StoreLayout.component(strategy))"
                expected += ["\(folder)/a%3Ab.sqlite", "\(folder)/a-b.sqlite"]
            }
            #expect(try TestFolder.files(under: folder) == expected.sorted(), "a file per replica, no lock or WAL file left")
        }
    }

    @Test func theLayoutNamesEveryPartOfARun() {
        #expect(StoreLayout.file(scenario: "import-twice", seed: 7, strategy: "unique:error", replica: "r1")
                    == "import-twice/seed-7/unique%3Aerror/r1.sqlite")
        #expect(StoreLayout.file(scenario: "s", seed: 1, strategy: "lww", replica: "r3", incarnation: 3) == "s/seed-1/lww/r3@3.sqlite")
        // A replica named like an incarnation is not one.
        #expect(StoreLayout.file(scenario: "s", seed: 1, strategy: "lww", replica: "r3@3") == "s/seed-1/lww/r3%403.sqlite")
        #expect(StoreLayout.pointFolder([(path: "network.drop", value: "0.1")]) == "network.drop=0.1")
        #expect(StoreLayout.pointFolder([(path: "network.drop", value: "0"), (path: "engine", value: "peer")]) == "network.drop=0,engine=peer")
        #expect(StoreLayout.pointFolder([(path: "a=b", value: "c,d")]) == "a%3Db=c%2Cd")
        #expect(StoreLayout.pointFolder([]) == "")
    }

    static let awkwardNames = [
        "", "a", "A", "a:b", "a-b", "a_b", "a.b", "a b", "a/b", "a%b", "a%3Ab", "%", "%%", "%2", "%41", ".", "..", ".hidden", "a.",
        "r3@3", "a=b", "a,b", "a~b", "~", "Ünïcødé", "e\u{301}", "é", "日本語", "🙂", "tab\there", "new\nline", "nul\u{0}",
        String(repeating: "x", count: 200), String(repeating: "x", count: 201), String(repeating: "x", count: 500),
        String(repeating: "x", count: 500) + "y", String(repeating: "é", count: 100), String(repeating: "%", count: 70),
    ]

    @Test func distinctNamesGiveDistinctSafeComponentsThatDecode() {
        var seen: [String: String] = [:]
        for name in Self.awkwardNames {
            let component = StoreLayout.component(name)
            #expect(!component.isEmpty && !component.contains("/") && !component.hasPrefix("."), "\(name.debugDescription) → \(component)")
            #expect(component.utf8.count <= StoreLayout.maximumComponentBytes, "\(name.debugDescription) is \(component.utf8.count) bytes")
            #expect(component.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f }, "\(component) is printable ASCII")
            if let earlier = seen[component] {
                Issue.record("\(name.debugDescription) and \(earlier.debugDescription) share \(component)")
            }
            seen[component] = name
            if component.contains("~") {
                #expect(name.utf8.count > 60, "only long names are shortened: \(name.debugDescription)")
                #expect(StoreLayout.name(ofComponent: component) == nil)
            } else {
                #expect(StoreLayout.name(ofComponent: component) == name, "\(name.debugDescription) round-trips")
            }
        }
        // Only the canonical spelling decodes.
        #expect(StoreLayout.name(ofComponent: "%41") == nil)
        #expect(StoreLayout.name(ofComponent: "%3a") == nil)
        #expect(StoreLayout.name(ofComponent: "a%") == nil)
        #expect(StoreLayout.name(ofComponent: "%FF") == nil, "not UTF-8")
    }

    @Test func longNamesKeepAReadablePrefixAndAStableHash() {
        let long = String(repeating: "replica-", count: 40)
        let component = StoreLayout.component(long)
        #expect(component.utf8.count == StoreLayout.maximumComponentBytes)
        #expect(component.hasPrefix("replica-replica-"))
        #expect(component.split(separator: "~").last?.count == 32, "128 bits of hash in hex")
        #expect(StoreLayout.component(long) == component)
        #expect(StoreLayout.component(long + "x") != component)
        // A prefix never ends inside a %XX escape.
        for count in 150 ... 175 {
            let name = String(repeating: "a", count: count) + String(repeating: ":", count: 40)
            let prefix = StoreLayout.component(name).split(separator: "~").first!
            #expect(!prefix.hasSuffix("%") && !prefix.dropLast().hasSuffix("%"), "\(count): \(prefix)")
        }
        let file = StoreLayout.file(scenario: long, seed: UInt64.max, strategy: long, replica: long, incarnation: Int.max)
        #expect(file.split(separator: "/").allSatisfy { $0.utf8.count <= StoreLayout.maximumComponentBytes + ".sqlite".count })
    }

    /// The hash is written in the code (``StableHash``), not Swift's
    /// per-process `Hasher`, so this value is fixed; a change here would
    /// move every long-named file.
    @Test func theHashIsTheSameInEveryProcess() {
        let name = String(repeating: "0123456789", count: 30)
        #expect(StoreLayout.component(name) == String(repeating: "0123456789", count: 16) + "0123456~" + Self.pinnedHash)
    }

    static let pinnedHash = "B85B975B292BC433BF49C8943F68FE84"

    // MARK: A live run's files

    /// Two runs of one seed on one folder at once (two sweeps started
    /// together): the second takes `~2` files no one holds, and both finish
    /// with the same figures; the live run's files are left alone.
    @Test func aSecondRunTakesFilesNoOneHolds() throws {
        let document = try ScenarioFile.parse(Data(Self.punctuationScenario.utf8), file: "punctuation.json5", seed: 3)
        let strategy = try #require(StrategyCatalog.strategy(named: "lww"))
        try TestFolder.with("sqlite-layout") { folder in
            let store = StoreKind.sqliteFiles(directory: folder.path)
            let live = try Simulation(scenario: document.scenario, strategy: strategy, seed: 3, store: store)
            let second = try Simulation.run(scenario: document.scenario, strategy: strategy, seed: 3, store: store)
            let alone = try Simulation.run(scenario: document.scenario, strategy: strategy, seed: 3, store: .memory)
            #expect(RunFingerprint(second).figures.filter { !$0.hasPrefix("invariantChecks") }
                    == RunFingerprint(alone).figures.filter { !$0.hasPrefix("invariantChecks") })
            let base = folder.path + "/punctuation/seed-3/lww/"
            #expect(FileManager.default.fileExists(atPath: base + "a%3Ab.sqlite~2"))
            #expect(FileManager.default.fileExists(atPath: base + "a%3Ab.sqlite"))
            // Another seed is another run, with files of its own.
            _ = try Simulation.run(scenario: document.scenario, strategy: strategy, seed: 4, store: store)
            withExtendedLifetime(live) {}
        }
    }

    @Test func aFileLeftByAnEndedRunIsTakenOverAndEmptied() throws {
        let document = try ScenarioFile.parse(Data(Self.punctuationScenario.utf8), file: "punctuation.json5", seed: 3)
        let strategy = try #require(StrategyCatalog.strategy(named: "crdt"))
        try TestFolder.with("sqlite-layout") { folder in
            let store = StoreKind.sqliteFiles(directory: folder.path)
            let first = RunFingerprint(try Simulation.run(scenario: document.scenario, strategy: strategy, seed: 3, store: store))
            // A lock file left by a process that died is no claim: nothing holds it.
            let leftover = folder.path + "/punctuation/seed-3/crdt/a-b.sqlite.lock"
            #expect(FileManager.default.createFile(atPath: leftover, contents: Data()))
            let again = RunFingerprint(try Simulation.run(scenario: document.scenario, strategy: strategy, seed: 3, store: store))
            #expect(again == first)
            #expect(!FileManager.default.fileExists(atPath: leftover))
        }
    }

    /// A missing store folder is created, as `--out` creates its own
    /// (issue 28), for a run and for a sweep point; a file in its place is
    /// refused.
    @Test func aMissingStoreFolderIsCreated() throws {
        try TestFolder.with("sqlite-layout") { folder in
            let missing = folder.appendingPathComponent("missing").path
            let document = try ScenarioFile.parse(Data(Self.punctuationScenario.utf8), file: "punctuation.json5", seed: 3)
            let strategy = try #require(StrategyCatalog.strategy(named: "lww"))
            _ = try Simulation.run(scenario: document.scenario, strategy: strategy, seed: 3, store: .sqliteFiles(directory: missing))
            #expect(FileManager.default.fileExists(atPath: missing + "/punctuation/seed-3/lww/a%3Ab.sqlite"))
            let point = folder.appendingPathComponent("other").path
            #expect(try StoreKind.sqliteFiles(directory: point).forSweepPoint([(path: "a", value: "1")]) == .sqliteFiles(directory: point + "/a=1"))
            #expect(FileManager.default.fileExists(atPath: point + "/a=1"))
            let file = folder.appendingPathComponent("file").path
            try Data("x".utf8).write(to: URL(fileURLWithPath: file))
            #expect(throws: SimulationError.self) {
                try Simulation.run(scenario: document.scenario, strategy: strategy, seed: 3, store: .sqliteFiles(directory: file))
            }
        }
    }
}
