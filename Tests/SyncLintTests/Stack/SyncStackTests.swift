import Foundation
import SyncSimulation
import Testing
@testable import SyncLint

/// Which stack syncs the app (issue 43), with the `path:line` it rests
/// on: the `stack:` line, `LintReport.stack` and `ModelLint.stack(of:)`.
struct SyncStackTests {
    typealias F = LintFixtures

    static func only(_ path: String) throws -> LintReport {
        let reports = try ModelLint.lintAll(path)
        try #require(reports.count == 1)
        return reports[0]
    }

    /// The case: a SwiftData store kept local with
    /// `cloudKitDatabase: .none`, and the app's own CKSyncEngine, created
    /// on line 13 (line 4's comment and line 8's configuration are not
    /// the creation).
    @Test func anEngineBesideALocalStoreIsCKSyncEngine() throws {
        let folder = F.path("Projects/EngineBesideLocalStore")
        let report = try Self.only(folder)
        #expect(!report.model.cloudKit.isSynced)
        #expect(report.stack.preset == .cksyncengine)
        #expect(report.stack.evidence == "\(folder)/Notes/NoteSync.swift:13")
        #expect(report.stack.reading == .one)
        #expect(report.summaryLines[2] == "stack: cksyncengine: the app creates a CKSyncEngine (\(folder)/Notes/NoteSync.swift:13)")
        #expect(try ModelLint.stack(of: folder) == report.stack)
    }

    /// An app that creates an NSPersistentCloudKitContainer: its creation,
    /// not the property's declaration above it.
    @Test func anAppCreatingTheContainerIsNSPCKC() throws {
        let model = try String(contentsOfFile: RealModelConstructTests.contents("LocalOnly"), encoding: .utf8)
        let folder = try F.folder([
            "App/Model.xcdatamodeld/Model.xcdatamodel/contents": model,
            "App/Persistence.swift": "import CoreData\n\nstruct Persistence {\n    let container: NSPersistentCloudKitContainer\n"
                + "    init() { container = NSPersistentCloudKitContainer(name: \"Model\") }\n}\n",
        ])
        let stack = try Self.only(folder).stack
        #expect(stack.preset == .nspckc)
        #expect(stack.evidence == "\(folder)/App/Persistence.swift:5")
        #expect(stack.found.map(\.what) == ["the app creates an NSPersistentCloudKitContainer"])
    }

    @Test func sqliteDatasSyncEngineIsSQLiteData() throws {
        let folder = F.path("Projects/SQLiteDataBesideSwiftData")
        let stack = try Self.only(folder).stack
        #expect(stack.preset == .sqlitedata)
        #expect(stack.evidence == "\(folder)/Reminders/Schema.swift:15")
    }

