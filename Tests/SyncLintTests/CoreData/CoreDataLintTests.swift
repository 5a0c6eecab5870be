import Foundation
import Testing
@testable import SyncLint

/// The Core Data fixtures: one violation of each rule in `Broken`, none in
/// `Library`, and the current version chosen from `.xccurrentversion`.
struct CoreDataLintTests {
    typealias F = LintFixtures

    @Test func brokenModelHasOneErrorPerRuleAtItsLine() throws {
        let report = try ModelLint.lint(F.brokenCoreData)
        let file = F.brokenCoreDataContents
        #expect(F.triples(report.findings) == [
            "\(file):5 error required-attribute",
            "\(file):9 error missing-inverse",
            "\(file):11 error unique-constraint",
            "\(file):18 error unsupported-attribute-type",
            "\(file):24 error deny-delete-rule",
            "\(file):28 error required-relationship",
            "\(file):32 error ordered-relationship",
        ])
        #expect(report.exitStatus == 1)
        #expect(report.model.name == "Broken")
        #expect(report.model.kind == .coreData)
    }

    @Test func uniqueConstraintFindingReadsAsDocumented() throws {
        let report = try ModelLint.lint(F.brokenCoreData)
        let unique = try #require(report.findings.first { $0.rule == .uniqueConstraint })
        #expect(unique.description == "\(F.brokenCoreDataContents):11: error: Article.url has a unique constraint; "
            + "NSPersistentCloudKitContainer refuses to load a model with unique constraints (the app crashes at launch); "
            + "keep url as a natural key and dedupe instead [unique-constraint]")
    }

    @Test func everyMessageNamesEntityAndProperty() throws {
        let messages = try ModelLint.lint(F.brokenCoreData).findings.map(\.message)
        #expect(messages.map { String($0.prefix { $0 != " " }) } == [
            "Article.title", "Article.tags", "Article.url", "Attachment.legacyPayload", "Author.articles", "Comment.post", "Post.attachments",
        ])
        #expect(messages[1].contains("has no inverse"))
        #expect(messages[3].contains("has type Undefined"))
        #expect(messages[4].contains("the Deny delete rule"))
        #expect(messages[5].contains("is a required relationship"))
        #expect(messages[6].contains("is ordered"))
    }

    /// The transient, optional `thumbnail` and the defaulted `wordCount`
    /// are fine; only `title` lacks both.
    @Test func optionalOrDefaultedAttributesPass() throws {
        let model = try ModelLint.read(F.brokenCoreData)
        let article = try #require(model.entity(named: "Article"))
        #expect(article.attributes.map(\.name) == ["publishedAt", "title", "url", "wordCount"])
        #expect(article.attributes.map(\.hasDefault) == [false, false, false, true])
        #expect(article.attributes.map(\.isOptional) == [true, false, true, false])
        #expect(model.entity(named: "Attachment")?.attributes.map(\.isTransient) == [false, false, true])
    }

    /// `.xccurrentversion` names `Broken 2`; sorted by name the last version
    /// is `Broken` (a space sorts before a dot), which is clean.
    @Test func currentVersionComesFromXCCurrentVersion() throws {
        #expect(try CoreDataVersions.current(in: F.brokenCoreData) == "Broken 2.xcdatamodel")
        let older = try ModelLint.lint(F.brokenCoreData + "/Broken.xcdatamodel")
        #expect(older.findings.isEmpty)
        #expect(older.exitStatus == 0)
    }

    @Test func withoutXCCurrentVersionTheOnlyVersionIsRead() throws {
        #expect(try CoreDataVersions.current(in: F.cleanCoreData) == "Library.xcdatamodel")
    }

    /// The clean model loads; its local-only entity is noted, not checked
    /// (it would be an error if it synced).
    @Test func cleanModelExitsZero() throws {
        let report = try ModelLint.lint(F.cleanCoreData)
        // ReadingSession is in the Local configuration: its required Date
        // would fail only if it synced.
        #expect(F.triples(report.findings) == ["\(F.cleanCoreData)/Library.xcdatamodel/contents:18 note not-synced",
                                               "\(F.cleanCoreData)/Library.xcdatamodel/contents:19 note required-attribute"])
        #expect(report.exitStatus == 0)
        #expect(report.summaryLines[0] == "lint: 0 errors, 0 warnings, 2 notes in 4 entities (1 not synced) of Library (Core Data model): ready for CloudKit")
    }

    @Test func inversesAreResolvedByName() throws {
        let model = try ModelLint.read(F.cleanCoreData)
        let book = try #require(model.entity(named: "Book"))
        #expect(book.relationships.map(\.inverse) == [.declared("books"), .declared("books")])
        #expect(book.relationships.map(\.isToMany) == [false, true])
        #expect(model.entity(named: "Author")?.relationships.first?.deleteRule == .cascade)
    }

    @Test func inverseNamingAMissingRelationshipIsMissing() throws {
        let contents = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" usedWithCloudKit="YES">
            <entity name="A" syncable="YES">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="gone" inverseEntity="B"/>
            </entity>
            <entity name="B" syncable="YES"/>
        </model>
        """
        let folder = try F.folder(["M.xcdatamodel/contents": contents])
        let findings = try ModelLint.lint(folder + "/M.xcdatamodel").findings
        #expect(F.triples(findings) == ["\(folder)/M.xcdatamodel/contents:4 error missing-inverse"])
        #expect(findings[0].message.hasPrefix("A.b has no inverse (it names the inverse B.gone, which the model does not have);"))
    }

    @Test func unknownElementsAreReportedNotGuessed() throws {
        let contents = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" usedWithCloudKit="YES">
            <entity name="A" syncable="YES">
                <attribute name="x" optional="YES" attributeType="String"/>
                <futureThing name="y"/>
            </entity>
        </model>
        """
        let folder = try F.folder(["M.xcdatamodel/contents": contents])
        let report = try ModelLint.lint(folder + "/M.xcdatamodel")
        #expect(report.findings.map(\.description) == [
            "\(folder)/M.xcdatamodel/contents:5: warning: element <futureThing> is not understood by simulate lint; ignored [not-understood]",
        ])
        #expect(report.exitStatus == 0)
    }

    // MARK: Bad input

    @Test func malformedXMLNamesFileAndLine() {
        #expect(throws: LintInputError(file: F.malformedCoreData + "/contents", line: 6,
                                       "malformed XML: <attribute> (opened on line 5) is closed by </entity>")) {
            try ModelLint.lint(F.malformedCoreData)
        }
    }

    @Test func truncatedXMLIsMalformed() throws {
        let folder = try F.folder(["M.xcdatamodel/contents": "<?xml version=\"1.0\"?>\n<model>\n<entity name=\"A\">\n"])
        let error = try #require(throws: LintInputError.self) { try ModelLint.lint(folder + "/M.xcdatamodel") }
        #expect(error.file == folder + "/M.xcdatamodel/contents")
        #expect(error.line == 3)
        #expect(error.message.hasPrefix("malformed XML"))
    }

    @Test func anotherRootElementIsNotAModel() throws {
        let folder = try F.folder(["M.xcdatamodel/contents": "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"/>\n"])
        #expect(throws: LintInputError(file: folder + "/M.xcdatamodel/contents", line: 2,
                                       "not a Core Data model: the root element is <plist>, expected <model>")) {
            try ModelLint.lint(folder + "/M.xcdatamodel")
        }
    }

    @Test func missingPathAndMissingContentsAreInputErrors() throws {
        #expect(throws: LintInputError(file: "/no/such/Model.xcdatamodeld", "no such file or folder")) {
            try ModelLint.lint("/no/such/Model.xcdatamodeld")
        }
        let folder = try F.folder(["M.xcdatamodel/readme.txt": "no contents here"])
        let error = try #require(throws: LintInputError.self) { try ModelLint.lint(folder + "/M.xcdatamodel") }
        #expect(error.file == folder + "/M.xcdatamodel/contents")
        let empty = try F.folder(["E.xcdatamodeld/notes.txt": ""])
        #expect(throws: LintInputError(file: empty + "/E.xcdatamodeld", "not a model: the .xcdatamodeld folder holds no .xcdatamodel version")) {
            try ModelLint.lint(empty + "/E.xcdatamodeld")
        }
    }

    @Test func currentVersionThatDoesNotExistIsAnInputError() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>M 3.xcdatamodel</string></dict></plist>
        """
        let folder = try F.folder(["M.xcdatamodeld/.xccurrentversion": plist, "M.xcdatamodeld/M.xcdatamodel/contents": "<model/>"])
        #expect(throws: LintInputError(file: folder + "/M.xcdatamodeld/.xccurrentversion",
                                       "names the current version 'M 3.xcdatamodel', which is not in the model; versions: M.xcdatamodel")) {
            try ModelLint.lint(folder + "/M.xcdatamodeld")
        }
    }
}
