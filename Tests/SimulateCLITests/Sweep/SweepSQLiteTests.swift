import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--store sqlite:DIR` end to end: a sweep's parallel jobs and shards each
/// get files of their own and give the memory sweep's files byte for byte;
/// replicas named alike get files of their own; a file a live process holds
/// is refused, naming it.
struct SweepSQLiteTests {
    static let sweep = ["sweep", "Scenarios/import-twice.json5", "--vary", "network.drop=0,0.1", "--seeds", "1..4"]
    static let outputs = ["sweep.csv", "sweep-runs.csv", "sweep.json", "sweep.md", "sweep.html"]

    /// A fresh empty folder named after the test, removed by the caller.
    static func makeFolder(_ name: String = #function) throws -> URL {
        let safe = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-sqlite-\(getpid())-\(safe)", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func expectSameFiles(_ expected: URL, _ actual: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        for name in outputs {
            let a = FileManager.default.contents(atPath: expected.appendingPathComponent(name).path)
            let b = FileManager.default.contents(atPath: actual.appendingPathComponent(name).path)
            #expect(a != nil && a == b, "\(name) differs", sourceLocation: sourceLocation)
        }
    }

    /// The command from issue 15, which failed every time with "table
    /// records already exists" or a precondition failure.
    @Test func theIssuesSweepOnSQLiteFilesEqualsTheMemorySweep() async throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = root.appendingPathComponent("D")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let memoryOut = root.appendingPathComponent("memory"), sqliteOut = root.appendingPathComponent("O")

        let memory = try await SimulateProcess.run(Self.sweep + ["--out", memoryOut.path, "--quiet"])
        let sqlite = try await SimulateProcess.run(Self.sweep + ["--store", "sqlite:\(store.path)", "--out", sqliteOut.path, "--quiet"])
        #expect(memory.status == 0 && sqlite.status == 0, "\(sqlite.stderr)")
        #expect(sqlite.stderr == "")
        #expect(sqlite.stdout == memory.stdout)
        Self.expectSameFiles(memoryOut, sqliteOut)

        let files = try StoreOptionTests.files(under: store)
        #expect(files.count == 2 * 4 * 8, "a file per point, seed and strategy (one replica)")
        #expect(files.contains("network.drop=0.1/import-twice/seed-4/unique%3AobjectTrump/r1.sqlite"))
        #expect(files.allSatisfy { $0.hasSuffix(".sqlite") }, "no lock or WAL file left")
    }

    /// Two whole sweeps started together on one store folder (issue 28):
    /// where one holds a file, the other takes the next no one holds, and
    /// both finish with the memory sweep's files.
    @Test func twoSweepsStartedTogetherOnOneFolderBothFinish() async throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = root.appendingPathComponent("D")
        let memoryOut = root.appendingPathComponent("memory"), firstOut = root.appendingPathComponent("A"), secondOut = root.appendingPathComponent("B")
        let memory = try await SimulateProcess.run(Self.sweep + ["--out", memoryOut.path, "--quiet"])
        async let first = SimulateProcess.run(Self.sweep + ["--store", "sqlite:\(store.path)", "--out", firstOut.path, "--quiet"])
        async let second = SimulateProcess.run(Self.sweep + ["--store", "sqlite:\(store.path)", "--out", secondOut.path, "--quiet"])
        let (a, b) = try await (first, second)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(a.stdout == memory.stdout && b.stdout == memory.stdout)
        Self.expectSameFiles(memoryOut, firstOut)
        Self.expectSameFiles(memoryOut, secondOut)
    }

    /// Two shards at once over one store folder, merged: the memory sweep.
    @Test func parallelShardsOverOneFolderEqualTheMemorySweep() async throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = root.appendingPathComponent("D")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let memoryOut = root.appendingPathComponent("memory"), parts = root.appendingPathComponent("parts")
        let merged = root.appendingPathComponent("merged")

        let memory = try await SimulateProcess.run(Self.sweep + ["--out", memoryOut.path, "--quiet"])
        #expect(memory.status == 0)
        let arguments = Self.sweep + ["--store", "sqlite:\(store.path)", "--out", parts.path, "--quiet"]
        async let first = SimulateProcess.run(arguments + ["--shard", "1/2"])
        async let second = SimulateProcess.run(arguments + ["--shard", "2/2"])
        let shards = try await [first, second]
        #expect(shards.allSatisfy { $0.status == 0 }, "\(shards.map(\.stderr))")
        let merge = try await SimulateProcess.run(["merge", parts.appendingPathComponent("sweep-part-1-of-2.json").path,
                                                   parts.appendingPathComponent("sweep-part-2-of-2.json").path, "--out", merged.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout == memory.stdout)
        Self.expectSameFiles(memoryOut, merged)
    }

    /// Replicas `a:b` and `a-b` once shared `a-b.sqlite` and diverged.
    @Test func replicasNamedAlikeGiveTheMemoryReportOnSQLiteFiles() async throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("punctuation.json5")
        try Data("""
        {
          name: "punctuation",
          replicas: ["a:b", "a-b"],
          steps: [
            { at: "0s", partition: [["a:b"], ["a-b"]] },
            { at: "0s", on: "a:b", import: { entity: "User", count: 5, values: { email: "u{n}@example.com" } } },
            { at: "100ms", on: "a-b", import: { entity: "User", count: 5, values: { email: "v{n}@example.com" } } },
            { at: "1s", heal: true },
          ],
          strategies: ["lww", "crdt"],
          expect: [{ strategy: "*", metric: "diverged", equals: 0 }],
        }
        """.utf8).write(to: file)
        let arguments = ["run", file.path, "--format", "json", "--no-timing"]
        let memory = try await SimulateProcess.run(arguments)
        let sqlite = try await SimulateProcess.run(arguments + ["--store", "sqlite:\(root.path)"])
        #expect(memory.status == 0 && sqlite.status == 0, "\(sqlite.stderr)")
        #expect(StoreOptionTests.differingLines(memory.stdout, sqlite.stdout).count == 1, "only the store line differs")
        #expect(sqlite.stdout.contains("\"store\": \"sqlite:\(root.path)\""))
        #expect(try StoreOptionTests.files(under: root) == [
            "punctuation.json5",
            "punctuation/seed-1/crdt/a%3Ab.sqlite", "punctuation/seed-1/crdt/a-b.sqlite",
            "punctuation/seed-1/lww/a%3Ab.sqlite", "punctuation/seed-1/lww/a-b.sqlite",
        ])
    }

    /// Another process holds the file's lock, as a live run does: the run
    /// takes the next file no one holds (`~2`), finishes with the same
    /// figures, and leaves the held file alone; once the holder is gone,
    /// the next run takes the file over.
    @Test func aFileAnotherLiveProcessHoldsIsLeftAlone() async throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let arguments = ["run", "Scenarios/import-twice.json5", "--strategies", "lww", "--no-timing", "--store", "sqlite:\(root.path)"]
        let first = try await SimulateProcess.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let database = root.appendingPathComponent("import-twice/seed-1/lww/r1.sqlite").path
        let before = try #require(FileManager.default.contents(atPath: database))

        let descriptor = open(database + ".lock", O_RDWR | O_CREAT, 0o666)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let beside = try await SimulateProcess.run(arguments)
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(beside.stdout == first.stdout)
        #expect(FileManager.default.fileExists(atPath: database + "~2"))
        #expect(FileManager.default.contents(atPath: database) == before, "the held file is left as it was")

        flock(descriptor, LOCK_UN)
        let after = try await SimulateProcess.run(arguments)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout == first.stdout)
    }
}
