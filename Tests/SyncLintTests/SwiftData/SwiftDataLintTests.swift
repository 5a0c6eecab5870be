import Foundation
import Testing
@testable import SyncLint

/// The SwiftData fixtures: `Broken` has each rule and each kind of
/// declaration the scanner refuses to guess at; `Library` has none.
struct SwiftDataLintTests {
    typealias F = LintFixtures

    @Test func brokenSourcesGiveEachFindingAtItsLine() throws {
        let report = try ModelLint.lint(F.brokenSwiftData)
        let root = F.brokenSwiftData
        #expect(F.triples(report.findings) == [
            "\(root)/Article.swift:8 error unique-constraint",
            "\(root)/Article.swift:9 error required-attribute",
            "\(root)/Article.swift:17 error deny-delete-rule",
            "\(root)/Article.swift:18 error required-relationship",
            "\(root)/Author.swift:8 error missing-inverse",
            "\(root)/Person.swift:7 error unique-constraint",
            "\(root)/Person.swift:12 warning ambiguous-inverse",
            "\(root)/Person.swift:13 warning ambiguous-inverse",
            "\(root)/Person.swift:14 warning not-understood",
            "\(root)/Person.swift:26 warning ambiguous-inverse",
            "\(root)/Person.swift:27 warning ambiguous-inverse",
            // Bookmark is inside the only VersionedSchema, ArchiveSchemaV1
            // (its versionIdentifier is the highest): read, and checked.
            "\(root)/Schemas.swift:8 note schema-version",
            "\(root)/Schemas.swift:9 error required-attribute",
        ])
        #expect(report.exitStatus == 1)
        #expect(report.model.entities.map(\.name) == ["Article", "Author", "Website", "Person", "Review", "Bookmark", "Tag"])
    }

    @Test func attributeUniqueFindingNamesTheAttributeLine() throws {
        let report = try ModelLint.lint(F.brokenSwiftData)
        #expect(report.findings[0].description == "\(F.brokenSwiftData)/Article.swift:8: error: Article.url has @Attribute(.unique); "
            + "NSPersistentCloudKitContainer (which SwiftData syncs with) refuses to load a model with unique constraints "
            + "(the app crashes at launch); keep url as a natural key and dedupe instead [unique-constraint]")
    }

    @Test func messagesSayWhatToChange() throws {
        let messages = try ModelLint.lint(F.brokenSwiftData).findings.map(\.message)
        #expect(messages[1].hasPrefix("Article.title is not optional and has no default value;"))
        #expect(messages[1].hasSuffix("give the declaration a default (`= …`; a value set in init does not count) or make it optional"))
        #expect(messages[2].hasPrefix("Article.author has the .deny delete rule;"))
        #expect(messages[3].hasSuffix("declare it [Tag]? (a non-optional array is required, even with = [])"))
        #expect(messages[4].hasPrefix("Author.homepage has no inverse (Website has no relationship back to Author, so SwiftData has none to infer);"))
        #expect(messages[5].hasPrefix("Person (givenName, familyName) has #Unique;"))
        #expect(messages[6].hasPrefix("Person.mentor points at its own class and names no inverse;"))
        #expect(messages[7] == "Person.reviews names no inverse, and Person has 1 relationship (reviews) to Review while Review has "
            + "2 relationships (reviewer, subject) back; which pairs SwiftData infers is not documented: name the inverse with @Relationship(inverse:)")
        #expect(messages[8] == "Person.rating has @Clamped, which simulate lint does not understand; not checked")
        #expect(messages[11].hasPrefix("linting the @Model classes of ArchiveSchemaV1 (its models list), the highest versionIdentifier (1.0.0)"))
        #expect(messages[12].hasPrefix("Bookmark.link is not optional and has no default value;"))
    }

    /// Comments, strings (interpolated, raw, multi-line) and computed or
    /// transient properties add nothing; the inverse of `Article.tags` is
    /// inferred from `Tag.articles`, that of `Article.author` declared.
    @Test func brokenSourcesReadOnlyRealStoredProperties() throws {
        let model = try ModelLint.read(F.brokenSwiftData)
        let article = try #require(model.entity(named: "Article"))
        #expect(article.attributes.map(\.name) == ["url", "title", "summary", "savedAt", "template", "raw"])
        #expect(article.relationships.map(\.name) == ["author", "tags"])
        #expect(article.relationships.map(\.inverse) == [.declared("articles"), .inferred("articles")])
        #expect(model.entity(named: "Author")?.attributes.map(\.name) == ["name", "biography"])
        #expect(model.entity(named: "Author")?.relationships.map(\.inverse) == [.declared("author"), .missing(reason: "Website has no relationship back to Author, so SwiftData has none to infer")])
        #expect(model.entity(named: "Person")?.uniqueKeys.map(\.fields) == [["givenName", "familyName"]])
    }

    @Test func cleanSourcesExitZero() throws {
        let report = try ModelLint.lint(F.cleanSwiftData)
        #expect(report.findings.isEmpty)
        #expect(report.exitStatus == 0)
        #expect(report.summaryLines[0] == "lint: 0 errors, 0 warnings in 3 entities of Library (SwiftData sources): ready for CloudKit")
        let book = try #require(report.model.entity(named: "Book"))
        #expect(book.attributes.map(\.name) == ["title", "isbn", "format", "pageCount", "addedAt", "ratings", "metadata", "cover"])
        #expect(book.relationships.map(\.inverse) == [.declared("books"), .inferred("books")])
        #expect(report.model.entity(named: "Author")?.relationships.map(\.deleteRule) == [.cascade])
        #expect(report.model.entity(named: "Shelf")?.attributes.map(\.name) == ["label", "position"])
    }

    @Test func oneSwiftFileCanBeLinted() throws {
        let report = try ModelLint.lint(F.brokenSwiftData + "/Tag.swift")
        #expect(report.model.entities.map(\.name) == ["Tag"])
        // Article is not in this file, so [Article]? is an ordinary attribute.
        #expect(report.findings.isEmpty)
    }

    @Test func aFolderWithoutModelsIsNotAModel() throws {
        let folder = try F.folder(["A.swift": "struct A { var x: Int }\n", "Sub/B.swift": "enum B {}\n"])
        #expect(throws: LintInputError(file: folder, "not a model: no @Model class in its 2 .swift files")) {
            try ModelLint.lint(folder)
        }
        let empty = try F.folder(["notes.txt": "nothing"])
        #expect(throws: LintInputError(file: empty, "not a model: no .xcdatamodeld or .xcdatamodel folder was given, and the folder holds no .swift files outside its tests")) {
            try ModelLint.lint(empty)
        }
    }

    @Test func unterminatedStringIsAnInputErrorWithItsLine() throws {
        let folder = try F.folder(["M.swift": "import SwiftData\n@Model final class M {\n    var a: String = \"open\n}\n"])
        #expect(throws: LintInputError(file: folder + "/M.swift", line: 3, "unterminated string literal; simulate lint cannot read past it")) {
            try ModelLint.lint(folder)
        }
    }

    /// Sources are read in sorted path order, hidden folders skipped.
    @Test func filesAreReadInSortedOrder() throws {
        let model = "import SwiftData\n@Model final class NAME { var x: Int = 0 }\n"
        let folder = try F.folder([
            "b/B.swift": model.replacingOccurrences(of: "NAME", with: "B"),
            "A.swift": model.replacingOccurrences(of: "NAME", with: "A"),
            "a/C.swift": model.replacingOccurrences(of: "NAME", with: "C"),
            ".build/D.swift": model.replacingOccurrences(of: "NAME", with: "D"),
        ])
        #expect(try ModelLint.read(folder).entities.map(\.name) == ["A", "C", "B"])
    }
}
