import Foundation
import Testing
@testable import SyncLint

/// Constructs met in real apps' models (issue 27), each in a fixture
/// written for SyncSim that reproduces it (Fixtures/CoreData/*.xcdatamodeld,
/// Fixtures/SwiftData/*): what lint must read, and what it must say.
struct RealModelConstructTests {
    typealias F = LintFixtures

    static func contents(_ model: String) -> String {
        F.path("CoreData/\(model).xcdatamodeld/\(model).xcdatamodel/contents")
    }

    static func only(_ path: String, options: LintOptions = LintOptions()) throws -> LintReport {
        let reports = try ModelLint.lintAll(path, options: options)
        try #require(reports.count == 1)
        return reports[0]
    }

    // MARK: Core Data

    /// Xcode writes a Date's default as `defaultDateTimeInterval`; a model
    /// whose only required attributes have one loads (and a derived and a
    /// transient attribute are read, not reported).
    @Test func dateDefaultsLintClean() throws {
        let report = try Self.only(F.path("CoreData/DateDefaults.xcdatamodeld"))
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.exitStatus == 0)
        #expect(report.model.entities[0].attributes.map(\.name) == ["createdAt", "dueAt", "text", "wordCount", "draft"])
    }

    /// Inheritance is flattened as Core Data does (a child has its
    /// parent's attributes and relationships), and each rule reports a
    /// property once, where it is declared.
    @Test func inheritanceIsFlattenedAndReportedWhereDeclared() throws {
        let report = try Self.only(F.path("CoreData/Inheritance.xcdatamodeld"))
        let file = Self.contents("Inheritance")
        #expect(F.triples(report.findings) == ["\(file):5 error required-attribute", "\(file):9 error required-attribute"])
        let task = try #require(report.model.entity(named: "Task"))
        #expect(task.attributes.map(\.name) == ["title", "createdAt", "isDone"])
        #expect(task.relationships.map(\.name) == ["folder"])
        #expect(task.attributes.map(\.inheritedFrom) == ["Item", "Item", nil])
    }

    /// A synced entity may not point at one outside its configuration
    /// (Apple's table: "Entities in a configuration must not have
    /// relationships to entities in another configuration"); an entity that
    /// does not sync gets notes saying what would fail if it did.
    @Test func configurationsAreCheckedAsAppleDocuments() throws {
        let report = try Self.only(F.path("CoreData/Configurations.xcdatamodeld"))
        let file = Self.contents("Configurations")
        #expect(F.triples(report.findings) == [
            "\(file):6 error cross-configuration-relationship",
            "\(file):12 note not-synced",
            "\(file):13 note required-attribute",
        ])
        #expect(report.findings[2].message.hasPrefix("would fail to load if synced with CloudKit: Thumbnail.data is not optional"))
        #expect(!report.findings[2].message.contains("crashes"))
        #expect(report.exitStatus == 1)
    }

    /// A model not marked Used with CloudKit: what would fail is said as
    /// notes and the exit status is 0; `--assume-cloudkit` makes it errors.
    @Test func aModelNotMarkedForCloudKitOnlyWouldFail() throws {
        let path = F.path("CoreData/LocalOnly.xcdatamodeld")
        let report = try Self.only(path)
        #expect(report.findings.map(\.severity) == [.note, .note])
        #expect(report.exitStatus == 0)
        #expect(report.text.contains("not synced with CloudKit as written; the notes say what would fail if you turned it on"))
        let assumed = try Self.only(path, options: LintOptions(assumesCloudKit: true))
        #expect(F.triples(assumed.findings) == ["\(Self.contents("LocalOnly")):4 error required-attribute",
                                                 "\(Self.contents("LocalOnly")):6 error unique-constraint"])
        #expect(assumed.exitStatus == 1)
    }

    // MARK: Finding the models of an app

    /// An app's source folder: its model file is not marked for CloudKit,
    /// but the app creates an NSPersistentCloudKitContainer, so it syncs.
    @Test func anAppFolderIsSearchedAndItsContainerDecidesSync() throws {
        let model = try String(contentsOfFile: Self.contents("LocalOnly"), encoding: .utf8)
        let folder = try F.folder([
            "App/Model.xcdatamodeld/Model.xcdatamodel/contents": model,
            "App/Persistence.swift": "import CoreData\n\n// a comment: NSPersistentContainer\nlet container = NSPersistentCloudKitContainer(name: \"Model\")\n",
            ".build/Other.xcdatamodeld/Other.xcdatamodel/contents": model,
        ])
        let reports = try ModelLint.lintAll(folder)
        #expect(reports.map(\.model.name) == ["Model"])
        #expect(reports[0].exitStatus == 1)
        #expect(reports[0].model.cloudKit == .synced(because: "the app creates an NSPersistentCloudKitContainer (\(folder)/App/Persistence.swift:4)"))
        // Without the container the same folder only would fail.
        let quiet = try F.folder(["App/Model.xcdatamodeld/Model.xcdatamodel/contents": model, "App/App.swift": "import SwiftUI\n"])
        #expect(try ModelLint.lintAll(quiet).map(\.exitStatus) == [0])
    }

    /// A folder with a Core Data model and @Model sources lints both.
    @Test func aFolderWithBothKindsLintsEach() throws {
        let model = try String(contentsOfFile: Self.contents("DateDefaults"), encoding: .utf8)
        let folder = try F.folder([
            "Model.xcdatamodeld/Model.xcdatamodel/contents": model,
            "Sources/Item.swift": "import SwiftData\n@Model final class Item {\n    var name = \"\"\n    init() {}\n}\n",
        ])
        let reports = try ModelLint.lintAll(folder)
        #expect(reports.map(\.model.kind) == [.coreData, .swiftData])
        #expect(reports.allSatisfy { $0.findings.isEmpty })
    }

    // MARK: SwiftData

    /// Models inside a VersionedSchema and its extension: the current
    /// version (the migration plan's last) is linted, and only its unique
    /// attribute is reported; the choice is printed.
    @Test func theCurrentVersionOfAVersionedSchemaIsLinted() throws {
        let report = try Self.only(F.path("SwiftData/Versioned"))
        let file = F.path("SwiftData/Versioned") + "/NotesSchema.swift"
        #expect(F.triples(report.findings) == ["\(file):30 note schema-version", "\(file):31 error unique-constraint"])
        #expect(report.findings[0].message.hasPrefix("linting the @Model classes of NotesSchemaV2 (its models list), the last schema of NotesMigrationPlan's migration plan"))
        #expect(report.findings[0].message.contains("the classes nested in NotesSchemaV1 are not checked"))
        #expect(report.exitStatus == 1)
        #expect(report.model.entities.map(\.name) == ["Note"])
        #expect(report.model.entities[0].attributes.map(\.name) == ["title", "createdAt", "pinned"])
    }

    @Test func aUniqueAttributeOnlyInAnOlderVersionLintsClean() throws {
        let report = try Self.only(F.path("SwiftData/VersionedOldUnique"))
        #expect(report.findings.map(\.rule) == [.schemaVersion])
        #expect(report.exitStatus == 0)
        let older = try Self.only(F.path("SwiftData/VersionedOldUnique"), options: LintOptions(schemaVersion: "NotesSchemaV1"))
        #expect(older.findings.map(\.rule) == [.schemaVersion, .uniqueConstraint])
        #expect(older.exitStatus == 1)
    }

    @Test func anUnknownSchemaVersionIsAnInputError() throws {
        #expect(throws: LintInputError(file: F.path("SwiftData/Versioned"),
                                       "--schema-version V9: no such version; the versioned schemas here are NotesSchemaV1, NotesSchemaV2")) {
            try ModelLint.lintAll(F.path("SwiftData/Versioned"), options: LintOptions(schemaVersion: "V9"))
        }
    }

    /// Without a plan, the file-level typealias names the current version;
    /// without either, the highest versionIdentifier.
    @Test(arguments: [("typealias", "the version the app's typealiases name"), ("versionIdentifier", "the highest versionIdentifier (2.0.0)")])
    func theCurrentVersionIsFoundWithoutAPlan(kept: String, how: String) throws {
        var source = try String(contentsOfFile: F.path("SwiftData/Versioned/NotesSchema.swift"), encoding: .utf8)
        source = source.replacingOccurrences(of: "enum NotesMigrationPlan", with: "enum NotesMigrationPlanUnused")
            .replacingOccurrences(of: ": SchemaMigrationPlan", with: "")
        if kept == "versionIdentifier" { source = source.replacingOccurrences(of: "typealias Note = NotesSchemaV2.Note", with: "") }
        let report = try Self.only(try F.folder(["NotesSchema.swift": source]))
        #expect(report.findings.first?.message.hasPrefix("linting the @Model classes of NotesSchemaV2 (its models list), \(how)") == true)
        #expect(report.findings.map(\.rule) == [.schemaVersion, .uniqueConstraint])
    }

    /// `var title = ""`, `var id = UUID()`, `var createdAt = Date.now`:
    /// typed as Swift infers them, with no warning.
    @Test func unannotatedPropertiesAreTypedFromTheirDefaults() throws {
        let report = try Self.only(F.path("SwiftData/Inferred"))
        #expect(report.findings.isEmpty, "\(report.findings)")
        let reminder = try #require(report.model.entity(named: "Reminder"))
        #expect(reminder.attributes.map { "\($0.name): \($0.typeName)" } == [
            "id: UUID", "title: String", "notes: String", "createdAt: Date", "remindAt: Date", "count: Int", "offset: Int",
            "score: Double", "isDone: Bool", "priority: Priority", "tags: [String]",
        ])
        #expect(reminder.attributes.allSatisfy { $0.hasDefault && !$0.isOptional })
        #expect(reminder.relationships.map(\.name) == ["checklist"])
    }

    @Test func aDefaultWhoseTypeIsNotPlainIsStillReported() throws {
        let findings = try F.swiftFindings("@Model final class A {\n    var total = 1 + 2\n    var label = makeLabel()\n    init() {}\n}\n")
        #expect(F.triples(findings) == ["Model.swift:2 warning not-understood", "Model.swift:3 warning not-understood"])
    }

    /// Sources that set `cloudKitDatabase: .none` keep that store off
    /// CloudKit: the unique attribute is a note.
    @Test func swiftDataWithCloudKitOffOnlyWouldFail() throws {
        let report = try Self.only(F.path("SwiftData/LocalOnly"))
        #expect(report.findings.map(\.severity) == [.note])
        #expect(report.exitStatus == 0)
        #expect(report.text.contains("cloudkit: not synced: the sources set cloudKitDatabase: .none"))
    }

    // MARK: Constructs met in the corpus of real apps

    /// Each model in a namespace of its own, a typealias for each, and one
    /// VersionedSchema whose `models` list names the typealiases (as an app
    /// with 33 models does): every class the list names is read.
    @Test func aModelsListResolvesTypealiasesIntoNamespaces() throws {
        let source = """
            import SwiftData
            typealias Item = ItemV1.Item
            typealias Tag = TagV1.Tag
            enum ItemV1 {
                @Model final class Item {
                    var name = ""
                    var tags: [Tag]? = []
                    init() {}
                }
            }
            enum TagV1 {
                @Model final class Tag {
                    var label: String = ""
                    @Relationship(inverse: \\Item.tags) var items: [Item]? = []
                    init() {}
                }
            }
            enum AppSchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self, Tag.self] }
            }
            """
        let report = try Self.only(try F.folder(["Schema.swift": source]))
        #expect(report.model.entities.map(\.name) == ["Item", "Tag"])
        #expect(report.findings.map(\.rule) == [.schemaVersion])
        #expect(report.findings[0].message.hasPrefix("linting the @Model classes of AppSchemaV1 (its models list), the highest versionIdentifier (1.0.0)"))
    }

    /// A cache kept in its own store with `cloudKitDatabase: .none`, beside
    /// a main store that may sync (`enabled ? .private(…) : .none`): the
    /// cache's classes do not sync, the others do.
    @Test func aLocalCacheStoreDoesNotSyncItsClasses() throws {
        let source = """
            import SwiftData
            @Model final class Video {
                var title: String = ""
                init() {}
            }
            @Model final class CachedImage {
                @Attribute(.unique) var url: String
                init(url: String) { self.url = url }
            }
            let main = ModelConfiguration(schema: Schema([Video.self]), cloudKitDatabase: enabled ? .private("iCloud.x") : .none)
            let cache: ModelContainer = {
                let schema = Schema([CachedImage.self])
                let config = ModelConfiguration(schema: schema, cloudKitDatabase: .none)
                return try! ModelContainer(for: schema, configurations: [config])
            }()
            """
        let report = try Self.only(try F.folder(["Store.swift": source]))
        #expect(report.model.cloudKit.isSynced)
        let found: [String] = report.findings.map { "\($0.location.line) \($0.severity.rawValue) \($0.rule.rawValue)" }
        #expect(found == ["6 note not-synced", "7 note required-attribute", "7 note unique-constraint"])
        #expect(report.exitStatus == 0)
    }

    /// An app folder whose entitlements enable no CloudKit: its SwiftData
    /// model does not sync; one that lists CloudKit does.
    @Test func entitlementsDecideWhetherSwiftDataSyncs() throws {
        let model = "import SwiftData\n@Model final class A {\n    @Attribute(.unique) var id: String = \"\"\n    init() {}\n}\n"
        func entitlements(_ services: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>com.apple.developer.icloud-services</key><array>\(services)</array></dict></plist>
            """
        }
        let local = try F.folder(["App/A.swift": model, "App/App.entitlements": entitlements("<string>CloudDocuments</string>")])
        let localReport = try Self.only(local)
        #expect(localReport.exitStatus == 0)
        #expect(localReport.model.cloudKit == .notSynced(because: "no entitlements file here enables CloudKit (\(local)/App/App.entitlements)"))
        let synced = try F.folder(["App/A.swift": model, "App/App.entitlements": entitlements("<string>CloudKit</string>")])
        #expect(try Self.only(synced).exitStatus == 1)
    }

    /// A bare regex literal holding `/*` starts no comment.
    @Test func aRegexLiteralIsNotAComment() throws {
        let tokens = try SwiftLexer.tokens(of: "let s = x.replacing(/\\/*$/, with: \"\")\nlet y = a / b / c\n@Model final class M {}\n")
        #expect(tokens.filter { $0.kind == .string }.count == 2)
        #expect(tokens.contains { $0.isIdentifier("Model") })
        #expect(tokens.filter { $0.isSymbol("/") }.count == 2)
    }
}
