import Foundation
import Testing
import TestSupport

/// End to end: `simulate lint` on the SyncLint fixtures, with the built
/// executable; the exit status says whether the model would load with
/// CloudKit.
struct LintCommandTests {
    /// `Tests/SyncLintTests/Fixtures`.
    static var fixtures: String { PackageRoot.path("Tests/SyncLintTests/Fixtures") }

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
        #expect(lines.contains("lint: 7 errors, 5 warnings, 1 note in 7 entities of Broken (SwiftData sources): the model fails to load with CloudKit"))
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

    /// The figure in a table row: `lww 20 20 …` split on spaces, column `index`.
    static func cell(_ table: String, row strategy: String, column index: Int) -> String? {
        Self.lines(table).first { $0.hasPrefix(strategy + " ") }.map { $0.split(separator: " ").map(String.init) }?[index]
    }

    /// End to end: the written workload leaves K·2 = 20 duplicates under
    /// lww and none under crdt on a model with one keyed entity, whether
    /// the key is the model's own constraint (Broken: Article.url) or
    /// `--key` names it on a model without constraints (Library: Book.uuid,
    /// which a CloudKit model must leave unconstrained); a bad `--key`
    /// exits 2 naming what is allowed, and writes nothing.
    @Test func writtenWorkloadCountsDuplicatesByTheKey() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (model, keys, status) in [("CoreData/Broken.xcdatamodeld", [String](), Int32(1)), ("CoreData/Library.xcdatamodeld", ["--key", "Book.uuid"], 0)] {
            let schema = folder.appendingPathComponent("\(status).json5").path
            let lint = try await SimulateProcess.run(["lint", Self.fixtures + "/" + model, "--write-schema", schema] + keys)
            #expect(lint.status == status, "\(model): \(lint.stderr)")
            #expect(Self.lines(lint.stdout).dropLast().last?.hasPrefix("schema: wrote \(schema) ") == true)
            let run = try await SimulateProcess.run(["run", schema, "--no-timing", "--strategies", "lww,dedupe,crdt"])
            #expect(run.status == 0, "\(model): \(run.stdout)\(run.stderr)")
            #expect(Self.cell(run.stdout, row: "lww", column: 1) == "20", "\(model)")
            #expect(Self.cell(run.stdout, row: "dedupe", column: 1) == "0", "\(model)")
            #expect(Self.cell(run.stdout, row: "crdt", column: 2) == "0", "\(model): crdt's peak")
            #expect(run.stdout.contains("PASS  \(model.prefix { $0 != "." }.split(separator: "/").last!)  lww     duplicates.final  = 20  20\n"))
            #expect(!run.stdout.contains("FAIL"))
        }

        let schema = folder.appendingPathComponent("bad.json5").path
        let bad = try await SimulateProcess.run(["lint", Self.fixtures + "/SwiftData/Library", "--write-schema", schema, "--key", "Book.isbnn"])
        #expect(bad.status == 2)
        #expect(bad.stdout == "")
        #expect(bad.stderr == "simulate: lint: --key Book.isbnn: unknown field 'isbnn' of Book; fields: title, isbn, format, pageCount, addedAt, ratings, metadata, cover; did you mean 'isbn'?\n")
        #expect(!FileManager.default.fileExists(atPath: schema))
        let twice = try await SimulateProcess.run(["lint", Self.fixtures + "/SwiftData/Library", "--write-schema", schema, "--key", "Book.isbn", "--key=Book.title"])
        #expect(twice.status == 2)
        #expect(twice.stderr.hasPrefix("simulate: lint: --key Book.title: Book has a key already (--key Book.isbn); give one --key per entity"))
        let alone = try await SimulateProcess.run(["lint", Self.fixtures + "/SwiftData/Library", "--key", "Book.isbn"])
        #expect(alone.status == 2)
        #expect(alone.stderr == "simulate: --key names a natural key of the scenario --write-schema FILE writes: give --write-schema too\n")

        // Without any key the file still runs, and one line says why it counts nothing.
        let keyless = try await SimulateProcess.run(["lint", Self.fixtures + "/SwiftData/Library", "--write-schema", schema])
        #expect(keyless.status == 0)
        #expect(Self.lines(keyless.stdout).dropLast().last == "schema: no entity has a natural key, so the scenario cannot count duplicates; "
            + "name one with --key ENTITY.FIELD, such as --key Author.name (likely keys: Author.name)")
        let run = try await SimulateProcess.run(["run", schema, "--no-timing", "--strategies", "lww"])
        #expect(run.status == 0)
        #expect(Self.cell(run.stdout, row: "lww", column: 1) == "0")
    }
}
