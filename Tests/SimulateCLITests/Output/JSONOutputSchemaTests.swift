import Foundation
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
}
