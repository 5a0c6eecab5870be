import Foundation
import Testing
@testable import SyncLint

/// Which `ModelConfiguration` decides whether a class syncs (issue 43): an
/// in-memory one never does, a `.none` one never outweighs one that may use
/// CloudKit for the same classes, and the reason names the configuration
/// that decided, with its file and line.
struct SwiftDataConfigurationTests {
    typealias F = LintFixtures

    static let trip = """
        import SwiftData
        @Model final class Trip {
            @Attribute(.unique) var name: String = ""
            init() {}
        }
        """

    static func only(_ folder: String) throws -> LintReport {
        let reports = try ModelLint.lintAll(folder)
        try #require(reports.count == 1)
        return reports[0]
    }

    static func errors(_ report: LintReport) -> [String] {
        report.findings.filter { $0.severity == .error }.map { "\($0.location.file):\($0.location.line) \($0.rule.rawValue)" }
    }

    // MARK: In memory

    /// The test helper, in a folder lint reads (it ships in the app
    /// target): an in-memory store with `.none` for the app's classes,
    /// beside the app's store whose sync is a switch.
    @Test func anInMemoryHelperDoesNotTurnOffTheAppsSwitchedStore() throws {
        let folder = try F.folder([
            "Trips/Trip.swift": Self.trip,
            "Trips/App.swift": """
                import SwiftData
                func makeContainer(syncEnabled: Bool) throws -> ModelContainer {
                    let configuration = ModelConfiguration(schema: Schema([Trip.self]), cloudKitDatabase: syncEnabled ? .automatic : .none)
                    return try ModelContainer(for: Trip.self, configurations: configuration)
                }
                """,
            "Trips/Support/TestHelpers.swift": """
                import SwiftData
                // Shared by the unit tests and the previews; it ships in the app target.
                func makeTestContainer() throws -> ModelContainer {
                    let schema = Schema([Trip.self])
                    let configuration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: true, cloudKitDatabase: .none)
                    return try ModelContainer(for: schema, configurations: [configuration])
                }
                """,
        ])
        let report = try Self.only(folder)
        #expect(report.model.cloudKit == .synced(because: "a ModelConfiguration may name a CloudKit database (\(folder)/Trips/App.swift:3); "
            + "the in-memory configuration at \(folder)/Trips/Support/TestHelpers.swift:5 does not decide"))
        #expect(Self.errors(report) == ["\(folder)/Trips/Trip.swift:3 unique-constraint"])
        #expect(!report.findings.contains { $0.rule == .notSynced })
        #expect(report.exitStatus == 1)
    }

    /// A preview container in memory with `.none`, and an app whose own
    /// container is SwiftData's default (which syncs): the app syncs.
    @Test func anInMemoryPreviewDoesNotTurnOffTheDefaultStore() throws {
        let folder = try F.folder([
            "Trips/Trip.swift": Self.trip,
            "Trips/TripsApp.swift": """
                import SwiftUI
                import SwiftData
                @main struct TripsApp: App {
                    var body: some Scene {
                        WindowGroup { ContentView() }.modelContainer(for: Trip.self)
                    }
                }
                """,
            "Trips/Preview/PreviewContainer.swift": """
                import SwiftData
                @MainActor let previewContainer: ModelContainer = {
                    let configuration = ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .none)
                    return try! ModelContainer(for: Trip.self, configurations: configuration)
                }()
                """,
        ])
        let report = try Self.only(folder)
        #expect(report.model.cloudKit == .synced(because: "SwiftData syncs with CloudKit by default when the app has an iCloud container, "
            + "and no ModelConfiguration sets cloudKitDatabase: .none; "
            + "the in-memory configuration at \(folder)/Trips/Preview/PreviewContainer.swift:3 does not decide"))
        #expect(Self.errors(report) == ["\(folder)/Trips/Trip.swift:3 unique-constraint"])
        #expect(report.exitStatus == 1)
    }

    // MARK: .none against CloudKit

    /// The app's store may sync; a fallback that opens the same classes
    /// with `.none` (after a failed migration, say) does not outweigh it,
    /// and the reason names both.
    @Test func cloudKitOutweighsANoneConfigurationForTheSameClasses() throws {
        let folder = try F.folder([
            "Trips/Trip.swift": Self.trip + "\n",
            "Trips/Store.swift": """
                import SwiftData
                enum Store {
                    static func make(syncEnabled: Bool) throws -> ModelContainer {
                        let schema = Schema([Trip.self])
                        let configuration = ModelConfiguration(schema: schema, cloudKitDatabase: syncEnabled ? .automatic : .none)
                        return try ModelContainer(for: schema, configurations: [configuration])
                    }
                }
                """,
            "Trips/Fallback.swift": """
                import SwiftData
                // Opens the store without sync when the migration fails.
                func makeLocalFallback() throws -> ModelContainer {
                    let schema = Schema([Trip.self])
                    let configuration = ModelConfiguration(schema: schema, cloudKitDatabase: .none)
                    return try ModelContainer(for: schema, configurations: [configuration])
                }
                """,
        ])
        let report = try Self.only(folder)
        #expect(report.model.cloudKit == .synced(because: "a ModelConfiguration may name a CloudKit database (\(folder)/Trips/Store.swift:5); "
            + "it outweighs the cloudKitDatabase: .none at \(folder)/Trips/Fallback.swift:5"))
        #expect(!report.findings.contains { $0.rule == .notSynced })
        #expect(Self.errors(report) == ["\(folder)/Trips/Trip.swift:3 unique-constraint"])
        #expect(report.exitStatus == 1)
    }

    /// Two stores built in one body, each from the schema variable it
    /// names: the `.none` one's class does not sync, the other's does.
    @Test func eachConfigurationHoldsTheSchemaItNames() throws {
        let folder = try F.folder([
            "App/Models.swift": """
                import SwiftData
                @Model final class Trip {
                    @Attribute(.unique) var name: String = ""
                    init() {}
                }
                @Model final class Thumbnail {
                    @Attribute(.unique) var url: String = ""
                    init() {}
                }
                """,
            "App/Store.swift": """
                import SwiftData
                func makeContainers() throws -> (ModelContainer, ModelContainer) {
                    let tripSchema = Schema([Trip.self])
                    let cacheSchema = Schema([Thumbnail.self])
                    let trips = ModelConfiguration(schema: tripSchema, cloudKitDatabase: .automatic)
                    let cache = ModelConfiguration("cache", schema: cacheSchema, cloudKitDatabase: .none)
                    return (try ModelContainer(for: tripSchema, configurations: trips), try ModelContainer(for: cacheSchema, configurations: cache))
                }
                """,
        ])
        let report = try Self.only(folder)
        #expect(F.triples(report.findings) == [
            "\(folder)/App/Models.swift:3 error unique-constraint",
            "\(folder)/App/Models.swift:6 note not-synced",
            "\(folder)/App/Models.swift:7 note unique-constraint",
        ])
        #expect(report.findings[1].message.contains("(\(folder)/App/Store.swift:6)"))
    }

    /// `schema: CacheSchema.schema` names a schema another type declares;
    /// the store that may sync names none the linter can see, so it does
    /// not claim the cache's class.
    @Test func aSchemaDeclaredInAnotherTypeIsFoundByItsName() throws {
        let folder = try F.folder([
            "App/Models.swift": """
                import SwiftData
                @Model final class Trip {
                    @Attribute(.unique) var name: String = ""
                    init() {}
                }
                @Model final class Thumbnail {
                    @Attribute(.unique) var url: String = ""
                    init() {}
                }
                enum CacheSchema {
                    static let schema = Schema([Thumbnail.self])
                }
                """,
            "App/Store.swift": """
                import SwiftData
                let trips = ModelConfiguration(cloudKitDatabase: .automatic)
                let cache = ModelConfiguration("cache", schema: CacheSchema.schema, cloudKitDatabase: .none)
                """,
        ])
        let report = try Self.only(folder)
        #expect(F.triples(report.findings) == [
            "\(folder)/App/Models.swift:3 error unique-constraint",
            "\(folder)/App/Models.swift:6 note not-synced",
            "\(folder)/App/Models.swift:7 note unique-constraint",
        ])
        #expect(report.findings[1].message.contains("(\(folder)/App/Store.swift:3)"))
    }

    /// `Schema(versionedSchema:)` names a version, not a class: the `.none`
    /// store holds the whole schema, and the model does not sync.
    @Test func aStoreOfAVersionedSchemaHoldsEveryClass() throws {
        let folder = try F.folder([
            "App/Models.swift": """
                import SwiftData
                enum AppSchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] { [Item.self] }
                    @Model final class Item {
                        @Attribute(.unique) var name: String = ""
                        init() {}
                    }
                }
                let configuration = ModelConfiguration(schema: Schema(versionedSchema: AppSchemaV1.self), cloudKitDatabase: .none)
                """,
        ])
        let report = try Self.only(folder)
        #expect(report.model.cloudKit == .notSynced(because: "the sources set cloudKitDatabase: .none (\(folder)/App/Models.swift:10)"))
        #expect(report.findings.map(\.severity) == [.note, .note])
        #expect(report.exitStatus == 0)
    }

    /// A cache store's schema lists one class, which relates to another:
    /// the store holds both, so neither syncs.
    @Test func aLocalStoreHoldsTheClassesItsListReaches() throws {
        let folder = try F.folder([
            "App/Models.swift": """
                import SwiftData
                @Model final class Video {
                    var title: String = ""
                    init() {}
                }
                @Model final class CachedPage {
                    var url: String = ""
                    @Relationship(deleteRule: .cascade, inverse: \\CachedImage.page) var images: [CachedImage]? = []
                    init() {}
                }
                @Model final class CachedImage {
                    var data: Data
                    var page: CachedPage?
                    init(data: Data) { self.data = data }
                }
                """,
            "App/Store.swift": """
                import SwiftData
                let main = ModelConfiguration(schema: Schema([Video.self]), cloudKitDatabase: .private("iCloud.example"))
                let cache: ModelContainer = {
                    let schema = Schema([CachedPage.self])
                    let configuration = ModelConfiguration(schema: schema, cloudKitDatabase: .none)
                    return try! ModelContainer(for: schema, configurations: [configuration])
                }()
                """,
        ])
        let report = try Self.only(folder)
        #expect(report.model.entities.filter { !$0.isSynced }.map(\.name) == ["CachedPage", "CachedImage"])
        #expect(F.triples(report.findings) == [
            "\(folder)/App/Models.swift:6 note not-synced",
            "\(folder)/App/Models.swift:11 note not-synced",
            "\(folder)/App/Models.swift:12 note required-attribute",
        ])
        #expect(report.exitStatus == 0)
    }

    /// Every store the sources configure sets `.none`, and one class is in
    /// no list: nothing says it syncs, so the model does not sync and its
    /// constraint is a note (exit 0), not an error.
    @Test func whenEveryStoreSetsNoneAnUnlistedClassDoesNotSync() throws {
        let folder = try F.folder([
            "App/Models.swift": Self.trip + """

                @Model final class Note {
                    var text: String = ""
                    init() {}
                }
                """,
            "App/Store.swift": """
                import SwiftData
                let local = ModelConfiguration(schema: Schema([Note.self]), cloudKitDatabase: .none)
                """,
        ])
        let report = try Self.only(folder)
        #expect(!report.model.cloudKit.isSynced)
        #expect(report.model.cloudKit == .notSynced(because:
            "every ModelConfiguration the sources create sets cloudKitDatabase: .none (\(folder)/App/Store.swift:2)"))
        #expect(Self.errors(report).isEmpty)
        #expect(report.exitStatus == 0)
    }
}
