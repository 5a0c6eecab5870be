import Foundation
import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing
@testable import SyncLint

/// `--write-schema` output is a scenario SyncSim's own parser accepts, with
/// the model's entities, natural keys and relationship pairs.
struct ScenarioSchemaWriterTests {
    typealias F = LintFixtures

    func parse(_ model: DataModel) throws -> ScenarioDocument {
        let text = ScenarioSchemaWriter.text(for: model, source: "MODEL")
        return try ScenarioFile.parse(Data(text.utf8), file: "schema.json5")
    }

    @Test(arguments: [F.brokenCoreData, F.cleanCoreData, F.brokenSwiftData, F.cleanSwiftData])
    func everyFixtureWritesAScenarioTheParserAccepts(path: String) throws {
        let model = try ModelLint.read(path)
        let document = try parse(model)
        #expect(document.scenario.name == model.name)
        #expect(document.scenario.schema.entities.map(\.name) == model.entities.filter(\.isSynced).map(\.name))
    }

    /// Each one-to-many pair is declared once, on its to-one side, with the
    /// to-many side as its inverse; a relationship without an inverse has
    /// none; stored, non-transient attributes are the fields.
    @Test func brokenCoreDataModelBecomesThisSchema() throws {
        let schema = try parse(try ModelLint.read(F.brokenCoreData)).scenario.schema
        #expect(schema == Schema(entities: [
            EntitySchema(name: "Article", fields: ["publishedAt", "title", "url", "wordCount"], uniqueKeys: [["url"]], relations: [
                .init(name: "author", target: "Author", toMany: false, deleteRule: .nullify, inverse: .init(name: "articles", deleteRule: .deny)),
                .init(name: "tags", target: "Tag", toMany: true, deleteRule: .nullify),
            ]),
            EntitySchema(name: "Attachment", fields: ["data", "legacyPayload"], uniqueKeys: [], relations: [
                .init(name: "post", target: "Post", toMany: false, deleteRule: .nullify, inverse: .init(name: "attachments", deleteRule: .cascade)),
            ]),
            EntitySchema(name: "Author", fields: ["name"], uniqueKeys: []),
            EntitySchema(name: "Comment", fields: ["body"], uniqueKeys: [], relations: [
                .init(name: "post", target: "Post", toMany: false, deleteRule: .nullify, inverse: .init(name: "comments", deleteRule: .cascade)),
            ]),
            EntitySchema(name: "Post", fields: ["title"], uniqueKeys: []),
            EntitySchema(name: "Tag", fields: ["name"], uniqueKeys: []),
        ]))
    }

    @Test func compoundKeysAndUnpairedRelationshipsFromSwiftData() throws {
        let schema = try parse(try ModelLint.read(F.brokenSwiftData)).scenario.schema
        let person = try #require(schema.entities.first { $0.name == "Person" })
        #expect(person.fields == ["givenName", "familyName", "nickname"])
        #expect(person.uniqueKeys == [[0, 1]])
        #expect(person.relations.map(\.name) == ["mentor", "reviews"])
        #expect(person.relations.allSatisfy { $0.inverse == nil })
        let article = try #require(schema.entities.first { $0.name == "Article" })
        #expect(article.relations == [
            .init(name: "author", target: "Author", toMany: false, deleteRule: .deny, inverse: .init(name: "articles", deleteRule: .nullify)),
            .init(name: "tags", target: "Tag", toMany: true, deleteRule: .nullify, inverse: .init(name: "articles", deleteRule: .nullify)),
        ])
    }

    /// Many-to-many and one-to-one pairs go on the alphabetically first
    /// side; an entity with no attribute gets a placeholder field; a
    /// relationship that is its own inverse, or a key on a relationship,
    /// is written without what SyncSim cannot express.
    @Test func pairsWithoutAToOneSideAndEdgeCases() throws {
        let source = """
        @Model final class Zoo { var name: String = ""; var keepers: [Keeper]?; var map: Plan? }
        @Model final class Keeper { var zoos: [Zoo]? }
        @Model final class Plan { var zoo: Zoo? }
        @Model final class Person {
            var name: String = ""
            @Relationship(.unique, inverse: \\Person.spouse) var spouse: Person?
        }
        """
        let model = try F.swiftModel(source)
        let text = ScenarioSchemaWriter.text(for: model, source: "Model.swift")
        #expect(text.contains("      // the model gives Keeper no stored attribute; SyncSim needs one field\n      fields: [\"id\"],"))
        #expect(text.contains("        // zoo: one-to-one in the model; SyncSim's inverse is a to-many view\n"))
        #expect(text.contains("        // spouse: its own inverse in the model; SyncSim cannot name a relation as its own inverse\n"))
        #expect(text.contains("      // @Relationship(.unique) on spouse is not on fields; left out of unique\n"))
        let schema = try ScenarioFile.parse(Data(text.utf8), file: "schema.json5").scenario.schema
        #expect(schema.entities.map(\.name) == ["Zoo", "Keeper", "Plan", "Person"])
        #expect(schema.entities[1].fields == ["id"])
        #expect(schema.entities[0].relations.isEmpty)
        // "Plan.zoo" sorts before "Zoo.map".
        #expect(schema.entities[2].relations == [
            .init(name: "zoo", target: "Zoo", toMany: false, deleteRule: .nullify, inverse: .init(name: "map", deleteRule: .nullify)),
        ])
        #expect(schema.entities[1].relations == [
            .init(name: "zoos", target: "Zoo", toMany: true, deleteRule: .nullify, inverse: .init(name: "keepers", deleteRule: .nullify)),
        ])
        #expect(schema.entities[3].relations == [.init(name: "spouse", target: "Person", toMany: false, deleteRule: .nullify)])
        #expect(schema.entities[3].uniqueKeys.isEmpty)
    }

    @Test func namesAreQuotedForJSON5() {
        #expect(JSON5Text.quoted("a \"b\" \\ c\n\u{1}") == #""a \"b\" \\ c\n\u0001""#)
        #expect(JSON5Text.list(["x", "y"]) == #"["x", "y"]"#)
    }
}
