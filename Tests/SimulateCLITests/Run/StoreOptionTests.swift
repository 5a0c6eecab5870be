import Foundation
import Testing
import TestSupport

/// `--store memory|sqlite|sqlite:DIR`, end to end.
struct StoreOptionTests {
    static let allowed = "memory, sqlite (an in-memory database per replica) or sqlite:DIR (a file per run and replica under the folder DIR)"

    static var scenariosFolder: URL { PackageRoot.url.appendingPathComponent("Scenarios") }

    /// A fresh empty folder named after the test, removed by the caller.
    static func makeFolder(_ name: String = #function) throws -> URL {
        let safe = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("store-option-tests-\(getpid())-\(safe)", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Every file under `folder`, relative to it, sorted.
    static func files(under folder: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// The indices where two outputs differ, line by line.
    static func differingLines(_ a: String, _ b: String) -> [Int] {
        let left = lines(a), right = lines(b)
        guard left.count == right.count else { return [-1] }
        return left.indices.filter { left[$0] != right[$0] }
    }

    @Test func sqliteGivesTheMemoryOutputButTheStoreLine() async throws {
        let arguments = ["--replicas", "3", "--format", "json", "--no-timing"]
        let memory = try await SimulateProcess.run(arguments + ["--store", "memory"])
        let sqlite = try await SimulateProcess.run(arguments + ["--store", "sqlite"])
        #expect(memory.status == 0 && sqlite.status == 0)
        #expect(memory.stderr == "" && sqlite.stderr == "")
        let differing = Self.differingLines(memory.stdout, sqlite.stdout)
        #expect(differing.count == 1, "lines \(differing) differ")
        if let index = differing.first, index >= 0 {
            // The report sits in the `reports` array, three levels in.
            #expect(Self.lines(memory.stdout)[index] == "      \"store\": \"memory\",")
            #expect(Self.lines(sqlite.stdout)[index] == "      \"store\": \"sqlite\",")
        }
        #expect(try SimulateProcess.parseReport(sqlite.stdout)["store"] as? String == "sqlite")
        // Memory is the default.
        let byDefault = try await SimulateProcess.run(arguments)
        #expect(byDefault.stdoutData == memory.stdoutData)
    }

    @Test func sqliteDirWritesAFilePerReplicaAndStrategy() async throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["--replicas", "3", "--strategies", "lww,unique:error", "--format", "json", "--no-timing"]
        let memory = try await SimulateProcess.run(arguments)
        let files = try await SimulateProcess.run(arguments + ["--store=sqlite:\(folder.path)"])
        #expect(files.status == 0)
        #expect(files.stderr == "")
        let differing = Self.differingLines(memory.stdout, files.stdout)
        #expect(differing.count == 1, "lines \(differing) differ")
        if let index = differing.first, index >= 0 {
            #expect(Self.lines(files.stdout)[index] == "      \"store\": \"sqlite:\(folder.path)\",")
        }
        #expect(try Self.files(under: folder) == [
            "default/seed-1/lww/r1.sqlite", "default/seed-1/lww/r2.sqlite", "default/seed-1/lww/r3.sqlite",
            "default/seed-1/unique%3Aerror/r1.sqlite", "default/seed-1/unique%3Aerror/r2.sqlite", "default/seed-1/unique%3Aerror/r3.sqlite",
        ])

        // The table names the store in its heading.
        let table = try await SimulateProcess.run(["--replicas", "3", "--strategies", "lww", "--no-timing", "--store", "sqlite:\(folder.path)"])
        #expect(table.status == 0)
        #expect(Self.lines(table.stdout).first == "SyncSim · scenario default · seed 1 · 3 replicas · sqlite:\(folder.path) store")
    }

    @Test func aScenarioFileRunsAndChecksOnSQLite() async throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = Self.scenariosFolder.appendingPathComponent("crash-wipe.json5").path
        let check = try await SimulateProcess.run(["check", file, "--store", "sqlite"])
        #expect(check.status == 0)
        #expect(check.stdout.hasSuffix("9 passed, 0 failed\n"))
        let run = try await SimulateProcess.run(["run", file, "--strategies", "lww", "--no-timing", "--store", "sqlite:\(folder.path)"])
        #expect(run.status == 0)
        #expect(try Self.files(under: folder)
                    == ["crash-wipe/seed-1/lww/r1.sqlite", "crash-wipe/seed-1/lww/r2.sqlite", "crash-wipe/seed-1/lww/r3@3.sqlite"])
    }

    /// With the store a near miss names, if any.
    @Test(arguments: [("bogus", ""), ("sqlite:", "sqlite"), ("SQLite", "sqlite"), ("sqlite3", "sqlite"), ("", ""), ("memroy", "memory")])
    func anUnknownStoreIsAUsageError(value: String, suggestion: String) async throws {
        let output = try await SimulateProcess.run(["--replicas", "3", "--store", value])
        #expect(output.status == 2)
        #expect(output.stdout == "")
        let didYouMean = suggestion.isEmpty ? "" : "; did you mean \(suggestion)?"
        #expect(output.stderr == "simulate: --store expects \(Self.allowed), got '\(value)'\(didYouMean)\n")
    }

    @Test func aMissingStoreValueIsAUsageError() async throws {
        let output = try await SimulateProcess.run(["--store"])
        #expect(output.status == 2)
        #expect(output.stderr == "simulate: --store needs a value: \(Self.allowed)\n")
        let inline = try await SimulateProcess.run(["--store=bogus"])
        #expect(inline.status == 2)
        #expect(inline.stderr == "simulate: --store expects \(Self.allowed), got 'bogus'\n")
    }

    /// A missing folder is created, as `--out` creates its own (issue 28).
    @Test func aMissingStoreFolderIsCreated() async throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("new/sub").path
        let output = try await SimulateProcess.run(["--replicas", "2", "--strategies", "lww", "--store", "sqlite:\(missing)", "--no-timing"])
        #expect(output.status == 0, "\(output.stderr)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: missing + "/default/seed-1", isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func aStoreFolderThatCannotBeOpenedExitsTwoNamingThePath() async throws {
        // A file where the folder should be exits 2, naming it.
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notAFolder = folder.appendingPathComponent("plain-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: notAFolder))
        let blocked = try await SimulateProcess.run(["--replicas", "3", "--store", "sqlite:\(notAFolder)"])
        #expect(blocked.status == 2)
        #expect(blocked.stderr.hasPrefix("simulate: cannot open a store: \(notAFolder)/default/seed-1/"), "\(blocked.stderr)")
        #expect(blocked.stderr.contains("unable to open database file: the store folder \(notAFolder) is not a folder"))
    }
}