    /// The container for the Core Data model and an engine for the rest:
    /// several, each named with its evidence, and no one preset.
    @Test func theContainerAndAnEngineAreSeveral() throws {
        let folder = F.path("Projects/ContainerAndEngine")
        let report = try Self.only(folder)
        #expect(report.stack.reading == .several)
        #expect(report.stack.preset == nil)
        #expect(report.stack.evidence == nil)
        #expect(report.stack.found.map(\.preset) == [.nspckc, .cksyncengine])
        #expect(report.stack.found.map(\.evidence) == ["\(folder)/Recipes/Persistence.swift:8", "\(folder)/Recipes/ShoppingListSync.swift:5"])
        #expect(report.summaryLines[2] == "stack: several: nspckc (the app creates an NSPersistentCloudKitContainer, \(folder)/Recipes/Persistence.swift:8)"
            + " and cksyncengine (the app creates a CKSyncEngine, \(folder)/Recipes/ShoppingListSync.swift:5)")
    }

    /// A Core Data model marked Used with CloudKit, read alone, is the
    /// container's (the mark is its setting); unmarked, lint cannot tell.
    @Test func aBareCoreDataModelIsReadFromItsMark() throws {
        let marked = try ModelLint.lint(F.brokenCoreData).stack
        #expect(marked.preset == .nspckc)
        #expect(marked.evidence == F.brokenCoreDataContents + ":2")
        let unmarked = try ModelLint.lint(F.path("CoreData/LocalOnly.xcdatamodeld")).stack
        #expect(unmarked.reading == .unknown)
        #expect(unmarked.preset == nil)
    }

    /// A bare SwiftData folder (no container code) is unknown; the same
    /// model with a ModelContainer in the code is the container's.
    @Test func aSwiftDataFolderNeedsItsContainer() throws {
        let model = "import SwiftData\n@Model final class Item {\n    var name: String = \"\"\n    init() {}\n}\n"
        #expect(try Self.only(try F.folder(["Item.swift": model])).stack.reading == .unknown)
        let app = try F.folder(["Item.swift": model, "App.swift": "import SwiftData\nlet container = try! ModelContainer(for: Item.self)\n"])
        let stack = try Self.only(app).stack
        #expect(stack.preset == .nspckc)
        #expect(stack.evidence == "\(app)/App.swift:2")
    }

    /// The container the app ships is the evidence, not one a preview or
    /// an intent builds in a file sorted before it (met in
    /// Dimillian/IceCubesApp, muhiro12/Incomes, muhiro12/Cookle).
    @Test func theAppsOwnContainerIsTheEvidence() throws {
        let model = "import SwiftData\n@Model final class Item {\n    var name: String = \"\"\n    init() {}\n}\n"
        let preview = "import SwiftUI\nimport SwiftData\n#Preview {\n    ItemView().modelContainer(for: Item.self, inMemory: true)\n}\n"
        let intent = "import SwiftData\nstruct ShowItem {\n    func perform() throws { _ = try ModelContainer(for: Item.self) }\n}\n"
        let app = "import SwiftUI\nimport SwiftData\n@main\nstruct ItemsApp: App {\n    var body: some Scene {\n"
            + "        WindowGroup { ItemView() }.modelContainer(for: Item.self)\n    }\n}\n"
        let folder = try F.folder(["Item.swift": model, "A/ItemView.swift": preview, "B/ShowItem.swift": intent, "ItemsApp.swift": app])
        #expect(try Self.only(folder).stack.evidence == "\(folder)/ItemsApp.swift:6")
        let withoutMain = try F.folder(["Item.swift": model, "A/ItemView.swift": preview, "B/ShowItem.swift": intent])
        #expect(try Self.only(withoutMain).stack.evidence == "\(withoutMain)/B/ShowItem.swift:3")
    }

    /// What only looks like a stack: a SQLiteData delegate naming
    /// `CKSyncEngine.Event`, an app's own `SyncEngine` class, a
    /// `MockSyncEngine(`, an engine created in a comment or in the tests.
    @Test func lookalikesAreNoStack() throws {
        let model = "import SwiftData\n@Model final class Item {\n    var name: String = \"\"\n    init() {}\n}\n"
        let folder = try F.folder([
            "App/Item.swift": model,
            "App/Store.swift": "import SwiftData\nlet local = ModelConfiguration(cloudKitDatabase: .none)\n",
            "App/Delegate.swift": "import SQLiteData\nimport CloudKit\nfunc changed(_ type: CKSyncEngine.Event.AccountChange.ChangeType) {}\n"
                + "// let engine = CKSyncEngine(configuration)\nlet mock = MockSyncEngine()\n",
            "App/Own.swift": "final class SyncEngine { init(for name: String) {} }\nlet own = SyncEngine(for: \"x\")\n",
            "AppTests/EngineTests.swift": "import CloudKit\nlet engine = CKSyncEngine(configuration)\n",
        ])
        let stack = try Self.only(folder).stack
        #expect(stack.found.isEmpty)
        #expect(stack.reading == .none)
        #expect(stack.reason.hasPrefix("the sources set cloudKitDatabase: .none"))
    }

    /// An app whose project names no entitlements syncs through nothing;
    /// what the code would sync through is still listed.
    @Test func entitlementsWithoutCloudKitMeanNone() throws {
        let report = try Self.only(ProjectFixtures.noEntitlements)
        #expect(report.stack.reading == .none)
        #expect(report.stack.preset == nil)
        #expect(report.stack.found.map(\.preset) == [.nspckc])
        #expect(report.stack.summary.hasPrefix("none: the project names no entitlements ("))
        #expect(report.stack.summary.hasSuffix("/Trips/TripsApp.swift:10)"))
    }

    /// Each preset a stack can be is one of SyncSim's.
    @Test func presetsAreSyncSimsPresets() {
        #expect(SyncStack.Preset.allCases.allSatisfy { PresetCatalog.allNames.contains($0.rawValue) })
    }

    /// The JSON: `preset` and `evidence` for one stack; null with
    /// `found` naming each for several.
    @Test func theJSONNamesThePresetOrEachFound() throws {
        func stack(_ path: String) throws -> [String: Any] {
            let document = try LintOutputTests.object(LintResult(reports: try ModelLint.lintAll(path)).json())
            let model = try #require((document["models"] as? [[String: Any]])?.first)
            return try #require(model["stack"] as? [String: Any])
        }
        let one = try stack(F.path("Projects/EngineBesideLocalStore"))
        #expect(one["preset"] as? String == "cksyncengine")
        #expect(one["evidence"] as? String == F.path("Projects/EngineBesideLocalStore") + "/Notes/NoteSync.swift:13")
        #expect(one["reading"] as? String == "one")
        let several = try stack(F.path("Projects/ContainerAndEngine"))
        #expect(several["preset"] is NSNull)
        #expect(several["evidence"] is NSNull)
        #expect(several["reading"] as? String == "several")
        #expect((several["found"] as? [[String: Any]])?.compactMap { $0["preset"] as? String } == ["nspckc", "cksyncengine"])
    }
}
