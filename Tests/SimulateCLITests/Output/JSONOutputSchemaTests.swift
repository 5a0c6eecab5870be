import Foundation
import SyncReport
import Testing
import TestSupport

/// Every command's `--format json` output, as the built binary prints it,
/// validates against docs/report-schema.json (issue 28), and starts with
/// the same envelope: `schemaVersion`, `tool`, `toolVersion`, `command`.
struct JSONOutputSchemaTests {
    static let root = PackageRoot.url

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Every command that prints progress on stderr takes `--quiet`: on a
    /// busy machine a run past 10 s prints a progress line, which is not an
    /// error, and an empty stderr is what these runs assert.
    static let commands: [(command: String, arguments: [String])] = [
        ("run", ["--replicas", "2", "--strategies", "lww,crdt", "--format", "json", "--no-timing", "--quiet"]),
        ("run", ["run", path("Scenarios/offline-field-edits.json5"), "--preset", "nspckc", "--format", "json", "--no-timing", "--quiet"]),
        ("check", ["check", path("Scenarios/clock-skew.json5"), path("Scenarios/stacks/sqlitedata/mergeWithNullableFields.json5"), "--format", "json",
                   "--quiet"]),
        ("sweep", ["sweep", path("Scenarios/import-twice.json5"), "--vary", "network.drop=0,0.1", "--seeds", "1..2", "--strategies", "lww",
                   "--format", "json", "--quiet"]),
        ("race", ["race", "--writers", "1,2", "--trials", "3", "--strategies", "lww", "--format", "json"]),
        ("benchmark", ["benchmark", "--records", "200", "--replicas", "1", "--format", "json"]),
        ("benchmark", ["benchmark", "--scaling", "--keys", "20,40", "--replica-counts", "2,3", "--strategies", "unique:error,crdt", "--format", "json"]),
        ("lint", ["lint", path("Tests/SyncLintTests/Fixtures/SwiftData/Broken"), "--format", "json"]),
        ("explore", ["explore", path("Scenarios/clock-skew.json5"), "--seeds", "1..2", "--format", "json", "--quiet"]),
        ("advise", ["advise", path("Tests/SyncLintTests/Fixtures/SwiftData/Library"), "--key", "Book.isbn", "--habits", "import,offline-edits",
                    "--seeds", "1..2", "--presets", "nspckc,cksyncengine", "--format", "json", "--quiet"]),
    ]

    @Test(arguments: commands.indices)
    func outputValidatesAgainstTheSchema(_ index: Int) async throws {
        let (command, arguments) = Self.commands[index]
        let output = try await SimulateProcess.run(arguments)
        #expect(output.stderr.isEmpty || command == "benchmark", "\(output.stderr)")
        let document = try JSONText.parse(output.stdout)
        let schema = try SchemaWalker.load()
        let problems = schema.problems(document, against: schema.root)
        #expect(problems.isEmpty, "\(command): \(problems.prefix(10).joined(separator: "\n"))")
        guard case .object(let members) = document else {
            Issue.record("not an object")
            return
        }
        #expect(members.prefix(4).map(\.key) == ["schemaVersion", "tool", "toolVersion", "command"])
        #expect(members[3].value == .string(command))
    }

    /// A run with more faults than its log keeps adds `faultCounts`, which
    /// no committed scenario does: its output validates too.
    @Test func aRunWhoseFaultLogWasCappedValidatesAgainstTheSchema() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fault-storm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fault-storm.json5")
        try Data(#"{ name: "fault-storm", replicas: 2, steps: [{ at: "0s", nemesis: { every: "1ms", until: "3s", partition: 1, crash: 1 } }] }"#.utf8)
            .write(to: file)
        let output = try await SimulateProcess.run(["run", file.path, "--strategies", "lww", "--format", "json", "--no-timing"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("\"faultCounts\""))
        let schema = try SchemaWalker.load()
        let problems = schema.problems(try JSONText.parse(output.stdout), against: schema.root)
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    /// `simulate merge --format json` names `merge` in its envelope (it
    /// said `sweep`: issue 41), validates, and gives each point's settings
    /// in their JSON types (they were strings: `"network.drop": "0.1"`).
    @Test func mergeNamesItselfAndKeepsTheValuesTypes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("merge-json-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sweep = ["sweep", Self.path("Scenarios/import-twice.json5"), "--vary", "network.drop=0,0.1", "--vary", "sync.every=50ms",
                     "--seeds", "1", "--strategies", "lww", "--quiet", "--out", folder.path]
        for shard in ["1/2", "2/2"] {
            let part = try await SimulateProcess.run(sweep + ["--shard", shard])
            #expect(part.status == 0, "\(part.stderr)")
        }
        let merged = folder.appendingPathComponent("merged")
        let output = try await SimulateProcess.run(["merge", folder.appendingPathComponent("sweep-part-1-of-2.json").path,
                                                    folder.appendingPathComponent("sweep-part-2-of-2.json").path, "--format", "json", "--out", merged.path])
        #expect(output.status == 0, "\(output.stderr)")
        let document = try JSONText.parse(output.stdout)
        let schema = try SchemaWalker.load()
        let problems = schema.problems(document, against: schema.root)
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
        #expect(Self.member("command", of: document) == .string("merge"))
        let parameters: [JSONValue?] = Self.items(Self.member("parameters", of: document)).map { Self.member("values", of: $0) }
        #expect(parameters == [.array([.int(0), .number("0.1")]), .array([.string("50ms")])])
        let points = Self.items(Self.member("results", of: document)).compactMap { Self.member("point", of: $0) }
        #expect(points.first == .object([.init("network.drop", .int(0)), .init("sync.every", .string("50ms"))]))
        #expect(points.last == .object([.init("network.drop", .number("0.1")), .init("sync.every", .string("50ms"))]))
        // The file is the sweep's, the same bytes however it ran.
        let file = try JSONText.parse(String(decoding: try Data(contentsOf: merged.appendingPathComponent("sweep.json")), as: UTF8.self))
        #expect(Self.member("command", of: file) == .string("sweep"))
    }

    static func member(_ key: String, of value: JSONValue?) -> JSONValue? {
        guard case .object(let members)? = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    static func items(_ value: JSONValue?) -> [JSONValue] {
        guard case .array(let items)? = value else { return [] }
        return items
    }
}
