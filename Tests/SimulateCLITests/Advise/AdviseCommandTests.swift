import Foundation
import SyncReport
import Testing
import TestSupport

/// `simulate advise` as a user runs it: a model folder in, the
/// recommendation first, replayable numbers, and exit status 2 for bad input.
struct AdviseCommandTests {
    /// A contacts app as CloudKit lets it ship: no unique constraint.
    static let contactsSource = """
    import SwiftData

    @Model final class Contact {
        var email: String = ""
        var name: String = ""
        var city: String = ""
    }
    """

    /// A folder holding the contacts model, removed by the caller.
    static func contactsFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("advise-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(contactsSource.utf8).write(to: folder.appendingPathComponent("Contact.swift"))
        return folder
    }

    /// Import only, on CKSyncEngine: the text leads with the
    /// recommendation, the written scenario replays the numbers, and the
    /// JSON entry of `lww` holds what `simulate run` of that file shows.
    @Test func importOnCKSyncEngineIsReplayable() async throws {
        let folder = try Self.contactsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("scenarios").path
        let arguments = ["advise", folder.path, "--key", "Contact.email", "--habits", "import", "--seeds", "1..2", "--presets", "cksyncengine",
                         "--write-scenarios", scenarios, "--quiet"]
        let text = try await SimulateProcess.run(arguments)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Recommendation: For \(folder.lastPathComponent) (SwiftData sources) on 3 devices, ship CKSyncEngine"))
        let file = scenarios + "/advise-import.json5"
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(text.stdout.contains("cksyncengine [fetchBetween] lww"))
        // lww's worst run is one of its duplicates (peak 20 in every run: seed 1).
        #expect(text.stdout.contains("simulate run \(file) --preset cksyncengine --strategies lww --seed 1\n"))

        let json = try await SimulateProcess.run(arguments + ["--format", "json"])
        #expect(json.status == 0)
        let document = try JSONText.parse(json.stdout)
        let entries = try #require(document.member(at: ["options"])?.arrayValue)
        // Every strategy CKSyncEngine runs with its own store, and the extras
        // advise weighs, once per reading of the re-upload order.
        #expect(entries.count == 20)
        let lww = try #require(entries.first { $0.member(at: ["strategy"]) == .string("lww") })
        #expect(lww.member(at: ["duplicatesPeak", "mean"]) == .number("20.000000"))
        #expect(lww.member(at: ["variant"]) == .string("fetchBetween"))

        let replay = try await SimulateProcess.run(["run", file, "--preset", "cksyncengine", "--strategies", "lww", "--seed", "1", "--format", "json",
                                                    "--no-timing"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let run = try JSONText.parse(replay.stdout)
        #expect(run.member(at: ["reports"])?.arrayValue?.first?.member(at: ["results"])?.arrayValue?.first?.member(at: ["duplicates", "peak"]) == .int(20))
    }

    /// A model without a unique constraint and no --key: exit 2, naming the likely keys.
    @Test func withoutAKeyAdviseNamesTheLikelyOnes() async throws {
        let folder = try Self.contactsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await SimulateProcess.run(["advise", folder.path])
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr.contains("no entity of \(folder.lastPathComponent) has a natural key"))
        #expect(output.stderr.contains("such as --key Contact.email (likely keys: Contact.email, Contact.name)"))
    }

    /// A scenario file's schema and `advise` block: the block sets the
    /// workload, the command line wins over it, and `simulate run` ignores it.
    @Test func aScenarioFilesAdviseBlockSetsTheWorkload() async throws {
        let folder = try Self.contactsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tags.json5")
        try Data("""
            {
              name: "tags-seeded",
              replicas: 2,
              schema: { entities: [{ name: "Tag", fields: ["name", "color"], unique: [["name"]] }] },
              advise: { devices: 4, habits: ["seeding"], drop: [0, 0.1], seeds: "1..2", presets: ["cksyncengine"] },
              steps: [],
            }
            """.utf8).write(to: file)
        let json = try await SimulateProcess.run(["advise", file.path, "--format", "json", "--quiet"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try JSONText.parse(json.stdout)
        #expect(document.member(at: ["devices"]) == .int(4))
        #expect(document.member(at: ["model"]) == .string("tags-seeded (scenario file)"))
        #expect(document.member(at: ["keys"]) == .array([.string("Tag.name")]))
        #expect(document.member(at: ["habits"])?.arrayValue?.compactMap { $0.member(at: ["name"]) } == [.string("seeding @ drop 0"), .string("seeding @ drop 0.1")])
        #expect(document.member(at: ["seeds"]) == .array([.int(1), .int(2)]))
        let overridden = try await SimulateProcess.run(["advise", file.path, "--devices", "2", "--drop", "0", "--quiet"])
        #expect(overridden.status == 0, "\(overridden.stderr)")
        #expect(overridden.stdout.hasPrefix("Recommendation: For tags-seeded (scenario file) on 2 devices, "))
        #expect(overridden.stdout.contains("Habit seeding (advise-seeding.json5):"))
        let run = try await SimulateProcess.run(["run", file.path, "--strategies", "lww", "--no-timing"])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test(arguments: [
        ("advise: { devices: \"four\" }", "advise.devices: expected a whole number of devices"),
        ("advise: { habit: [\"seeding\"] }", "advise.habit: unknown key 'habit'"),
        ("advise: { seeds: \"1..\" }", "advise.seeds: expected a range"),
        // A value the block gives is blamed on the block, never on the
        // option the user did not type (issue 41: `--drop 1.5: …`).
        ("advise: { drop: 1.5 }", "bad.json5: advise.drop: expected a probability from 0 up to but not including 1"),
        ("advise: { drop: [0.1, 0.1] }", "bad.json5: advise.drop: names 0.1 twice"),
        ("advise: { offline: \"30x\" }", "bad.json5: advise.offline: expects a duration such as 2s, 30s or 10m, got '30x'"),
        ("advise: { offline: \"10ms\" }", "bad.json5: advise.offline: expected a duration from 100ms"),
        ("advise: { devices: 999 }", "bad.json5: advise.devices: expected a number of devices from 2 to 500"),
        ("advise: { habits: [\"imprt\"] }", "bad.json5: advise.habits: unknown habit 'imprt'"),
        ("advise: { rank: [\"lostWrite\"] }", "bad.json5: advise.rank: unknown harm 'lostWrite'"),
        ("advise: { presets: [\"nspck\"] }", "bad.json5: advise.presets: unknown preset 'nspck'"),
    ])
    func aBadAdviseBlockExitsTwo(_ block: String, _ message: String) async throws {
        let folder = try Self.contactsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.json5")
        try Data("{ name: \"bad\", schema: { entities: [{ name: \"Tag\", fields: [\"name\"], unique: [[\"name\"]] }] }, \(block), steps: [] }".utf8)
            .write(to: file)
        let output = try await SimulateProcess.run(["advise", file.path, "--quiet"])
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(!output.stderr.contains("--"), "blames an option not given: \(output.stderr)")
    }

    /// A scenario file advise cannot use exits 2 with the reason, read once:
    /// a missing file, a mistake in its scenario, no schema, and `--key`
    /// (a file's keys are its schema's `unique` lists).
    @Test func aScenarioFileAdviseCannotUseExitsTwo() async throws {
        let folder = try Self.contactsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = "schema: { entities: [{ name: \"Tag\", fields: [\"name\"], unique: [[\"name\"]] }] }"
        let cases: [(text: String?, arguments: [String], message: String)] = [
            (nil, [], "advise: \(folder.path)/case-0.json5: no such file\n"),
            ("{ name: \"x\", \(schema), replicas: 0, steps: [] }", [], "advise: \(folder.path)/case-1.json5: replicas: "),
            ("{ name: \"x\", steps: [] }", [], "advise: \(folder.path)/case-2.json5 has no schema; "),
            ("{ name: \"x\", \(schema), steps: [] }", ["--key", "Tag.name"], "advise: --key names a model's natural keys; "),
        ]
        for (index, entry) in cases.enumerated() {
            let file = folder.appendingPathComponent("case-\(index).json5")
            if let text = entry.text { try Data(text.utf8).write(to: file) }
            let output = try await SimulateProcess.run(["advise", file.path, "--quiet"] + entry.arguments)
            #expect(output.status == 2, "case \(index)")
            #expect(output.stderr.hasPrefix("simulate: " + entry.message), "case \(index): \(output.stderr)")
        }
    }

    /// The constructs of a real SwiftData + CloudKit app (appdecentral/incites,
    /// reproduced in the SeededFolder fixture): a versioned schema behind
    /// typealiases, a seeded folder keyed by the string behind a computed
    /// enum. Without a key advise names the `id`s; with one it runs, and the
    /// seeded folder is duplicated wherever record names are random.
    @Test func aVersionedSwiftDataModelOfARealApp() async throws {
        let fixture = PackageRoot.url.appendingPathComponent("Tests/SyncLintTests/Fixtures/SwiftData/SeededFolder").path
        let missing = try await SimulateProcess.run(["advise", fixture, "--quiet"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("such as --key Folder.id (likely keys: Folder.id, Card.id)"), "\(missing.stderr)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("advise-seeded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await SimulateProcess.run(["advise", fixture, "--key", "Folder.kindString", "--habits", "seeding", "--seeds", "1..3",
                                                    "--presets", "nspckc,cksyncengine", "--format", "json", "--write-scenarios", folder.path, "--quiet"])
        #expect(output.status == 0, "\(output.stderr)")
        let scenario = try String(contentsOf: folder.appendingPathComponent("advise-seeding.json5"), encoding: .utf8)
        // The computed `kind` is not stored, so it is no field; the relationship is the schema's.
        #expect(scenario.contains("fields: [\"id\", \"uniqueId\", \"kindString\", \"label\"]"), "\(scenario)")
        let document = try JSONText.parse(output.stdout)
        let entries = try #require(document.member(at: ["options"])?.arrayValue)
        let lww = try #require(entries.first { $0.member(at: ["preset"]) == .string("nspckc") && $0.member(at: ["strategy"]) == .string("lww") })
        // Three devices seed the same 10 folders: 20 duplicates on every device.
        #expect(lww.member(at: ["duplicatesPeak", "mean"]) == .number("20.000000"))
        let keyid = try #require(entries.first { $0.member(at: ["strategy"]) == .string("keyid") })
        #expect(keyid.member(at: ["duplicatesPeak", "worst"]) == .number("0.000000"))
    }

    /// A Core Data model with a unique constraint: lint's verdict rules
    /// NSPersistentCloudKitContainer out, with the rule's source; naming it
    /// in --presets weighs it as if the constraint were removed.
    @Test func aUniqueConstraintRulesOutTheContainer() async throws {
        let tags = PackageRoot.url.appendingPathComponent("Examples/Apps/Tags/Tags.xcdatamodeld").path
        let base = ["advise", tags, "--habits", "seeding", "--seeds", "1..2", "--format", "json", "--quiet"]
        let ruledOut = try JSONText.parse(try await SimulateProcess.run(base).stdout)
        let presets = Set(ruledOut.member(at: ["options"])?.arrayValue?.compactMap { $0.member(at: ["preset"]) } ?? [])
        #expect(presets == [.string("cksyncengine"), .string("sqlitedata"), .string("ownserver")])
        let note = ruledOut.member(at: ["notes"])?.arrayValue?.first
        #expect(note.map { "\($0)".contains("not run: nspckc, because the model declares unique constraints") } == true, "\(String(describing: note))")
        #expect(note.map { "\($0)".contains("lint rule unique-constraint") } == true)
        let named = try JSONText.parse(try await SimulateProcess.run(base + ["--presets", "nspckc"]).stdout)
        #expect(named.member(at: ["options"])?.arrayValue?.allSatisfy { $0.member(at: ["preset"]) == .string("nspckc") } == true)
        let assumed = named.member(at: ["notes"])?.arrayValue?.first
        #expect(assumed.map { "\($0)".contains("assume they are removed") } == true, "\(String(describing: assumed))")
    }

    /// A model that declared `title` unique in an earlier schema version,
    /// and dropped it for CloudKit: that is the likeliest key.
    @Test func aKeyUniqueInAnEarlierVersionIsNamedFirst() async throws {
        let fixture = PackageRoot.url.appendingPathComponent("Tests/SyncLintTests/Fixtures/SwiftData/VersionedOldUnique").path
        let output = try await SimulateProcess.run(["advise", fixture, "--quiet"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("such as --key Note.title (likely keys: Note.title)"), "\(output.stderr)")
    }

    @Test(arguments: [
        (["--habits", "import,imports"], "unknown habit 'imports'"),
        (["--drop", "1"], "--drop"),
        (["--drop", "0,x"], "--drop expects drop probabilities"),
        (["--drop", "0,,0.1"], "--drop expects drop probabilities from 0 up to 1, comma-separated, such as 0,0.1; got '0,,0.1'"),
        (["--drop", "0.1, 0.10"], "--drop names 0.10 twice; give each rate once"),
        (["--offline", "soon"], "--offline expects a duration"),
        (["--presets", "icloud"], "unknown preset 'icloud'"),
        (["--rank", "lostWrites,lostWrites"], "lostWrites"),
        (["--key", "Contact.phone"], "unknown field 'phone'"),
    ])
    func badInputExitsTwo(_ extra: [String], _ message: String) async throws {
        let folder = try Self.contactsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["advise", folder.path, "--seeds", "1", "--quiet"] + extra
        if !extra.contains("--key") { arguments += ["--key", "Contact.email"] }
        let output = try await SimulateProcess.run(arguments)
        #expect(output.status == 2, "\(extra): \(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stdout == "")
    }
}

private extension JSONValue {
    /// The value at `path`, a key per level; nil when a key is missing.
    func member(at path: [String]) -> JSONValue? {
        guard let key = path.first else { return self }
        guard case .object(let members) = self, let child = members.first(where: { $0.key == key }) else { return nil }
        return child.value.member(at: Array(path.dropFirst()))
    }

    /// The items of an array, nil for any other value.
    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
