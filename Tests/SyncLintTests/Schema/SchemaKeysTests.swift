import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing
@testable import SyncLint

/// `--key Entity.field[,field]`: which keys the written schema declares,
/// and each way an argument is refused, naming what is allowed.
struct SchemaKeysTests {
    typealias F = LintFixtures

    /// The error `arguments` give on `path`'s model.
    static func error(_ path: String, _ arguments: [String]) throws -> SchemaKeyError? {
        let model = try ModelLint.read(path)
        do {
            _ = try SchemaKeys(model: model, arguments: arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func badArgumentsAreRefusedNamingWhatIsAllowed() throws {
        let library = F.cleanSwiftData
        let fields = "fields: title, isbn, format, pageCount, addedAt, ratings, metadata, cover"
        let cases: [([String], SchemaKeyError.Code, String)] = [
            (["Book.isbnn"], .unknownField, "--key Book.isbnn: unknown field 'isbnn' of Book; \(fields); did you mean 'isbn'?"),
            (["Bok.isbn"], .unknownEntity, "--key Bok.isbn: unknown entity 'Bok'; entities: Author, Book, Shelf; did you mean 'Book'?"),
            (["Book"], .malformed, "--key Book: expected Entity.field, or Entity.field1,field2 for a compound key; entities: Author, Book, Shelf"),
            ([".isbn"], .malformed, "--key .isbn: expected Entity.field, or Entity.field1,field2 for a compound key; entities: Author, Book, Shelf"),
            (["Book.isbn,"], .malformed, "--key Book.isbn,: an empty field name; \(fields)"),
            (["Book.author"], .unknownField, "--key Book.author: 'author' is a relationship of Book, and a key is made of stored attributes; \(fields)"),
            (["Book.title,title"], .repeatedField, "--key Book.title,title: names 'title' twice; list each field of a compound key once"),
            (["Book.isbn", "Book.title"], .repeatedEntity,
             "--key Book.title: Book has a key already (--key Book.isbn); give one --key per entity, with a compound key's fields after one dot: --key Book.isbn,title"),
        ]
        for (arguments, code, description) in cases {
            let error = try #require(try Self.error(library, arguments), "\(arguments) was accepted")
            #expect(error.code == code, "\(arguments)")
            #expect(error.description == description)
        }
        let notSynced = try #require(try Self.error(F.cleanCoreData, ["ReadingSession.startedAt"]))
        #expect(notSynced.code == .entityNotSynced)
        #expect(notSynced.message == "ReadingSession is in no configuration used with CloudKit, so it does not sync and the schema leaves it out; entities: Author, Book, Shelf")
    }

    /// A compound key (spaces after the comma allowed) replaces the model's
    /// own constraint on that entity, and says so; an entity `--key` does
    /// not name keeps the model's.
    @Test func aKeyReplacesTheModelsConstraintsOnItsEntityOnly() throws {
        let model = try ModelLint.read(F.brokenSwiftData)
        let keys = try SchemaKeys(model: model, arguments: ["Person.familyName, givenName", "Tag.name"])
        let text = ScenarioSchemaWriter.text(for: model, source: "Broken", keys: keys)
        #expect(text.contains("      // the natural key --key names, in place of the model's #Unique on givenName, familyName\n"
            + "      unique: [[\"familyName\", \"givenName\"]],\n"))
        let schema = try ScenarioFile.parse(Data(text.utf8), file: "schema.json5").scenario.schema
        #expect(schema.entities.filter { !$0.uniqueKeys.isEmpty }.map(\.name) == ["Article", "Person", "Tag"])
        #expect(schema.entities.first { $0.name == "Person" }?.uniqueKeys == [[1, 0]])
    }
}
