import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing

/// Reading scenario files from disk and finding them in folders.
struct ScenarioFileLoadTests {
    typealias T = ScenarioFileTesting

    @Test func loadReadsAFileAndNamesItInErrors() throws {
        let folder = try T.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.json5")
        try Data(#"{ name: "good", seed: 4 }"#.utf8).write(to: good)
        let document = try ScenarioFile.load(good.path)
        #expect(document.file == good.path)
        #expect(document.scenario.name == "good")
        #expect(document.seed == 4)
        #expect(try ScenarioFile.load(good.path, seed: 11).seed == 11)

        let bad = folder.appendingPathComponent("bad.json5")
        try Data(#"{ name: "bad", until: "10" }"#.utf8).write(to: bad)
        do {
            _ = try ScenarioFile.load(bad.path)
            Issue.record("bad.json5 loaded")
        } catch {
            #expect(error.description == #"\#(bad.path): until: expected a duration with a unit such as "250us", "80ms", "2s", "5m", "2h" or "7d", found "10""#)
        }
    }

    @Test func loadOfAMissingFileSaysNoSuchFile() throws {
        let folder = try T.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.json5").path
        do {
            _ = try ScenarioFile.load(missing)
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.file == missing)
            #expect(error.path == "")
            #expect(error.message == "no such file")
            #expect(error.description == "\(missing): no such file")
        }
        // A folder exists but is not a file that can be read.
        do {
            _ = try ScenarioFile.load(folder.path)
            Issue.record("a folder loaded")
        } catch {
            #expect(error.description == "\(folder.path): cannot be read")
        }
    }

    @Test func expandListsAFoldersScenarioFilesSorted() throws {
        let folder = try T.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["b.json5", "a.json5", "c.json5", "notes.txt", "d.json", "README.md"] {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
        }
        let inner = folder.appendingPathComponent("inner", isDirectory: true)
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: inner.appendingPathComponent("deep.json5"))

        // A subfolder's files come after the folder's own.
        let expected = ["a.json5", "b.json5", "c.json5", "inner/deep.json5"].map { "\(folder.path)/\($0)" }
        #expect(try ScenarioFile.expand([folder.path]) == expected)
        // A trailing slash does not double up.
        #expect(try ScenarioFile.expand([folder.path + "/"]) == expected)
        // Files are taken as given (any extension), in the order given, around folders.
        let notes = folder.appendingPathComponent("notes.txt").path
        #expect(try ScenarioFile.expand([notes, folder.path, notes]) == [notes] + expected + [notes])
        // A subfolder named alone.
        #expect(try ScenarioFile.expand([inner.path]) == ["\(inner.path)/deep.json5"])
    }

    @Test func expandOfAFolderWithoutScenariosFails() throws {
        let folder = try T.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try ScenarioFile.expand([folder.path])
            Issue.record("an empty folder expanded")
        } catch {
            #expect(error.description == "\(folder.path): no .json5 files in this folder")
            #expect(error.path == "")
        }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("x.json"))
        do {
            _ = try ScenarioFile.expand([folder.path])
            Issue.record("a folder without .json5 files expanded")
        } catch {
            #expect(error.description == "\(folder.path): no .json5 files in this folder")
        }
    }

    @Test func expandOfAMissingPathFails() throws {
        let folder = try T.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("a.json5"))
        let missing = folder.appendingPathComponent("nope").path
        do {
            _ = try ScenarioFile.expand([folder.path, missing])
            Issue.record("a missing path expanded")
        } catch {
            #expect(error.description == "\(missing): no such file or folder")
        }
        #expect(try ScenarioFile.expand([]) == [])
    }

    /// A folder's own files first, sorted, then each subfolder's, sorted
    /// by name: `Scenarios/stacks/…` is checked with the rest.
    @Test func foldersExpandRecursivelyInSortedOrder() throws {
        let folder = try T.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["b.json5", "a.json5", "z/c.json5", "m/y/e.json5", "m/d.json5", ".hidden/h.json5", "m/notes.md"] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: url)
        }
        let files = try ScenarioFile.expand([folder.path])
        #expect(files == ["a.json5", "b.json5", "m/d.json5", "m/y/e.json5", "z/c.json5"].map { "\(folder.path)/\($0)" })
    }

    @Test func theScenariosFolderExpandsToEveryScenarioFile() throws {
        let files = try ScenarioFile.expand([T.scenariosFolder.path])
        #expect(Array(files.prefix(T.scenarioFileNames().count)) == T.scenarioFileNames().map { "\(T.scenariosFolder.path)/\($0)" })
        #expect(files.contains { $0.hasPrefix("\(T.scenariosFolder.path)/stacks/") })
        #expect(files.count >= 12)
        #expect(!files.contains { $0.hasSuffix("README.md") })
    }
}
