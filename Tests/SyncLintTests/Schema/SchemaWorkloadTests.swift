import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing
@testable import SyncLint

/// The scenario `--write-schema` writes runs a workload on the keyed
/// entities, and its figures are the ones derived by hand (SchemaWorkload).
struct SchemaWorkloadTests {
    typealias F = LintFixtures
    /// K: the records each device imports per keyed entity.
    static let k = SchemaWorkload.recordsPerEntity

    /// A model with one keyed entity (`Item.code`, the model's own
    /// constraint), two more fields to edit, and an entity without a key.
    static let oneKeyedEntity = """
    @Model final class Item {
        @Attribute(.unique) var code: String = ""
        var title: String = ""
        var note: String?
        var box: Box?
    }
    @Model final class Box {
        var label: String = ""
        @Relationship(inverse: \\Item.box) var items: [Item]?
    }
    """

    /// The written text parsed and run under lww, dedupe and crdt: each
    /// result by strategy, and the outcome of every expectation the file
    /// holds.
    static func run(_ text: String) throws -> (results: [String: RunResult], outcomes: [ExpectationOutcome]) {
        let document = try ScenarioFile.parse(Data(text.utf8), file: "schema.json5")
        let strategies = ["lww", "dedupe", "crdt"].map { StrategyCatalog.strategy(named: $0)! }
        let results = Comparison.run(scenario: document.scenario, strategies: strategies, seed: document.seed)
        let byName = Dictionary(uniqueKeysWithValues: results.map { ($0.strategy, $0) })
        return (byName, ExpectationOutcome.check(document.expectations, against: results))
    }

    /// By hand: r1 and r2 import the same K records offline at 0 s and sync
    /// at 1 s; r3, offline until 3 s, imports them at 2 s, before its first
    /// sync. `lww` gives every import new random ids and never dedupes, so
    /// each device ends with 3 records of each of the K keys: K·2 = 20
    /// duplicates; the edits at 4 s change records, never their number.
    /// `crdt` derives a record's id from its key: the 3 imports of a key
    /// are one record, never a duplicate. `dedupe`'s pass leaves one record
    /// per key once all have synced. The edits: r1 sets `title` (the first
    /// field outside the key) of records 1 and 2 at 4.2 s, r2 sets `note`
    /// (the last) at 4.5 s; lww keeps r2's later record whole, so r1's two
    /// title edits are lost; crdt merges per field and loses none.
    @Test func oneKeyedEntityLeavesKTimesTwoDuplicatesUnderLwwAndNoneUnderCrdt() throws {
        let model = try F.swiftModel(Self.oneKeyedEntity)
        let text = ScenarioSchemaWriter.text(for: model, source: "Model.swift")
        #expect(text.contains("    { at: \"0s\", on: [\"r1\", \"r2\"], import: { entity: \"Item\", count: 10, values: { code: \"code{n}\" } } },\n"))
        #expect(text.contains("    { at: \"4200ms\", on: \"r1\", update: { entity: \"Item\", key: { code: \"code02\" }, set: { title: \"title edited on r1\" } } },\n"))
        #expect(text.contains("  // Box has no natural key, so the workload leaves it out.\n"))
        let (results, outcomes) = try Self.run(text)
        #expect(results["lww"]?.duplicates.final == Self.k * 2)
        #expect(results["lww"]?.lostWrites.fields == SchemaWorkload.editedRecords)
        #expect(results["crdt"]?.duplicates.peak == 0)
        #expect(results["crdt"]?.lostWrites.total == 0)
        #expect(results["dedupe"]?.duplicates.final == 0)
        #expect(outcomes.count == 5)
        #expect(outcomes.allSatisfy { $0.passed }, "\(outcomes.filter { !$0.passed })")
    }

