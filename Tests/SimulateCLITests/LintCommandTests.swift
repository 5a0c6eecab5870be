import Foundation
import Testing

/// End to end: `simulate lint` on the SyncLint fixtures, with the built
/// executable; the exit status says whether the model would load with
/// CloudKit.
struct LintCommandTests {
    /// `Tests/SyncLintTests/Fixtures`, from this file's path.
    static var fixtures: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SyncLintTests/Fixtures").path
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func brokenSwiftDataExitsOneAndNamesTheUniqueAttributeLine() async throws {
        let root = Self.fixtures + "/SwiftData/Broken"
        let output = try await SimulateProcess.run(["lint", root])
        #expect(output.status == 1)
        #expect(output.stderr == "")
        let lines = Self.lines(output.stdout)
        #expect(lines.first == "\(root)/Article.swift:8: error: Article.url has @Attribute(.unique); NSPersistentCloudKitContainer "
            + "(which SwiftData syncs with) refuses to load a model with unique constraints (the app crashes at launch); "
            + "keep url as a natural key and dedupe instead [unique-constraint]")
        #expect(lines.contains("lint: 6 errors, 7 warnings in 6 entities of Broken (SwiftData sources): the model fails to load with CloudKit"))
    }

    @Test func cleanModelsExitZero() async throws {
        for model in ["SwiftData/Library", "CoreData/Library.xcdatamodeld"] {
            let output = try await SimulateProcess.run(["lint", Self.fixtures + "/" + model])
            #expect(output.status == 0, "\(model): \(output.stdout)\(output.stderr)")
            #expect(output.stdout.contains("): ready for CloudKit\n"))
        }
    }

    @Test func brokenCoreDataExitsOne() async throws {
        let output = try await SimulateProcess.run(["lint", Self.fixtures + "/CoreData/Broken.xcdatamodeld"])
        #expect(output.status == 1)
        #expect(Self.lines(output.stdout).filter { $0.contains(": error: ") }.count == 7)
    }

    @Test func badInputExitsTwoNamingFileAndLine() async throws {
        let malformed = try await SimulateProcess.run(["lint", Self.fixtures + "/CoreData/Malformed.xcdatamodel"])
        #expect(malformed.status == 2)
        #expect(malformed.stdout == "")
        #expect(malformed.stderr.hasPrefix("simulate: lint: \(Self.fixtures)/CoreData/Malformed.xcdatamodel/contents:6: malformed XML"))
        let missing = try await SimulateProcess.run(["lint", "/no/such/Model.xcdatamodeld"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "simulate: lint: /no/such/Model.xcdatamodeld: no such file or folder\n")
        let usage = try await SimulateProcess.run(["lint"])
        #expect(usage.status == 2)
        #expect(usage.stderr == "simulate: simulate lint needs a model: a .xcdatamodeld or .xcdatamodel folder, or a folder of SwiftData sources\n")
    }

    /// The schema `--write-schema` writes is a scenario `simulate run` runs.
    @Test func writtenSchemaRuns() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("model.json5").path
        let lint = try await SimulateProcess.run(["lint", Self.fixtures + "/CoreData/Broken.xcdatamodeld", "--write-schema", schema])
        #expect(lint.status == 1)
        #expect(Self.lines(lint.stdout).dropLast().last == "schema: wrote \(schema) (6 entities); run it with: simulate run \(schema)")
        let run = try await SimulateProcess.run(["run", schema, "--strategies", "lww,dedupe", "--no-timing"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("SyncSim · scenario Broken · seed 1"))
    }
}
