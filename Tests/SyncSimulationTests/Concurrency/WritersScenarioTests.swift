import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing

/// Steps with `writers`, simulated (seeded) and on real threads.
struct WritersScenarioTests {
    static func document() throws -> ScenarioDocument {
        try ScenarioFile.load(ScenarioFileTesting.scenariosFolder.appendingPathComponent("writers-race.json5").path)
    }

    /// The simulated interleaving is the seed's: the same local duplicates
    /// under dedupe on every run, and a different seed may interleave otherwise.
    @Test func simulatedRaceReplaysFromItsSeed() throws {
        let document = try Self.document()
        let first = Simulation.run(scenario: document.scenario, strategy: namedStrategy("dedupe"), seed: document.seed)
        let second = Simulation.run(scenario: document.scenario, strategy: namedStrategy("dedupe"), seed: document.seed)
        #expect(first.race.localDuplicates > 0)
        #expect(RunFingerprint(first) == RunFingerprint(second))
    }

    /// lww and the unique constraint insert without fetching, so whatever
    /// the interleaving, 8 writers of one key give 7 extra inserts: kept
    /// as duplicates by lww, refused and retried under the error policy.
    @Test func insertsWithoutFetchingAreExactWhateverTheInterleaving() throws {
        let scenario = try Self.document().scenario
        let lww = Simulation.run(scenario: scenario, strategy: namedStrategy("lww"), seed: 1)
        #expect(lww.race.localDuplicates == 35)
        let unique = Simulation.run(scenario: scenario, strategy: namedStrategy("unique:error"), seed: 1)
        #expect(unique.race.localDuplicates == 0)
        #expect(unique.race.savesRetried == 35)
        #expect(unique.rejected.total == 0)
        #expect(unique.duplicates.peak == 0)
    }

    /// `--concurrency dispatch`: real threads inside the run. Whatever they
    /// do, the constraint and crdt hold no duplicate, lww keeps every
    /// insert, and dedupe's pass cleans up.
    @Test func dispatchWritersKeepTheInvariants() throws {
        let scenario = try Self.document().scenario
        func run(_ name: String) -> RunResult {
            Simulation.run(scenario: scenario, strategy: namedStrategy(name), seed: 1, concurrency: .dispatch)
        }
        for name in ["unique:error", "unique:objectTrump", "crdt"] {
            let result = run(name)
            #expect(result.duplicates.peak == 0, "\(name)")
            #expect(result.race.intents == 40, "\(name)")
            #expect(result.diverged == 0, "\(name)")
        }
        #expect(run("lww").duplicates.final == 35)
        let dedupe = run("dedupe")
        #expect(dedupe.duplicates.final == 0)
        #expect(dedupe.diverged == 0)
    }
}

/// Real threads on a file store: each writer has its own SQLite connection,
/// so the race goes through SQLite's locking; the invariants still hold.
struct FileStoreWritersTests {
    @Test func dispatchWritersOnAFileStoreKeepTheInvariants() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("syncsim-writers-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try WritersScenarioTests.document().scenario
        func run(_ name: String) throws -> RunResult {
            try Simulation.run(scenario: scenario, strategy: namedStrategy(name), seed: 1, concurrency: .dispatch,
                               store: .sqliteFiles(directory: directory.path))
        }
        for name in ["unique:error", "unique:objectTrump", "crdt"] {
            let result = try run(name)
            #expect(result.duplicates.peak == 0, "\(name)")
            #expect(result.diverged == 0, "\(name)")
        }
        let unique = try run("unique:error")
        #expect(unique.race.savesRetried == 35, "the 35 later inserts are refused by SQLite's UNIQUE index and retried")
        #expect(try run("lww").duplicates.final == 35)
        #expect(try run("dedupe").duplicates.final == 0)
    }
}