    /// `--key` gives a Core Data model without constraints its key (a UUID,
    /// written as fixed UUID strings); the figures are the same.
    @Test func aKeyNamedOnTheCommandLineMakesTheSameFigures() throws {
        let model = try ModelLint.read(F.cleanCoreData)
        let keys = try SchemaKeys(model: model, arguments: ["Book.uuid"])
        #expect(keys.advice == nil)
        let text = ScenarioSchemaWriter.text(for: model, source: "Library", keys: keys)
        #expect(text.contains("      // the natural key --key names\n      unique: [[\"uuid\"]],\n"))
        #expect(text.contains("key: { uuid: \"00000000-0000-4000-8000-000000000001\" }"))
        let (results, outcomes) = try Self.run(text)
        #expect(results["lww"]?.duplicates.final == Self.k * 2)
        #expect(results["crdt"]?.duplicates.final == 0)
        #expect(outcomes.allSatisfy { $0.passed }, "\(outcomes.filter { !$0.passed })")
    }

    /// Two keyed entities, one a compound key whose only other field is
    /// the inferred `nickname`: lww's K·2 per entity adds up.
    @Test func everyKeyedEntityAddsItsOwnDuplicates() throws {
        let text = ScenarioSchemaWriter.text(for: try ModelLint.read(F.brokenSwiftData), source: "Broken")
        #expect(text.contains("values: { givenName: \"givenName{n}\", familyName: \"familyName{n}\" }"))
        #expect(text.contains("set: { nickname:"))
        #expect(text.contains("{ strategy: \"lww\", metric: \"duplicates.final\", equals: \(2 * Self.k * 2) },"))
        let (results, outcomes) = try Self.run(text)
        #expect(results["lww"]?.duplicates.final == 2 * Self.k * 2)
        #expect(outcomes.allSatisfy { $0.passed }, "\(outcomes.filter { !$0.passed })")
    }

    /// With no key anywhere, the file still runs (no steps) and says how to
    /// get one; `advice` is the line the command prints.
    @Test func withoutAKeyTheFileSaysSoAndRuns() throws {
        let model = try ModelLint.read(F.cleanCoreData)
        let keys = SchemaKeys(model: model)
        #expect(keys.advice == "schema: no entity has a natural key, so the scenario cannot count duplicates; "
            + "name one with --key ENTITY.FIELD, such as --key Book.uuid (likely keys: Book.uuid, Author.name)")
        let text = ScenarioSchemaWriter.text(for: model, source: "Library", keys: keys)
        #expect(!text.contains("steps:") && !text.contains("expect:"))
        #expect(text.contains("  // No entity has a natural key, so SyncSim cannot tell a duplicate from a new record."))
        let (results, outcomes) = try Self.run(text)
        #expect(results["lww"]?.duplicates.final == 0)
        #expect(outcomes.isEmpty)
        let shelves = try F.swiftModel("@Model final class Shelf { var label: String = \"\" }")
        #expect(SchemaKeys(model: shelves).advice == "schema: no entity has a natural key, so the scenario cannot count duplicates; "
            + "name one with --key ENTITY.FIELD (or ENTITY.FIELD1,FIELD2 for a compound key)")
    }

    @Test func keyValuesTakeTheFormOfTheKeysType() {
        let pattern = { (type: String) in KeyValuePattern.pattern(field: "key", typeName: type, entity: "Page", count: 10) }
        #expect(pattern("String") == "key{n}")
        #expect(pattern("Integer 64") == "{n}")
        #expect(pattern("Int?") == "{n}")
        #expect(pattern("Double") == "{n}")
        #expect(pattern("Foundation.UUID?") == "00000000-0000-4000-8000-0000000000{n}")
        #expect(pattern("URI") == "https://example.com/page/{n}")
        #expect(KeyValuePattern.value(pattern("UUID"), number: 7, count: 10) == "00000000-0000-4000-8000-000000000007")
        #expect(KeyValuePattern.value("item{n}", number: 10, count: 10) == "item10")
        #expect(KeyValuePattern.value("{n}-{n}", number: 3, count: 100) == "003-003")
        #expect(KeyValuePattern.baseType("Optional<Int>") == "Int")
        #expect(KeyValuePattern.baseType("Integer 64") == "Integer 64")
    }

    @Test func memberNamesAreBareOnlyWhenTheyAreIdentifiers() {
        #expect(JSON5Text.key("givenName") == "givenName")
        #expect(JSON5Text.key("_id2") == "_id2")
        #expect(JSON5Text.key("2d") == "\"2d\"")
        #expect(JSON5Text.key("straße") == "\"straße\"")
    }
}
